import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PageQuery } from '@yj/contracts';
import { exam, exportTask, subject, user } from '../../db/schema';
import { rowsOf, type Db } from '../../infra/db';
import type { SchoolFilter } from '../scan/scan-access';
import { inSchools } from '../score/score-reads';

export type ExportTask = typeof exportTask.$inferSelect;
type TaskChange = Partial<Omit<typeof exportTask.$inferInsert, 'id'>>;

/** 下载中心's SQL: the export tasks, their state as a job runs them, and the rows an export is expected to write. */
export function exportRepo(db: Db) {
  return {
    async task(id: number): Promise<ExportTask | undefined> {
      const [t] = await db.select().from(exportTask).where(eq(exportTask.id, id));
      return t;
    },

    async update(id: number, change: TaskChange): Promise<void> {
      await db.update(exportTask).set(change).where(eq(exportTask.id, id));
    },

    /**
     * The user's export of the same kind, exam, subject and schools that is still waiting or being made (its id),
     * read under a lock on the user's asks, held to the end of the transaction: two asks at once see each other.
     */
    async sameInProgress(v: {
      kind: string;
      examId: number;
      subjectId: number | null;
      userId: number;
      schools: number[] | null;
    }): Promise<number | null> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('export_task:' || ${v.userId}::text))`);
      const [r] = rowsOf<{ id: number }>(
        await db.execute(sql`select id from export_task where user_id = ${v.userId} and kind = ${v.kind}
          and exam_id = ${v.examId} and subject_id is not distinct from ${v.subjectId}
          and schools is not distinct from ${v.schools === null ? null : JSON.stringify(v.schools)}::jsonb
          and status in ('pending', 'running') order by id desc limit 1`),
      );
      return r?.id ?? null;
    },

    async insert(values: typeof exportTask.$inferInsert): Promise<number> {
      const [row] = await db.insert(exportTask).values(values).returning({ id: exportTask.id });
      return row!.id;
    },

    /** The examinees of the exam in the schools of `filter`: the rows a totals or questions export writes. */
    async examinees(examId: number, filter: SchoolFilter): Promise<number> {
      const [r] = rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(*)::int as n from examinee e where e.exam_id = ${examId} ${inSchools(sql`e.school_id`, filter)}`),
      );
      return r!.n;
    },

    /** A page of the tasks of `userId` (everyone's when null), newest first, with their total. */
    async page(q: PageQuery, userId: number | null) {
      const mine = userId === null ? undefined : eq(exportTask.userId, userId);
      const [rows, [count]] = await Promise.all([
        db
          .select({ t: exportTask, examName: exam.name, subjectName: subject.name, userName: user.name })
          .from(exportTask)
          .innerJoin(exam, eq(exam.id, exportTask.examId))
          .innerJoin(user, eq(user.id, exportTask.userId))
          .leftJoin(subject, eq(subject.id, exportTask.subjectId))
          .where(mine)
          .orderBy(desc(exportTask.createdAt), desc(exportTask.id))
          .limit(q.size)
          .offset((q.page - 1) * q.size),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(exportTask)
          .where(mine),
      ]);
      return { rows, total: count?.n ?? 0 };
    },

    /** Finished tasks whose files are past their expiry at `now`. */
    due: (now: Date) =>
      db
        .select({ id: exportTask.id, fileKey: exportTask.fileKey })
        .from(exportTask)
        .where(and(eq(exportTask.status, 'done'), lt(exportTask.expiresAt, now))),

    async expire(ids: number[]): Promise<void> {
      await db
        .update(exportTask)
        .set({ status: 'expired', fileKey: null })
        .where(inArray(exportTask.id, ids));
    },

    /** Tasks a stop left pending or running. */
    open: () =>
      db
        .select({ id: exportTask.id })
        .from(exportTask)
        .where(inArray(exportTask.status, ['pending', 'running'])),
  };
}
export type ExportRepo = ReturnType<typeof exportRepo>;
