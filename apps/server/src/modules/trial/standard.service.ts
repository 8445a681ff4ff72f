import type { z } from 'zod';
import {
  type MarkDeferResult,
  type MarkModifyResult,
  type MarkProblem,
  type ProblemReason,
  type markModify,
  type MarkSubmitInput,
  type MarkTask,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db, Tx } from '../../infra/db';
import { assertAllows } from '../../lib/subject-state';
import { assertMarks, blockRules, imageUrl, scoresOf } from '../marking/rules/mark-rules';
import { hiddenDue } from '@yj/quality';
import { submitApart } from './apart-mark';
import type { HandedOut, StandardRepo, StandardRow } from './standard.repo';
import type { PaperImage } from './trial-mark.service';

// 质检 (DESIGN.md §5): hidden papers mixed into a marker's stream in real marking — a 标准卷 (a paper with a
// leader's reference) one after every n real marks, and the marker's own earlier paper again one after every m
// (self-consistency). The marker cannot tell: the task has the normal shape, an id from the task pool's sequence
// and the normal image address. The mark is kept in standard_mark and never reaches a score.

const RATE_TTL_MS = 30_000;

/**
 * 质检's refusal of a flagged marker while their block pauses them (the quality module's quality-pause.ts,
 * passed in by routes.ts: 试评 imports nothing of quality, which reads 试评's rates).
 */
export type NotPaused = (tx: Tx, blockId: number, userId: number) => Promise<void>;

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
export function standardRates(db: Db, repo: StandardRepo) {
  const cache = new Map<number, { s: ClaimSetting; at: number }>();
  async function setting(blockId: number, conn: Tx | Db = db): Promise<ClaimSetting> {
    const hit = cache.get(blockId);
    if (hit && Date.now() - hit.at < RATE_TTL_MS) return hit.s;
    const r = await repo(conn).setting(blockId);
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

export function standardService(d: {
  db: Db;
  rates: StandardRates;
  paperImage: PaperImage;
  repo: StandardRepo;
  notPaused: NotPaused;
}) {
  /** The standard mark, locked, with the subject's state (real marking only); the callers check the holder. */
  async function locked(tx: Tx, id: number): Promise<StandardRow> {
    const m = await d.repo(tx).locked(id);
    // the answers a stranger gets for a task of the pool
    if (!m) throw fail('taskNotFound');
    assertAllows(m.subject_status, 'mark');
    return m;
  }
  async function held(tx: Tx, id: number, userId: number, token: string): Promise<StandardRow> {
    const m = await locked(tx, id);
    if (m.user_id !== userId || m.lease_token !== token || m.status !== 'leased') throw fail('taskTimedOut');
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
      if (q.pause) await d.notPaused(tx, blockId, userId);
      if (!q.standardEvery && !q.selfEvery) return null;
      const repo = d.repo(tx);
      const { done = 0, standards = 0, selfs = 0 } = (await repo.counts(blockId, userId)) ?? {};
      let r: HandedOut | undefined;
      if (hiddenDue(done, standards, q.standardEvery)) r = await repo.handStandard(blockId, userId);
      if (!r && hiddenDue(done, selfs, q.selfEvery)) r = await repo.handSelf(blockId, userId);
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
        if (skip) await d.repo(tx).skip(id);
        else await d.repo(tx).release(id);
      });
    },

    async defer(id: number, userId: number, token: string): Promise<MarkDeferResult> {
      return d.db.transaction(async (tx) => {
        await held(tx, id, userId, token);
        return { leaseUntil: new Date(await d.repo(tx).extend(id)).toISOString() };
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
        await d.repo(tx).flag(id, problem);
      });
    },

    /**
     * 回评 of a hidden paper (it is listed in the marker's history like any other): the change goes to
     * standard_mark and to its deviation only, never to a score.
     */
    async modify(id: number, userId: number, input: z.infer<typeof markModify>): Promise<MarkModifyResult> {
      return d.db.transaction(async (tx) => {
        const repo = d.repo(tx);
        const m = await repo.lockedMark(id);
        if (!m) throw fail('taskNotFound');
        if (m.user_id !== userId || m.status !== 'submitted') throw fail('onlyOwnSubmittedMarks');
        assertAllows(m.subject_status, 'changeMarks');
        if (m.version !== input.version) throw fail('versionConflict');
        const rules = await blockRules(tx, m.block_id);
        if (!rules) throw fail('blockNotFound');
        assertMarks(input.scores, rules);
        const s = scoresOf(input.scores);
        await repo.modify(id, s, input.marks);
        await repo.deviation(m, userId, s.score);
        return { version: m.version + 1, score: s.score };
      });
    },

    /** The block's cut of the paper, for the marker it was handed to. */
    async image(id: number, userId: number): Promise<Buffer> {
      const r = await d.repo(d.db).cut(id);
      if (!r || r.user_id !== userId) throw fail('taskNotFound');
      return d.paperImage(r.regions ?? [], r.paper_id);
    },
  };
}
export type StandardService = ReturnType<typeof standardService>;
