import { sql, type SQL } from 'drizzle-orm';
import { BlockScoreSource, MarkSlot, type BlockPoints, type ResetCounts } from '@yj/contracts';
import { intArray, rowsOf, textArray, type Db } from '../../../infra/db';

// 重置阅卷, set-based: a block of 20,000 papers is reset in a handful of statements, never a row at a time.
// The seed tasks are the marks reset (submitted) and the open 问题卷; their papers are the affected papers.
// On an affected paper the first and second marks go back to the pool, the third mark and the arbitration
// (given on the discarded marks) are removed, and the block score goes.

/** The seed tasks: every mark of the block, or one marker's (their marks and the problems they flagged). */
function seed(blockId: number, userId: number | null): SQL {
  const mine = userId === null ? sql`true` : sql`t.user_id = ${userId}`;
  const flagged = userId === null ? sql`true` : sql`coalesce(t.user_id, (t.problem->>'by')::int) = ${userId}`;
  return sql`t.block_id = ${blockId} and ((t.status = 'submitted' and ${mine})
    or (t.status = 'problem' and t.problem->>'resolution' is null and ${flagged}))`;
}

/** The ids of the tasks a reset changes on the given papers: back to the pool, and removed. */
interface Planned {
  reset: number[];
  remove: number[];
}

export function markingResetRepo(db: Db) {
  return {
    /**
     * The subject of the block, locked when `lock`: a reset and a state change never cross. Not FOR UPDATE: the
     * score queue's writes check their key on the subject (FOR KEY SHARE) while holding score_stale rows.
     */
    async block(blockId: number, lock = false) {
      const [row] = rowsOf<{
        subject_id: number;
        status: number;
        name: string;
        exam_id: number;
        mark_count: number;
      }>(
        await db.execute(sql`select b.subject_id, s.status, b.name, s.exam_id, b.mark_count from block b
          join subject s on s.id = b.subject_id and s.deleted_at is null
          where b.id = ${blockId}${lock ? sql` for no key update of s` : sql``}`),
      );
      return row ?? null;
    },

    /** The affected papers (each once, in id order). */
    async papers(blockId: number, userId: number | null): Promise<number[]> {
      return rowsOf<{ paper_id: number }>(
        await db.execute(sql`select distinct t.paper_id from mark_task t where ${seed(blockId, userId)}
          order by 1`),
      ).map((r) => r.paper_id);
    },

    /** What a reset of these seeds discards (the preview, and the reset's answer). */
    async counts(blockId: number, userId: number | null): Promise<ResetCounts> {
      const [c] = rowsOf<ResetCounts>(
        await db.execute(sql`with seed as (select t.id, t.paper_id, t.slot, t.status from mark_task t
            where ${seed(blockId, userId)}),
          p as (select distinct paper_id from seed),
          x as (select t.id, t.slot, t.status from mark_task t join p on p.paper_id = t.paper_id
            where t.block_id = ${blockId} and t.slot in (${MarkSlot.third}, ${MarkSlot.arbitration}))
          select
            (select count(*) from (select id from seed where status = 'submitted' and slot <> ${MarkSlot.arbitration}
              union select id from x where status = 'submitted' and slot = ${MarkSlot.third}) m)::int as marks,
            (select count(*) from block_score bs join p on p.paper_id = bs.paper_id
              where bs.block_id = ${blockId} and bs.source <> ${BlockScoreSource.xianyue})::int as scores,
            (select count(*) from x where slot = ${MarkSlot.arbitration})::int as arbitrations,
            (select count(*) from seed where status = 'problem')::int as problems,
            (select count(*) from p)::int as papers,
            (select count(*) from intelligent_blank ib join p on p.paper_id = ib.paper_id
              where ib.block_id = ${blockId} and ib.state = 'applied')::int as blanks`),
      );
      return c!;
    },

    /**
     * Locks every task of the papers in the block in id order (the order of every writer: no deadlock), then
     * names the tasks that go back to the pool (the seeds' first and second marks) and those removed.
     */
    async plan(blockId: number, userId: number | null, papers: number[]): Promise<Planned> {
      const rows = rowsOf<{ id: number; slot: number; seed: boolean }>(
        await db.execute(sql`select t.id, t.slot, (${seed(blockId, userId)}) as seed from mark_task t
          where t.block_id = ${blockId} and t.paper_id = any(${intArray(papers)}) order by t.id for update`),
      );
      const extra = (s: number) => s === MarkSlot.third || s === MarkSlot.arbitration;
      return {
        reset: rows.filter((r) => r.seed && !extra(r.slot)).map((r) => r.id),
        remove: rows.filter((r) => extra(r.slot)).map((r) => r.id),
      };
    },

    /**
     * The change history keeps each discarded mark ('reset', before = the task as it was). A removed task's
     * history (and its reset row) moves to the paper's first-mark task: the row itself cannot stay.
     */
    async keepHistory(plan: Planned, actorId: number): Promise<void> {
      const first = sql`(select f.id from mark_task f where f.block_id = t.block_id and f.paper_id = t.paper_id
        and f.slot = ${MarkSlot.first})`;
      if (plan.remove.length)
        await db.execute(sql`update mark_task_change c set task_id = ${first},
            before = c.before || jsonb_build_object('taskId', t.id, 'slot', t.slot)
          from mark_task t where c.task_id = t.id and t.id = any(${intArray(plan.remove)})`);
      const before = sql`jsonb_build_object('taskId', t.id, 'slot', t.slot, 'status', t.status,
        'userId', t.user_id, 'score', t.score, 'questionScores', t.question_scores, 'pointScores', t.point_scores,
        'marks', t.marks, 'spentMs', t.spent_ms, 'submittedAt', t.submitted_at, 'version', t.version,
        'problem', t.problem)`;
      // two statements, not a per-row `= any()` over both lists (a block of 20,000 papers)
      if (plan.reset.length)
        await db.execute(sql`insert into mark_task_change (task_id, user_id, action, before, after)
          select t.id, ${actorId}, 'reset', ${before}, jsonb_build_object('status', 'pending', 'userId', null,
            'score', null, 'version', t.version + 1)
          from mark_task t where t.id = any(${intArray(plan.reset)}) order by t.id`);
      if (plan.remove.length)
        await db.execute(sql`insert into mark_task_change (task_id, user_id, action, before, after)
          select ${first}, ${actorId}, 'reset', ${before}, '{"removed": true}'::jsonb
          from mark_task t where t.id = any(${intArray(plan.remove)}) order by t.id`);
    },

    /**
     * Double-marking agreement counted on pairs that no longer stand: the pairs recorded on papers whose first
     * or second mark is reset leave mark_pair_stat, and their deviations are voided (kept for the quality
     * report as the record of the discarded marks, out of every figure and of the drift series).
     */
    async dropPairs(blockId: number, plan: Planned): Promise<void> {
      if (!plan.reset.length) return;
      await db.execute(sql`with gone as (
          update mark_deviation d set voided_at = now() where d.block_id = ${blockId} and d.kind = 'pair'
            and d.voided_at is null and d.paper_id in (
            select paper_id from mark_task where id = any(${intArray(plan.reset)}) and status = 'submitted')
          returning d.user_id, d.mark - d.other as diff),
        thr as (select coalesce(threshold, 0) as v from block where id = ${blockId}),
        per as (select user_id, count(*)::int as n, (count(*) filter (where abs(diff) <= (select v from thr)))::int as agree,
            sum(diff) as diff, sum(abs(diff)) as abs from gone group by user_id)
        update mark_pair_stat s set pairs = s.pairs - per.n, agree = s.agree - per.agree,
          diff_sum = s.diff_sum - per.diff, abs_sum = s.abs_sum - per.abs
        from per where s.block_id = ${blockId} and s.user_id = per.user_id`);
    },

    /** The tasks back to the pool, cleared (the quality counters' triggers take the marks off). */
    async apply(plan: Planned): Promise<void> {
      if (plan.reset.length)
        await db.execute(sql`update mark_task set status = 'pending', user_id = null, lease_token = null,
          lease_until = null, score = null, question_scores = null, point_scores = null, marks = '[]'::jsonb,
          spent_ms = null, submitted_at = null, problem = null, version = version + 1
          where id = any(${intArray(plan.reset)})`);
      if (plan.remove.length)
        await db.execute(sql`delete from mark_task where id = any(${intArray(plan.remove)})`);
    },

    /** The block scores of the papers go (strip scores of 先阅后扫 are no marks and stay). */
    async dropScores(blockId: number, papers: number[]) {
      return rowsOf<{ paper_id: number; score: string; source: string }>(
        await db.execute(sql`delete from block_score where block_id = ${blockId} and paper_id = any(${intArray(papers)})
          and source <> ${BlockScoreSource.xianyue} returning paper_id, score, source`),
      );
    },

    /** Papers whose first (and second) marks all stand: only a third mark or arbitration went, decide again. */
    async complete(blockId: number, papers: number[], markCount: number): Promise<number[]> {
      return rowsOf<{ paper_id: number }>(
        await db.execute(sql`select paper_id from mark_task where block_id = ${blockId}
          and paper_id = any(${intArray(papers)}) and slot <= ${markCount} and status = 'submitted'
          group by paper_id having count(*) = ${markCount} order by 1`),
      ).map((r) => r.paper_id);
    },

    /** The subject's blocks with their questions, thresholds and 给分点, in the blocks' order. */
    async subjectBlocks(subjectId: number) {
      return rowsOf<{
        id: number;
        name: string;
        nos: string[];
        threshold: string | null;
        points: BlockPoints[];
      }>(
        await db.execute(sql`select id, name, nos, threshold, points from block where subject_id = ${subjectId}
          order by sort, id`),
      );
    },

    /** The block's questions and the 给分点 that stay with them (重新选题). */
    async setQuestions(blockId: number, nos: string[], points: BlockPoints[]): Promise<void> {
      await db.execute(sql`update block set nos = ${textArray(nos)},
        points = ${JSON.stringify(points)}::jsonb, updated_at = now() where id = ${blockId}`);
    },
  };
}
