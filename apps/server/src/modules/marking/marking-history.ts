import { sql, type SQL } from 'drizzle-orm';
import {
  allows,
  type MarkAnnotation,
  type MarkHistoryItem,
  type MarkModifyResult,
  type Paged,
  FAILURES,
} from '@yj/contracts';
import type { z } from 'zod';
import type { markHistoryQuery, markModify } from '@yj/contracts';
import { fail } from '../../errors';
import { assertAllows } from '../subject/subject-state';
import type { Db } from '../../infra/db';
import { blockRules, finalizer, lockPaperTasks, rowsOf, type Finalizer } from './marking-final';
import type { markingRepo } from './marking.repo';
import { assertMarks, imageUrl, scoresOf } from './marking.service';

export const VERSION_CONFLICT = FAILURES.versionConflict.message;

/** A submitted mark as 回评 lists it (from mark_task or, for the hidden papers of 质检, standard_mark). */
export interface SubmittedMarkRow {
  id: number;
  score: string;
  question_scores: Record<string, number>;
  point_scores: Record<string, number[]> | null;
  marks: MarkAnnotation[];
  submitted_at: Date | string;
  version: number;
}

/** The score and time filters of 回评 and /book/history, on a submitted-mark row. */
export function markFilters(q: { minScore?: number; maxScore?: number; from?: string; to?: string }): SQL[] {
  return [
    ...(q.minScore !== undefined ? [sql`score >= ${q.minScore}`] : []),
    ...(q.maxScore !== undefined ? [sql`score <= ${q.maxScore}`] : []),
    ...(q.from ? [sql`submitted_at >= ${q.from}::timestamptz`] : []),
    ...(q.to ? [sql`submitted_at <= ${q.to}::timestamptz`] : []),
  ];
}

/**
 * A marker's submitted marks matching `where`, as one relation: the hidden papers of 质检 (standard_mark: 标准卷
 * and self re-sends) are listed like any other, so a marker cannot tell them apart by their absence.
 */
export const submittedMarks = (where: SQL) => {
  const cols = sql`id, block_id, score, question_scores, point_scores, marks, submitted_at, version`;
  return sql`(select ${cols} from mark_task where ${where} union all select ${cols} from standard_mark where ${where})`;
};

/** The answer's item of one submitted mark; no student field, as on the marking screen. */
export const markHistoryItem = (r: SubmittedMarkRow, editable: boolean): MarkHistoryItem => ({
  taskId: r.id,
  score: Number(r.score),
  questionScores: r.question_scores,
  pointScores: r.point_scores,
  marks: r.marks,
  submittedAt: new Date(r.submitted_at).toISOString(),
  version: r.version,
  imageUrl: imageUrl(r.id),
  editable,
});

/** 回评 (DESIGN.md §5 History): the marker's own submitted marks of a block, and changing one of them. */
export function markingHistory(d: { db: Db; finalize?: Finalizer; repo: typeof markingRepo }) {
  const { repo } = d;
  const finalize = d.finalize ?? finalizer();
  return {
    async list(
      blockId: number,
      userId: number,
      q: z.infer<typeof markHistoryQuery>,
    ): Promise<Paged<MarkHistoryItem>> {
      const [b] = rowsOf<{ status: number }>(
        await d.db.execute(sql`select s.status from block b join subject s on s.id = b.subject_id
          where b.id = ${blockId}`),
      );
      if (!b) throw fail('blockNotFound');
      const where = sql.join(
        [sql`block_id = ${blockId} and user_id = ${userId} and status = 'submitted'`, ...markFilters(q)],
        sql` and `,
      );
      const mine = submittedMarks(where);
      const rows = rowsOf<SubmittedMarkRow & { total: number }>(
        await d.db.execute(sql`select id, score, question_scores, point_scores, marks, submitted_at, version,
          (count(*) over ())::int as total
          from ${mine} h order by submitted_at desc, id desc limit ${q.size} offset ${(q.page - 1) * q.size}`),
      );
      const editable = allows(b.status, 'changeMarks');
      const total = rows[0]?.total ?? (q.page > 1 ? await countAll() : 0);
      async function countAll() {
        const [c] = rowsOf<{ n: number }>(await d.db.execute(sql`select count(*)::int as n from ${mine} h`));
        return c?.n ?? 0;
      }
      return {
        total,
        size: q.size,
        items: rows.map((r) => markHistoryItem(r, editable)),
      };
    },

    /**
     * Changes one of the marker's own submitted marks: the version read must still be current, the change is
     * kept in mark_task_change, and the paper's final score is decided again (it may now need, or no longer
     * need, a third mark or an arbitration).
     */
    async modify(
      taskId: number,
      userId: number,
      input: z.infer<typeof markModify>,
    ): Promise<MarkModifyResult> {
      return d.db.transaction(async (tx) => {
        const first = await repo.task(tx, taskId);
        if (!first) throw fail('taskNotFound');
        await lockPaperTasks(tx, first.block_id, first.paper_id);
        const t = (await repo.task(tx, taskId))!;
        if (t.user_id !== userId || t.status !== 'submitted') throw fail('onlyOwnSubmittedMarks');
        assertAllows((await repo.subjectStatus(tx, t.subject_id)) ?? -1, 'changeMarks');
        if (t.version !== input.version) throw fail('versionConflict');
        const rules = await blockRules(tx, t.block_id);
        if (!rules) throw fail('blockNotFound');
        assertMarks(input.scores, rules);
        const after = { ...scoresOf(input.scores), marks: input.marks };
        const before = {
          score: t.score === null ? null : Number(t.score),
          questionScores: t.question_scores,
          pointScores: t.point_scores,
          marks: t.marks,
          version: t.version,
        };
        await tx.execute(sql`insert into mark_task_change (task_id, user_id, action, before, after)
          values (${taskId}, ${userId}, 'modify', ${JSON.stringify(before)}::jsonb,
            ${JSON.stringify({ ...after, version: t.version + 1 })}::jsonb)`);
        await tx.execute(sql`update mark_task set score = ${after.score},
          question_scores = ${JSON.stringify(after.questionScores)}::jsonb,
          point_scores = ${after.pointScores === null ? null : JSON.stringify(after.pointScores)}::jsonb,
          marks = ${JSON.stringify(after.marks)}::jsonb, version = version + 1
          where id = ${taskId}`);
        await finalize(tx, t.block_id, t.paper_id, rules);
        return { version: t.version + 1, score: after.score };
      });
    },
  };
}
export type MarkingHistory = ReturnType<typeof markingHistory>;
