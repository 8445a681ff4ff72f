import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  block,
  blockReviewer,
  blockScore,
  exam,
  markTask,
  markTaskChange,
  paper,
  scanException,
  scanPage,
  subject,
  user,
} from '../../../db/schema';
import type { Db } from '../../../infra/db';

/** Leaders act on every school of a block, or on the one their assignment names. */
export type LeadSchool = number | null;
const inSchool = (school: LeadSchool): SQL | undefined =>
  school === null ? undefined : eq(markTask.schoolId, school);

export type TaskRow = typeof markTask.$inferSelect;
export type TaskChange = Omit<typeof markTaskChange.$inferInsert, 'id' | 'at'>;

/** What the leaders' screens read and write on mark_task (SQL only; the rules are in the service). */
export function markingLeadRepo(db: Db) {
  return {
    async block(blockId: number) {
      const [row] = await db
        .select({
          id: block.id,
          name: block.name,
          regions: block.regions,
          markCount: block.markCount,
          threshold: block.threshold,
          subjectId: block.subjectId,
          subjectName: subject.name,
          subjectStatus: subject.status,
          examId: subject.examId,
          examName: exam.name,
        })
        .from(block)
        .innerJoin(subject, eq(subject.id, block.subjectId))
        .innerJoin(exam, eq(exam.id, subject.examId))
        .where(and(eq(block.id, blockId), isNull(subject.deletedAt)));
      return row ?? null;
    },

    async subjectOfPaper(paperId: number): Promise<number | null> {
      const [row] = await db.select({ s: paper.subjectId }).from(paper).where(eq(paper.id, paperId));
      return row?.s ?? null;
    },

    async task(taskId: number) {
      const [row] = await db
        .select({ blockId: markTask.blockId, paperId: markTask.paperId, schoolId: markTask.schoolId })
        .from(markTask)
        .where(eq(markTask.id, taskId));
      return row ?? null;
    },

    async subject(subjectId: number) {
      const [row] = await db
        .select({ id: subject.id, examId: subject.examId })
        .from(subject)
        .where(and(eq(subject.id, subjectId), isNull(subject.deletedAt)));
      return row ?? null;
    },

    /** True when the user holds another slot of the task's paper in its block (nobody marks a paper twice). */
    async markedByElsewhere(t: { id: number; blockId: number; paperId: number }, userId: number) {
      const [row] = await db
        .select({ id: markTask.id })
        .from(markTask)
        .where(
          and(
            eq(markTask.blockId, t.blockId),
            eq(markTask.paperId, t.paperId),
            eq(markTask.userId, userId),
            sql`${markTask.id} <> ${t.id}`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The user's leader rows (role 6) on the given blocks: block and the school they lead for. */
    leads: (userId: number, blockIds: number[]) =>
      blockIds.length
        ? db
            .select({ blockId: blockReviewer.blockId, schoolId: blockReviewer.schoolId })
            .from(blockReviewer)
            .where(
              and(
                eq(blockReviewer.userId, userId),
                eq(blockReviewer.role, 6),
                inArray(blockReviewer.blockId, blockIds),
              ),
            )
        : Promise.resolve([]),

    blockIdsOf: async (subjectId: number) =>
      (
        await db
          .select({ id: block.id })
          .from(block)
          .where(eq(block.subjectId, subjectId))
          .orderBy(asc(block.sort), asc(block.id))
      ).map((r) => r.id),

    /** Open problems: no resolution yet; resolved: settled by a leader (the task may be anywhere now). */
    async problems(
      blockId: number,
      school: LeadSchool,
      q: { state: 'open' | 'resolved'; page: number; size: number },
    ) {
      const settled = sql`${markTask.problem}->>'resolution'`;
      const where = and(
        eq(markTask.blockId, blockId),
        inSchool(school),
        isNotNull(markTask.problem),
        q.state === 'open'
          ? sql`${markTask.status} = 'problem' and ${settled} is null`
          : sql`${settled} is not null`,
      );
      const [total] = await db.select({ n: count() }).from(markTask).where(where);
      const items = await db
        .select({
          taskId: markTask.id,
          slot: markTask.slot,
          paperId: markTask.paperId,
          status: markTask.status,
          problem: markTask.problem,
          markerName: user.name,
          exceptionResolved: scanException.resolved,
        })
        .from(markTask)
        .leftJoin(user, sql`${user.id} = (${markTask.problem}->>'by')::int`)
        .leftJoin(scanException, sql`${scanException.id} = (${markTask.problem}->>'exceptionId')::int`)
        .where(where)
        .orderBy(q.state === 'open' ? asc(markTask.id) : desc(sql`${markTask.problem}->>'resolvedAt'`))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      // the where keeps problem rows only: the narrowing says so to the type
      const problems = items.flatMap((x) => (x.problem ? [{ ...x, problem: x.problem }] : []));
      return { total: total?.n ?? 0, items: problems };
    },

    async lockTask(taskId: number): Promise<TaskRow | null> {
      const [row] = await db.select().from(markTask).where(eq(markTask.id, taskId)).for('update');
      return row ?? null;
    },

    async updateTask(taskId: number, set: Partial<typeof markTask.$inferInsert>): Promise<void> {
      await db.update(markTask).set(set).where(eq(markTask.id, taskId));
    },

    async changes(rows: TaskChange[]): Promise<void> {
      if (rows.length) await db.insert(markTaskChange).values(rows);
    },

    /** A marker's leased tasks of a block back to the pool, in one statement. */
    recall: (blockId: number, userId: number, school: LeadSchool) =>
      db
        .update(markTask)
        .set({ status: 'pending', userId: null, leaseToken: null, leaseUntil: null })
        .where(
          and(
            eq(markTask.blockId, blockId),
            eq(markTask.userId, userId),
            eq(markTask.status, 'leased'),
            inSchool(school),
          ),
        )
        .returning({ id: markTask.id, paperId: markTask.paperId }),

    /** Tasks of a block by id, locked (打回 checks they are one marker's submitted marks). */
    lockTasks: (blockId: number, ids: number[]) =>
      db
        .select()
        .from(markTask)
        .where(and(eq(markTask.blockId, blockId), inArray(markTask.id, ids)))
        .orderBy(asc(markTask.id))
        .for('update'),

    /** 打回: the marks are cleared, the task returns to the pool for anyone but its marker. */
    remark: (ids: number[], markerId: number) =>
      db
        .update(markTask)
        .set({
          status: 'pending',
          userId: null,
          leaseToken: null,
          leaseUntil: null,
          score: null,
          questionScores: null,
          pointScores: null,
          marks: [],
          spentMs: null,
          submittedAt: null,
          version: sql`${markTask.version} + 1`,
          skippedBy: sql`case when ${markerId} = any(${markTask.skippedBy}) then ${markTask.skippedBy} else array_append(${markTask.skippedBy}, ${markerId}) end`,
        })
        .where(inArray(markTask.id, ids)),

    /** The decided scores of these papers go: finalize decides again when the new mark arrives. */
    dropScores: (blockId: number, paperIds: number[]) =>
      db
        .delete(blockScore)
        .where(and(eq(blockScore.blockId, blockId), inArray(blockScore.paperId, paperIds)))
        .returning({ paperId: blockScore.paperId, score: blockScore.score, source: blockScore.source }),

    /** The paper's place for a scan exception: its batch and school, and its first live page. */
    async paperForScan(paperId: number) {
      const [p] = await db
        .select({
          id: paper.id,
          subjectId: paper.subjectId,
          schoolId: paper.schoolId,
          batchId: paper.batchId,
          status: paper.status,
          deletedAt: paper.deletedAt,
        })
        .from(paper)
        .where(eq(paper.id, paperId))
        .for('update');
      if (!p) return null;
      const [page] = await db
        .select({ id: scanPage.id })
        .from(scanPage)
        .where(and(eq(scanPage.paperId, paperId), sql`${scanPage.status} <> 'removed'`))
        .orderBy(asc(scanPage.position))
        .limit(1);
      return { ...p, pageId: page?.id ?? null };
    },

    async addException(v: typeof scanException.$inferInsert): Promise<number> {
      const [row] = await db.insert(scanException).values(v).returning({ id: scanException.id });
      return row!.id;
    },

    /** A paper with an open exception is an exception paper (recognition's rule, scan-fix.repo refreshStatus). */
    async markPaperException(paperId: number): Promise<void> {
      await db
        .update(paper)
        .set({ status: 'exception' })
        .where(and(eq(paper.id, paperId), eq(paper.status, 'ok')));
    },
  };
}
export type MarkingLeadRepo = ReturnType<typeof markingLeadRepo>;

/**
 * Called by the scan fixes when exceptions are settled: a problem paper a leader sent to the scanning
 * staff (its exception's detail names the task) returns to the pool once the exception is settled and
 * the paper is still live (a rescan takes the paper out: its task stays a problem of a paper that is gone).
 */
export async function reopenScanProblems(
  db: Db,
  settled: { id: number; detail: Record<string, unknown> }[],
  userId: number,
): Promise<number> {
  const taskIds = settled.flatMap((e) =>
    e.detail.source === 'marking' && typeof e.detail.taskId === 'number' ? [e.detail.taskId] : [],
  );
  if (!taskIds.length) return 0;
  const rows = await db
    .update(markTask)
    .set({ status: 'pending', userId: null, leaseToken: null, leaseUntil: null })
    .where(
      and(
        inArray(markTask.id, taskIds),
        eq(markTask.status, 'problem'),
        sql`${markTask.problem}->>'resolution' = 'scan'`,
        sql`exists (select 1 from ${paper} where ${paper.id} = ${markTask.paperId} and ${paper.deletedAt} is null)`,
      ),
    )
    .returning({ id: markTask.id });
  await markingLeadRepo(db).changes(
    rows.map((r) => ({
      taskId: r.id,
      userId,
      action: 'resolve',
      before: { status: 'problem' },
      after: { status: 'pending', scanFixed: true },
    })),
  );
  return rows.length;
}
