import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db';
import { absence, examinee, paper, scanFinish, student, subject, user } from '../../../db/schema';
import type { SchoolFilter } from '../scan-access';
import { inSchools } from '../query/scan-query.repo';

const n = (v: unknown): number => Number(v ?? 0);

/** Absence records, 扫描完成 rows and the 实考 / 缺考 / 未扫 accounting they feed. */
export function scanFinishRepo(db: Db) {
  return {
    /**
     * Per subject and school: examinees, 实考 (a live matched paper, no absence), 缺考 (an absence record)
     * and 未扫 (neither). One live paper per examinee and subject (unique index), so the joins never double.
     */
    async accounting(examId: number, subjectIds: number[], f: SchoolFilter) {
      if (!subjectIds.length) return [];
      const rows = await db
        .select({
          subjectId: subject.id,
          schoolId: examinee.schoolId,
          examinees: count(),
          absent: sql<number>`(count(*) filter (where ${absence.examineeId} is not null))::int`,
          present: sql<number>`(count(*) filter (where ${absence.examineeId} is null and ${paper.id} is not null))::int`,
          missing: sql<number>`(count(*) filter (where ${absence.examineeId} is null and ${paper.id} is null))::int`,
        })
        .from(examinee)
        .innerJoin(subject, inArray(subject.id, subjectIds))
        .leftJoin(absence, and(eq(absence.examineeId, examinee.id), eq(absence.subjectId, subject.id)))
        .leftJoin(
          paper,
          and(eq(paper.examineeId, examinee.id), eq(paper.subjectId, subject.id), isNull(paper.deletedAt)),
        )
        .where(and(eq(examinee.examId, examId), inSchools(examinee.schoolId, f)))
        .groupBy(subject.id, examinee.schoolId);
      return rows.map((r) => ({
        subjectId: r.subjectId,
        schoolId: r.schoolId,
        examinees: n(r.examinees),
        present: n(r.present),
        absent: n(r.absent),
        missing: n(r.missing),
      }));
    },

    /** Papers still waiting for recognition, per school. */
    async pending(subjectId: number, f: SchoolFilter) {
      const rows = await db
        .select({ schoolId: paper.schoolId, n: count() })
        .from(paper)
        .where(
          and(
            eq(paper.subjectId, subjectId),
            eq(paper.status, 'pending'),
            isNull(paper.deletedAt),
            inSchools(paper.schoolId, f),
          ),
        )
        .groupBy(paper.schoolId);
      return rows.map((r) => ({ schoolId: r.schoolId, n: n(r.n) }));
    },

    finishes: (subjectIds: number[], f: SchoolFilter) =>
      subjectIds.length
        ? db
            .select({
              subjectId: scanFinish.subjectId,
              schoolId: scanFinish.schoolId,
              finishedAt: scanFinish.finishedAt,
              finishedBy: user.name,
              counts: scanFinish.counts,
            })
            .from(scanFinish)
            .leftJoin(user, eq(user.id, scanFinish.finishedBy))
            .where(and(inArray(scanFinish.subjectId, subjectIds), inSchools(scanFinish.schoolId, f)))
        : Promise.resolve([]),

    /** The 扫描完成 row, locked: a confirmation and an upload of the same school never cross. */
    async lockFinish(subjectId: number, schoolId: number) {
      const [row] = await db
        .select()
        .from(scanFinish)
        .where(and(eq(scanFinish.subjectId, subjectId), eq(scanFinish.schoolId, schoolId)))
        .for('update');
      return row ?? null;
    },

    async insertFinish(v: typeof scanFinish.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(scanFinish)
        .values(v)
        .onConflictDoNothing()
        .returning({ s: scanFinish.subjectId });
      return rows.length > 0;
    },

    async deleteFinish(subjectId: number, schoolId: number): Promise<void> {
      await db
        .delete(scanFinish)
        .where(and(eq(scanFinish.subjectId, subjectId), eq(scanFinish.schoolId, schoolId)));
    },

    /** Examinees of the exam, locked while their absence changes, with their live paper of the subject. */
    async lockExaminees(examId: number, subjectId: number, ids: number[]) {
      if (!ids.length) return [];
      const rows = await db
        .select({
          id: examinee.id,
          schoolId: examinee.schoolId,
          kaohao: examinee.kaohao,
          name: student.name,
        })
        .from(examinee)
        .innerJoin(student, eq(student.id, examinee.studentId))
        .where(and(eq(examinee.examId, examId), inArray(examinee.id, ids)))
        .for('update', { of: examinee });
      const papers = await db
        .select({ id: paper.id, examineeId: paper.examineeId, absentMarked: paper.absentMarked })
        .from(paper)
        .where(and(eq(paper.subjectId, subjectId), inArray(paper.examineeId, ids), isNull(paper.deletedAt)));
      return rows.map((r) => ({ ...r, paper: papers.find((x) => x.examineeId === r.id) ?? null }));
    },

    async absentOf(subjectId: number, ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: absence.examineeId })
        .from(absence)
        .where(and(eq(absence.subjectId, subjectId), inArray(absence.examineeId, ids)));
      return new Set(rows.map((r) => r.id));
    },

    /** Writes absence records; those already there stay as they were (first marker kept). */
    async addAbsence(subjectId: number, ids: number[], markedBy: number): Promise<number> {
      if (!ids.length) return 0;
      const rows = await db
        .insert(absence)
        .values(ids.map((examineeId) => ({ examineeId, subjectId, markedBy })))
        .onConflictDoNothing()
        .returning({ id: absence.examineeId });
      return rows.length;
    },

    async removeAbsence(subjectId: number, ids: number[]): Promise<number> {
      if (!ids.length) return 0;
      const rows = await db
        .delete(absence)
        .where(and(eq(absence.subjectId, subjectId), inArray(absence.examineeId, ids)))
        .returning({ id: absence.examineeId });
      return rows.length;
    },

    async clearAbsentMark(paperIds: number[]): Promise<void> {
      if (paperIds.length)
        await db.update(paper).set({ absentMarked: false }).where(inArray(paper.id, paperIds));
    },
  };
}
export type ScanFinishRepo = ReturnType<typeof scanFinishRepo>;
