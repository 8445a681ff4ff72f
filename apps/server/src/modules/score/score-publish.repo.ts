import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../infra/db';
import { examinee, subject } from '../../db/schema';

const live = isNull(subject.deletedAt);

/** The reads and writes of publishing: the publish time, the 统分 mark, the exam's subjects. */
export function scorePublishRepo(db: Db) {
  return {
    async setPublishAt(subjectId: number, publishAt: Date | null): Promise<void> {
      await db.update(subject).set({ publishAt }).where(eq(subject.id, subjectId));
    },

    async setTongfen(subjectId: number, tongfenAt: Date | null): Promise<void> {
      await db.update(subject).set({ tongfenAt }).where(eq(subject.id, subjectId));
    },

    /** Live subjects with a publish time (armed again, or published when due, on server start). */
    scheduled: () =>
      db
        .select({ id: subject.id, publishAt: subject.publishAt })
        .from(subject)
        .where(and(live, isNotNull(subject.publishAt))),

    /** The exam's live subjects in display order, with what the release screen shows. */
    ofExam: (examId: number) =>
      db
        .select({
          subjectId: subject.id,
          name: subject.name,
          status: subject.status,
          publishAt: subject.publishAt,
          tongfenAt: subject.tongfenAt,
          examId: subject.examId,
        })
        .from(subject)
        .where(and(eq(subject.examId, examId), live))
        .orderBy(asc(subject.sort), asc(subject.id)),

    /** 先阅后扫: some live sheet of the subject carries 打分栏 scores. */
    async xianyue(subjectId: number): Promise<boolean> {
      const r = await db.execute(sql`select exists (select 1 from paper p where p.subject_id = ${subjectId}
        and p.deleted_at is null and p.scores <> '{}'::jsonb) as x`);
      return rowsOf<{ x: boolean }>(r)[0]?.x === true;
    },

    async examineeIds(examId: number): Promise<number[]> {
      const rows = await db.select({ id: examinee.id }).from(examinee).where(eq(examinee.examId, examId));
      return rows.map((r) => r.id);
    },
  };
}
