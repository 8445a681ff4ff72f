import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import type { SchoolFilter } from '../scan/scan-access';
import { examinee, question, score, scoreAdjustment, student, user } from '../../db/schema';

/** The reads and writes of 成绩调整 (adjust, adjust/checkdetail). */
export function scoreAdjustRepo(db: Db) {
  return {
    async examinee(examId: number, examineeId: number) {
      const [r] = await db
        .select({ id: examinee.id, schoolId: examinee.schoolId })
        .from(examinee)
        .where(and(eq(examinee.examId, examId), eq(examinee.id, examineeId)));
      return r ?? null;
    },

    async question(subjectId: number, no: string) {
      const [r] = await db
        .select({ no: question.no, kind: question.kind, score: question.score, step: question.step })
        .from(question)
        .where(and(eq(question.subjectId, subjectId), eq(question.no, no)));
      return r ?? null;
    },

    /** The examinee's score row, locked while it is adjusted. */
    async lockScore(subjectId: number, examineeId: number) {
      const [r] = await db
        .select()
        .from(score)
        .where(and(eq(score.subjectId, subjectId), eq(score.examineeId, examineeId)))
        .for('update');
      return r ?? null;
    },

    async insert(v: typeof scoreAdjustment.$inferInsert): Promise<void> {
      await db.insert(scoreAdjustment).values(v);
    },

    async list(subjectId: number, f: SchoolFilter, page: number, size: number) {
      const rows = await db
        .select({
          id: scoreAdjustment.id,
          examineeId: scoreAdjustment.examineeId,
          kaohao: examinee.kaohao,
          name: student.name,
          questionNo: scoreAdjustment.questionNo,
          before: scoreAdjustment.before,
          after: scoreAdjustment.after,
          reason: scoreAdjustment.reason,
          userName: user.name,
          at: scoreAdjustment.at,
          count: sql<number>`count(*) over ()::int`,
        })
        .from(scoreAdjustment)
        .innerJoin(examinee, eq(examinee.id, scoreAdjustment.examineeId))
        .innerJoin(student, eq(student.id, examinee.studentId))
        .innerJoin(user, eq(user.id, scoreAdjustment.userId))
        .where(
          and(
            eq(scoreAdjustment.subjectId, subjectId),
            f === 'all' ? undefined : inArray(examinee.schoolId, [...f, 0]),
          ),
        )
        .orderBy(desc(scoreAdjustment.id))
        .limit(size)
        .offset((page - 1) * size);
      return rows;
    },
  };
}
