import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { StoredKaohaoMoveSchema, type StoredKaohaoMove } from '@yj/contracts';
import { readStored } from '../../db/stored';
import type { Db } from '../../infra/db';
import type { SchoolFilter } from '../scan/scan-access';
import { absence, auditLog, examinee, paper, score, scoreAdjustment, student, user } from '../../db/schema';

/** The audit action of a move; the list of moves is read back from the audit log. */
export const KAOHAO_ACTION = 'score.kaohao';

const readKaohaoMove = (raw: unknown, logId: number): StoredKaohaoMove => {
  const move = readStored(StoredKaohaoMoveSchema, raw, `audit_log ${logId} detail (考号调整)`);
  if (!move) throw new Error(`audit_log ${logId} has no 考号调整 detail`);
  return move;
};

/** The reads and writes of 考号调整 (adjust/kaohao). */
export function scoreKaohaoRepo(db: Db) {
  const who = db
    .select({
      id: examinee.id,
      schoolId: examinee.schoolId,
      kaohao: examinee.kaohao,
      name: student.name,
    })
    .from(examinee)
    .innerJoin(student, eq(student.id, examinee.studentId));
  return {
    /** The examinee of the exam, locked while a sheet moves from or to them. */
    async lockById(examId: number, id: number) {
      const [r] = await who
        .where(and(eq(examinee.examId, examId), eq(examinee.id, id)))
        .for('update', { of: examinee });
      return r ?? null;
    },

    async lockByKaohao(examId: number, kaohao: string) {
      const [r] = await who
        .where(and(eq(examinee.examId, examId), eq(examinee.kaohao, kaohao)))
        .for('update', { of: examinee });
      return r ?? null;
    },

    /** The examinee's live sheet of the subject, locked. */
    async lockSheet(subjectId: number, examineeId: number) {
      const [r] = await db
        .select({ id: paper.id })
        .from(paper)
        .where(and(eq(paper.subjectId, subjectId), eq(paper.examineeId, examineeId), isNull(paper.deletedAt)))
        .for('update');
      return r ?? null;
    },

    /**
     * The sheet goes to `to`: its exam number follows, the target's 缺考 record goes (they sat the exam), and
     * the hand adjustments of the sheet's questions go with its marks. Returns the adjustments moved.
     */
    async move(subjectId: number, paperId: number, from: number, to: { id: number; kaohao: string }) {
      await db.update(paper).set({ examineeId: to.id, kaohao: to.kaohao }).where(eq(paper.id, paperId));
      await db.delete(absence).where(and(eq(absence.subjectId, subjectId), eq(absence.examineeId, to.id)));
      const moved = await db
        .update(scoreAdjustment)
        .set({ examineeId: to.id })
        .where(and(eq(scoreAdjustment.subjectId, subjectId), eq(scoreAdjustment.examineeId, from)))
        .returning({ id: scoreAdjustment.id });
      return moved.length;
    },

    /** The moves of the subject in the user's schools, newest first (few per subject: the exam's audit index). */
    async list(examId: number, subjectId: number, f: SchoolFilter, page: number, size: number) {
      const rows = await db
        .select({
          id: auditLog.id,
          detail: auditLog.detail,
          userName: user.name,
          at: auditLog.at,
          count: sql<number>`count(*) over ()::int`,
        })
        .from(auditLog)
        .leftJoin(user, eq(user.id, auditLog.userId))
        .where(
          and(
            eq(auditLog.examId, examId),
            eq(auditLog.action, KAOHAO_ACTION),
            sql`(${auditLog.detail}->>'subjectId')::int = ${subjectId}`,
            f === 'all' ? undefined : inArray(auditLog.schoolId, [...f, 0]),
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(size)
        .offset((page - 1) * size);
      // the log's detail is free-form: a move's is read by the move's shape
      return rows.map((r) => ({ ...r, detail: readKaohaoMove(r.detail, r.id) }));
    },

    async totals(subjectId: number, ids: number[]) {
      const rows = await db
        .select({ id: score.examineeId, total: score.total })
        .from(score)
        .where(and(eq(score.subjectId, subjectId), inArray(score.examineeId, ids)));
      return new Map(rows.map((r) => [r.id, r.total]));
    },
  };
}
