import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  LEASE_MINUTES,
  MarkSlot,
  type BlockRegion,
  type MarkDeferResult,
  type MarkModifyResult,
  type MarkProblem,
  type ProblemReason,
  type markModify,
  type MarkSubmitInput,
  type MarkTask,
} from '@yj/contracts';
import { fail } from '../../errors';
import { rowsOf, type Db, type Tx } from '../../infra/db';
import { assertAllows } from '../subject/subject-state';
import { assertMarks, imageUrl, scoresOf, TIMED_OUT } from '../marking/marking.service';
import { blockRules } from '../marking/marking-final';
import { VERSION_CONFLICT } from '../marking/marking-history';
import { hiddenDue } from '@yj/quality';
import { assertNotPaused } from '../quality/quality-pause';
import { submitApart } from './apart-mark';
import type { PaperImage } from './trial-mark.service';

// 质检 (DESIGN.md §5): hidden papers mixed into a marker's stream in real marking — a 标准卷 (a paper with a
// leader's reference) one after every n real marks, and the marker's own earlier paper again one after every m
// (self-consistency). The marker cannot tell: the task has the normal shape, an id from the task pool's sequence
// and the normal image address. The mark is kept in standard_mark and never reaches a score.

const RATE_TTL_MS = 30_000;

/** What a claim needs of block_quality: the two rates and whether a flagged marker is paused. */
export interface ClaimSetting {
  standardEvery: number | null;
  selfEvery: number | null;
  pause: boolean;
}
const OFF: ClaimSetting = { standardEvery: null, selfEvery: null, pause: false };

/**
 * The blocks' claim settings, ONE read of block_quality per block at most every 30 s (a claim of a block without
 * 质检 costs no query then); a change made in this process is seen at once (forget).
 */
export function standardRates(db: Db) {
  const cache = new Map<number, { s: ClaimSetting; at: number }>();
  async function setting(blockId: number, conn: Tx | Db = db): Promise<ClaimSetting> {
    const hit = cache.get(blockId);
    if (hit && Date.now() - hit.at < RATE_TTL_MS) return hit.s;
    const [r] = rowsOf<{ standard_every: number | null; self_every: number | null; pause: boolean }>(
      await conn.execute(
        sql`select standard_every, self_every, pause from block_quality where block_id = ${blockId}`,
      ),
    );
    const s = r ? { standardEvery: r.standard_every, selfEvery: r.self_every, pause: r.pause } : OFF;
    if (cache.size >= 10_000) cache.clear();
    cache.set(blockId, { s, at: Date.now() });
    return s;
  }
  return {
    /** `conn`: the caller's transaction — a claim holding its connection must not wait for another */
    setting,
    /** the 标准卷 rate alone */
    of: async (blockId: number, conn: Tx | Db = db) => (await setting(blockId, conn)).standardEvery,
    forget: (blockId: number) => void cache.delete(blockId),
  };
}
export type StandardRates = ReturnType<typeof standardRates>;

/** a re-sent paper is none of the marker's latest few */
const RECENT = 5;

interface HandedOut {
  id: number;
  lease_token: string;
  lease_until: Date | string;
  slot: number;
}

interface Row {
  id: number;
  block_id: number;
  user_id: number;
  status: string;
  lease_token: string | null;
  subject_status: number;
}

export function standardService(d: { db: Db; rates: StandardRates; paperImage: PaperImage }) {
  /** The standard mark, locked, with the subject's state (real marking only); the callers check the holder. */
  async function locked(tx: Tx, id: number): Promise<Row> {
    const [m] = rowsOf<Row>(
      await tx.execute(sql`select m.id, m.block_id, m.user_id, m.status, m.lease_token, s.status as subject_status
        from standard_mark m join block b on b.id = m.block_id join subject s on s.id = b.subject_id
        where m.id = ${id} for update of m`),
    );
    // the answers a stranger gets for a task of the pool
    if (!m) throw fail('阅卷任务不存在');
    assertAllows(m.subject_status, 'mark');
    return m;
  }
  async function held(tx: Tx, id: number, userId: number, token: string): Promise<Row> {
    const m = await locked(tx, id);
    if (m.user_id !== userId || m.lease_token !== token || m.status !== 'leased') throw fail(TIMED_OUT);
    return m;
  }

  return {
    /**
     * The claim's 质检 decision, in its transaction (the marker's reviewer row locked): refused while the marker is
     * flagged on a block that pauses them; else a hidden paper when one is due — a 标准卷 first, else one of the
     * marker's own earlier papers — or null. One cached read of the block's setting; counts only when a rate is set.
     */
    async handOut(tx: Tx, blockId: number, userId: number): Promise<MarkTask | null> {
      const q = await d.rates.setting(blockId, tx);
      if (q.pause) await assertNotPaused(tx, blockId, userId);
      if (!q.standardEvery && !q.selfEvery) return null;
      const [c] = rowsOf<{ done: number; standards: number; selfs: number }>(
        await tx.execute(sql`select (select count(*) from mark_task t where t.block_id = ${blockId}
            and t.user_id = ${userId} and t.status = 'submitted')::int as done,
          count(*) filter (where m.kind = 'standard')::int as standards,
          count(*) filter (where m.kind = 'self')::int as selfs
          from standard_mark m where m.block_id = ${blockId} and m.user_id = ${userId}`),
      );
      const { done = 0, standards = 0, selfs = 0 } = c ?? {};
      let r: HandedOut | undefined;
      if (hiddenDue(done, standards, q.standardEvery))
        [r] = rowsOf<HandedOut>(
          await tx.execute(sql`with pick as (
              select sp.id, sp.paper_id, sp.score from sample_paper sp
              where sp.block_id = ${blockId} and sp.kind = 'standard'
                and not exists (select 1 from standard_mark m where m.sample_paper_id = sp.id and m.user_id = ${userId})
              order by random() limit 1)
            insert into standard_mark (kind, sample_paper_id, paper_id, block_id, user_id, status, lease_token,
              lease_until, ref_score)
            select 'standard', id, paper_id, ${blockId}, ${userId}, 'leased', gen_random_uuid(),
              now() + make_interval(mins => ${LEASE_MINUTES}), score from pick
            returning id, lease_token, lease_until, ${MarkSlot.first}::int as slot`),
        );
      if (!r && hiddenDue(done, selfs, q.selfEvery))
        // not one of the latest few: a paper seen a minute ago would be recognised
        [r] = rowsOf<HandedOut>(
          await tx.execute(sql`with pick as (
              select t.id, t.paper_id, t.score, t.slot from mark_task t
              where t.block_id = ${blockId} and t.user_id = ${userId} and t.status = 'submitted'
                and t.slot <> ${MarkSlot.arbitration}
                and t.id not in (select x.id from mark_task x where x.block_id = ${blockId} and x.user_id = ${userId}
                  and x.status = 'submitted' order by x.submitted_at desc limit ${RECENT})
                and not exists (select 1 from standard_mark m where m.task_id = t.id)
              order by random() limit 1)
            insert into standard_mark (kind, task_id, paper_id, block_id, user_id, status, lease_token, lease_until,
              ref_score)
            select 'self', id, paper_id, ${blockId}, ${userId}, 'leased', gen_random_uuid(),
              now() + make_interval(mins => ${LEASE_MINUTES}), score from pick
            returning id, lease_token, lease_until, (select slot from pick) as slot`),
        );
      if (!r) return null;
      return {
        taskId: r.id,
        leaseToken: r.lease_token,
        leaseUntil: new Date(r.lease_until).toISOString(),
        blockId,
        slot: r.slot,
        imageUrl: imageUrl(r.id),
      };
    },

    /** The submit of a 标准卷: stored apart; a replay counts once. Returns the block for the next claim. */
    async submit(id: number, userId: number, input: MarkSubmitInput) {
      return d.db.transaction(async (tx) =>
        submitApart(tx, 'standard_mark', await locked(tx, id), userId, input),
      );
    },

    /** 跳过 keeps it from the marker (it counts as given); a release lets it come again later. */
    async giveBack(id: number, userId: number, token: string, skip: boolean): Promise<void> {
      await d.db.transaction(async (tx) => {
        await held(tx, id, userId, token);
        if (skip)
          await tx.execute(
            sql`update standard_mark set status = 'skipped', lease_until = null where id = ${id}`,
          );
        else await tx.execute(sql`delete from standard_mark where id = ${id}`);
      });
    },

    async defer(id: number, userId: number, token: string): Promise<MarkDeferResult> {
      return d.db.transaction(async (tx) => {
        await held(tx, id, userId, token);
        const [r] = rowsOf<{ lease_until: Date | string }>(
          await tx.execute(sql`update standard_mark set lease_until = now() + make_interval(mins => ${LEASE_MINUTES})
            where id = ${id} returning lease_until`),
        );
        return { leaseUntil: new Date(r!.lease_until).toISOString() };
      });
    },

    /**
     * 问题卷 on a hidden paper: accepted like any other (the marker must not notice) and listed to the block's
     * leaders with the pool's (modules/quality/hidden-problems.ts); never a mark.
     */
    async problem(id: number, userId: number, token: string, reason: ProblemReason, note: string) {
      await d.db.transaction(async (tx) => {
        await held(tx, id, userId, token);
        const problem: MarkProblem = { reason, note, by: userId, at: new Date().toISOString() };
        await tx.execute(sql`update standard_mark set status = 'problem', lease_until = null,
          problem = ${JSON.stringify(problem)}::jsonb where id = ${id}`);
      });
    },

    /**
     * 回评 of a hidden paper (it is listed in the marker's history like any other): the change goes to
     * standard_mark and to its deviation only, never to a score.
     */
    async modify(id: number, userId: number, input: z.infer<typeof markModify>): Promise<MarkModifyResult> {
      return d.db.transaction(async (tx) => {
        const [m] = rowsOf<Row & { version: number; kind: string; paper_id: number }>(
          await tx.execute(sql`select m.id, m.block_id, m.user_id, m.status, m.lease_token, m.version, m.kind,
              m.paper_id, s.status as subject_status
            from standard_mark m join block b on b.id = m.block_id join subject s on s.id = b.subject_id
            where m.id = ${id} for update of m`),
        );
        if (!m) throw fail('阅卷任务不存在');
        if (m.user_id !== userId || m.status !== 'submitted') throw fail('只能修改自己已提交的评分');
        assertAllows(m.subject_status, 'changeMarks');
        if (m.version !== input.version) throw fail(VERSION_CONFLICT);
        const rules = await blockRules(tx, m.block_id);
        if (!rules) throw fail('题块不存在或已删除');
        assertMarks(input.scores, rules);
        const s = scoresOf(input.scores);
        await tx.execute(sql`update standard_mark set score = ${s.score},
          question_scores = ${JSON.stringify(s.questionScores)}::jsonb,
          point_scores = ${s.pointScores ? JSON.stringify(s.pointScores) : null}::jsonb,
          marks = ${JSON.stringify(input.marks)}::jsonb, version = version + 1 where id = ${id}`);
        await tx.execute(sql`update mark_deviation set mark = ${s.score} where block_id = ${m.block_id}
          and user_id = ${userId} and paper_id = ${m.paper_id} and kind = ${m.kind}`);
        return { version: m.version + 1, score: s.score };
      });
    },

    /** The block's cut of the paper, for the marker it was handed to. */
    async image(id: number, userId: number): Promise<Buffer> {
      const [r] = rowsOf<{ user_id: number; paper_id: number; regions: BlockRegion[] }>(
        await d.db.execute(sql`select m.user_id, m.paper_id, b.regions from standard_mark m
          join block b on b.id = m.block_id where m.id = ${id}`),
      );
      if (!r || r.user_id !== userId) throw fail('阅卷任务不存在');
      return d.paperImage(r.regions ?? [], r.paper_id);
    },
  };
}
export type StandardService = ReturnType<typeof standardService>;
