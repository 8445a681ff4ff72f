import type { z } from 'zod';
import {
  MarkSlot,
  type markModify,
  type MarkModifyResult,
  type GivenMark,
  type BlockRegion,
  type MarkBlockInfo,
  type MarkClaimInput,
  type MarkDeferResult,
  type MarkProblem,
  type MarkSubmitInput,
  type MarkSubmitResult,
  type MarkTask,
  type ProblemReason,
} from '@yj/contracts';
import { AppError, fail } from '../../../errors';
import { assertAllows } from '../../../lib/subject-state';
import type { Db, Tx } from '../../../infra/db';
import { pipedTransaction } from '../../../infra/pipeline';
import { finalizer, type Finalizer } from '../final/marking-final';
import {
  assertMarks,
  blockRules,
  imageUrl,
  round1,
  ROLE_LEADER,
  ROLE_MARKER,
  scoresOf,
  type BlockRules,
} from '../rules/mark-rules';
import type { leaseRepo as leases } from './marking-lease.repo';
import { cutAhead } from './marking-cut-ahead';
import { handedTasks } from './marking-handed';
import {
  reviewerOf,
  type ClaimFilter,
  type markingRepo,
  type ReviewerRead,
  type TaskPage,
  type TaskRow,
} from './marking.repo';
import { claimableCount } from './marking-counts';

const MARKER_SLOTS = [MarkSlot.first, MarkSlot.second, MarkSlot.third];
const LEADER_SLOTS = [MarkSlot.arbitration];

/** What a submit asking for the following paper claims: one paper, as the marking screen keeps one spare. */
const NEXT_CLAIM: MarkClaimInput = { type: 'normal', count: 1 };

/** The paper a submit hands on: the lease a lost answer carried (`held`), or a new claim. */
interface Following {
  held: TaskRow | null;
  claimed: Claimed | null;
}
const NO_NEXT: Following = { held: null, claimed: null };

/**
 * 质检's hidden papers (标准卷) as the pool mixes them into a marker's stream and the marker's routes serve them.
 * The 试评 module's standard.service.ts answers it and routes.ts passes it in: marking names what it needs of
 * it, so it imports nothing of trial (trial depends on marking's rules, never the other way).
 */
export interface HiddenPapers {
  handOut(tx: Tx, blockId: number, userId: number): Promise<MarkTask | null>;
  submit(id: number, userId: number, input: MarkSubmitInput): Promise<{ counted: boolean; blockId: number }>;
  giveBack(id: number, userId: number, token: string, skip: boolean): Promise<void>;
  defer(id: number, userId: number, token: string): Promise<MarkDeferResult>;
  problem(id: number, userId: number, token: string, reason: ProblemReason, note: string): Promise<void>;
  modify(id: number, userId: number, input: z.infer<typeof markModify>): Promise<MarkModifyResult>;
  image(id: number, userId: number): Promise<Buffer>;
}

/** A claim's rows before they are handed out; `done` when the claim read it. */
interface Claimed {
  rows: TaskRow[];
  standard: MarkTask | null;
  done?: number;
}

const iso = (v: Date | string | null) => (v === null ? '' : new Date(v).toISOString());

/** The marker's screen (DESIGN.md §5): claim, image, submit, skip, defer, 问题卷. No student identity leaves here. */
/**
 * The markers whose pair evidence a submit of `slot` brought: the first or second mark completing a pair (both
 * markers), or a third mark or an arbitration (the final the pair is judged against: both first markers).
 */
function pairUsers(
  tasks: Array<{ slot: number; status: string; user_id: number | null }>,
  slot: number,
  userId: number,
) {
  const firsts = tasks.filter(
    (t) => t.slot <= MarkSlot.second && t.status === 'submitted' && t.user_id !== null,
  );
  if (slot > MarkSlot.second) return firsts.map((t) => t.user_id!);
  const other = firsts.find((t) => t.slot !== slot);
  return other ? [userId, other.user_id!] : [];
}

export function markingService(d: {
  db: Db;
  /** `pages`: the paper's pages when the caller read them already (else the cutter reads them) */
  paperImage: (regions: BlockRegion[], paperId: number, pages?: TaskPage[]) => Promise<Buffer>;
  /** several blocks of a paper cut and stored at once, its pages decoded once (cutting ahead) */
  storeCuts?: (blocks: BlockRegion[][], paperId: number, pages?: TaskPage[]) => Promise<void>;
  /** finalize with the score module's hook (routes.ts); plain finalize in tests that do not need scores */
  finalize?: Finalizer;
  /** 质检: the pause of flagged markers and the hidden papers mixed into their streams (standard.service.ts) */
  standard?: HiddenPapers;
  /** each task of the pool handed to a marker, with its block (the routes' scope then knows it without a read) */
  handedOut?: (taskId: number, blockId: number) => void;
  /**
   * 质检's check of the markers with new evidence (a double-marking pair completed or decided by a third mark, a
   * 标准卷): flagged at once, so the next claim of a paused marker is refused (quality-monitor.ts `judge`)
   */
  onEvidence?: (blockId: number, userIds: number[]) => Promise<void>;
  /** the pool's statements (marking.repo.ts, marking-lease.repo.ts), passed in by marking.module.ts */
  repo: typeof markingRepo;
  leaseRepo: typeof leases;
}) {
  const { repo, leaseRepo } = d;
  const finalize = d.finalize ?? finalizer();
  const planned = finalize.planned;
  const valuesOf = (input: MarkSubmitInput) => ({
    ...scoresOf(input.scores),
    marks: input.marks,
    spentMs: input.spentMs ?? null,
  });
  const cuts = cutAhead(d);
  const handedOut = handedTasks();
  async function rulesOf(db: Tx | Db, blockId: number): Promise<BlockRules> {
    const rules = await blockRules(db, blockId);
    if (!rules) throw fail('blockNotFound');
    return rules;
  }
  // a block's rules change only in 设置中, which bumps the key (block and questions updated_at): one read per change
  const cachedRules = new Map<number, { key: string; rules: BlockRules }>();
  async function rulesFor(tx: Tx, blockId: number, key: string): Promise<BlockRules> {
    const hit = cachedRules.get(blockId);
    if (hit?.key === key) return hit.rules;
    const rules = await rulesOf(tx, blockId);
    if (cachedRules.size >= 10_000) cachedRules.clear();
    cachedRules.set(blockId, { key, rules });
    return rules;
  }

  /** The marks already given on the paper, with the markers' names: arbitration shows them to the leader. */
  async function given(db: Tx | Db, t: TaskRow): Promise<GivenMark[]> {
    const rows = await repo.givenMarks(db, t.block_id, t.paper_id);
    return rows.map((r) => ({
      slot: r.slot,
      markerName: r.name,
      score: Number(r.score),
      questionScores: r.question_scores,
      pointScores: r.point_scores,
    }));
  }

  async function toTask(db: Tx | Db, t: TaskRow): Promise<MarkTask> {
    return {
      taskId: t.id,
      leaseToken: t.lease_token!,
      leaseUntil: iso(t.lease_until),
      blockId: t.block_id,
      slot: t.slot,
      imageUrl: imageUrl(t.id),
      ...(t.slot === MarkSlot.arbitration ? { marks: await given(db, t) } : {}),
    };
  }

  /**
   * A claim on the caller's transaction: the reviewer row locked (one user's claims — two tabs — run one after
   * the other, so the quota holds) with the subject's status in one statement; the quota is counted by the
   * claim's statement. `withDone`: the user's done count read in the same first statement.
   */
  async function claimOn(
    tx: Tx,
    blockId: number,
    userId: number,
    input: MarkClaimInput,
    withDone = false,
  ): Promise<Claimed> {
    const role = input.type === 'arbitration' ? ROLE_LEADER : ROLE_MARKER;
    const me = await repo.reviewer(tx, blockId, userId, role, true, withDone);
    if (!me) throw fail(role === ROLE_LEADER ? 'notBlockLeader' : 'notBlockMarker');
    assertAllows(me.subject_status ?? -1, 'mark');
    if (me.quota !== null && me.quota <= 0) return { rows: [], standard: null, done: me.done };
    // 质检 (modules/trial/standard.service.ts): refused while paused; a hidden paper that is due takes the place
    // of one paper of the pool
    const standard =
      role === ROLE_MARKER && d.standard ? await d.standard.handOut(tx, blockId, userId) : null;
    const count = input.count - (standard ? 1 : 0);
    const rows = count
      ? await repo.claim(tx, {
          blockId,
          userId,
          slots: role === ROLE_LEADER ? LEADER_SLOTS : MARKER_SLOTS,
          count,
          quota: me.quota,
          schoolId: me.school_id,
          classIds: me.class_ids,
        })
      : [];
    return { rows, standard, done: me.done };
  }

  /** The claimed tasks as the marker gets them; the next papers of the pool are cut while they look at these. */
  async function handed(blockId: number, c: Claimed): Promise<MarkTask[]> {
    if (c.rows.length) void cuts.after(blockId, c.rows[c.rows.length - 1]!.pool_pos);
    for (const r of c.rows) {
      d.handedOut?.(r.id, r.block_id);
      handedOut.remember(r);
    }
    const tasks = await Promise.all(c.rows.map((r) => toTask(d.db, r)));
    return c.standard ? [...tasks, c.standard] : tasks;
  }

  /**
   * 质检's checks of the pairs that submits answered before them (issue 35: awaited, a pair's check was the
   * third and fourth statement of one submit in six, and most of the slowest 1 %), by marker: that marker's next
   * claim waits for them, so a flag they raise refuses it as before. Per process: a marker whose next request
   * reaches another process may get one paper more before the flag (their screen asks seconds later).
   */
  const judging = new Map<number, Promise<void>>();
  function judgeAfter(blockId: number, userIds: number[]): void {
    if (!userIds.length || !d.onEvidence) return;
    const check = d.onEvidence(blockId, userIds).catch(() => undefined);
    for (const u of userIds) {
      const before = judging.get(u);
      const all = before ? Promise.all([before, check]).then(() => undefined) : check;
      judging.set(u, all);
      void all.then(() => {
        if (judging.get(u) === all) judging.delete(u);
      });
    }
  }
  /** Resolves once the checks of the user's earlier submits are done (at once when none is running). */
  const judgedFor = async (userId: number) => {
    await judging.get(userId);
  };

  async function claim(blockId: number, userId: number, input: MarkClaimInput): Promise<MarkTask[]> {
    if (input.type === 'problem') throw fail('problemHandledInList');
    await judgedFor(userId);
    return handed(blockId, await d.db.transaction((tx) => claimOn(tx, blockId, userId, input)));
  }

  /**
   * The task under the caller's lease, locked with its paper's other tasks (id order). A lease that expired
   * still counts while nobody else claimed the task; a claim by another marker replaced the token.
   */
  async function leased(tx: Tx, taskId: number, userId: number, token: string) {
    const lock = await leaseRepo.lock(tx, taskId);
    const task = lock?.tasks.find((x) => x.id === taskId);
    if (!lock || !task) throw fail('taskNotFound');
    assertAllows(lock.subjectStatus ?? -1, 'mark');
    const mine = task.user_id === userId && task.lease_token === token;
    return { task, mine, lock };
  }

  /**
   * The following paper claimed in the submit's own transaction (a marker's every submit asks for one: two
   * round trips fewer, and the done count comes with the reviewer row). A refusal of the claim (paused, no
   * longer a marker, quota reached) is thrown before any statement fails, so it leaves the submit intact and
   * answers no next paper. Null `claimed`: the lease the first answer carried is handed again (a replay).
   */
  async function nextOn(tx: Tx, blockId: number, userId: number, replay: boolean): Promise<Following> {
    if (replay) {
      // the first answer may have carried a next task the network lost: give that lease back, not another
      const [held] = await repo.held(tx, blockId, userId, MARKER_SLOTS);
      if (held) return { held, claimed: null };
    }
    try {
      return { held: null, claimed: await claimOn(tx, blockId, userId, NEXT_CLAIM, true) };
    } catch (err) {
      if (err instanceof AppError) return NO_NEXT;
      throw err;
    }
  }

  /** A submit's answer: whether it counted, the following paper (when asked for) and the marker's done count. */
  async function answer(
    counted: boolean,
    blockId: number,
    userId: number,
    following: Following | null,
  ): Promise<MarkSubmitResult> {
    const claimed = following?.claimed;
    const next = following?.held
      ? await toTask(d.db, following.held)
      : claimed
        ? ((await handed(blockId, claimed))[0] ?? null)
        : null;
    return { counted, next, done: claimed?.done ?? (await repo.done(d.db, blockId, userId)) };
  }

  /** The following paper in a transaction of its own (after a 标准卷, or when the submit's own failed). */
  const nextApart = async (blockId: number, userId: number, replay: boolean) => {
    await judgedFor(userId);
    return d.db.transaction((tx) => nextOn(tx, blockId, userId, replay)).catch(() => NO_NEXT);
  };

  /**
   * The claim of the paper following a submit, from the marker's row the submit's statement locked: the
   * filter of `claimAfter` (null: nothing to claim — no longer a marker, quota reached, paused by 质检 — the
   * submit stands, answered without a next paper) and a 标准卷 of 质检 that takes the paper's place.
   */
  async function nextFilter(
    tx: Tx,
    blockId: number,
    userId: number,
    read: ReviewerRead | null,
  ): Promise<{ filter: ClaimFilter | null; standard: MarkTask | null }> {
    const none = { filter: null, standard: null };
    if (!read) return none;
    const me = reviewerOf(read, ROLE_MARKER);
    if (me.quota !== null && me.quota <= 0) return none;
    let standard: MarkTask | null;
    try {
      standard = d.standard ? await d.standard.handOut(tx, blockId, userId) : null;
    } catch (err) {
      if (err instanceof AppError) return none;
      throw err;
    }
    const count = NEXT_CLAIM.count - (standard ? 1 : 0);
    if (!count) return { filter: null, standard };
    const filter = {
      blockId,
      userId,
      slots: MARKER_SLOTS,
      count,
      quota: me.quota,
      schoolId: me.school_id,
      classIds: me.class_ids,
    };
    return { filter, standard };
  }

  async function giveBack(taskId: number, userId: number, token: string, skip: boolean) {
    await d.db.transaction(async (tx) => {
      const { task, mine } = await leased(tx, taskId, userId, token);
      if (!mine || task.status === 'submitted' || task.status === 'problem') throw fail('taskTimedOut');
      await repo.release(tx, taskId, skip ? userId : null);
    });
    handedOut.forget(taskId);
  }

  return {
    claim,
    /** The subject's papers cut ahead of its markers, in the background (marking-cut-ahead.ts). */
    cutSubject: (subjectId: number) => cuts.subject(subjectId),

    async info(blockId: number, userId: number): Promise<MarkBlockInfo> {
      const roles = await repo.roles(d.db, blockId, userId);
      if (!roles.length) throw fail('notBlockMarker');
      const rules = await rulesOf(d.db, blockId);
      const marker = await repo.reviewer(d.db, blockId, userId, ROLE_MARKER);
      const s = await repo.names(d.db, rules.subjectId);
      const leader = roles.includes(ROLE_LEADER);
      return {
        blockId,
        blockName: rules.name,
        subjectId: rules.subjectId,
        subjectName: s?.subject_name ?? '',
        examName: s?.exam_name ?? '',
        fullScore: round1(rules.questions.reduce((a, q) => a + q.fullScore, 0)),
        markCount: rules.markCount,
        threshold: rules.threshold,
        questions: rules.questions,
        mine: { done: await repo.done(d.db, blockId, userId), quota: marker?.quota ?? null, leader },
        left: await claimableCount(
          d.db,
          blockId,
          userId,
          roles.includes(ROLE_MARKER) ? ROLE_MARKER : ROLE_LEADER,
        ),
      };
    },

    async submit(taskId: number, userId: number, input: MarkSubmitInput): Promise<MarkSubmitResult> {
      const run = (withNext: boolean) =>
        d.db.transaction(async (tx) => {
          const { task, mine, lock } = await leased(tx, taskId, userId, input.leaseToken);
          const blockId = task.block_id;
          let counted = false;
          if (!(task.status === 'submitted' && mine)) {
            if (!mine) throw fail('taskTimedOut');
            if (task.status === 'problem') throw fail('taskAlreadyProblem');
            const rules = await rulesFor(tx, blockId, lock.rulesKey);
            assertMarks(input.scores, rules);
            const seen = await leaseRepo.submit(tx, task, valuesOf(input));
            await finalize(tx, blockId, task.paper_id, rules, seen);
            counted = true;
            if (rules.markCount === 2) evidence = pairUsers(lock.tasks, task.slot, userId);
          }
          return {
            counted,
            blockId,
            following: withNext ? await nextOn(tx, blockId, userId, !counted) : null,
          };
        });
      /**
       * The submit claiming the following paper in two statements (issue 35): the lock, the mark and the marker's
       * row in one (`lockSubmit`, `begin` sent with it), then finalize's writes with the claim and the done count
       * (`claimAfter`, `commit` sent with it): two round trips (infra/pipeline.ts).
       */
      const runWithNext = () =>
        pipedTransaction(d.db, async ({ tx, first, last }) => {
          const s = await leaseRepo.lockSubmit(first, taskId, userId, input.leaseToken, valuesOf(input));
          const task = s?.tasks.find((x) => x.id === taskId);
          if (!s || !task) throw fail('taskNotFound');
          assertAllows(s.subjectStatus ?? -1, 'mark');
          const blockId = task.block_id;
          const mine = task.user_id === userId && task.lease_token === input.leaseToken;
          // a replay: the first answer may have carried a next task the network lost (nextOn gives it back)
          if (task.status === 'submitted' && mine)
            return { counted: false, blockId, following: await nextOn(tx, blockId, userId, true) };
          if (!mine) throw fail('taskTimedOut');
          if (task.status === 'problem') throw fail('taskAlreadyProblem');
          const rules = await rulesFor(tx, blockId, s.rulesKey);
          assertMarks(input.scores, rules);
          if (!s.seen) throw new Error(`submit of task ${taskId} not written`);
          const plan = planned(blockId, task.paper_id, rules, s.seen);
          if (rules.markCount === 2) evidence = pairUsers(s.tasks, task.slot, userId);
          const { filter, standard } = await nextFilter(tx, blockId, userId, s.reviewer);
          const { rows, done } = await repo.claimAfter(last, blockId, userId, plan.writes, filter);
          return { counted: true, blockId, following: { held: null, claimed: { rows, standard, done } } };
        });
      // the markers of a pair this submit completed (or decided by a third mark): judged once committed
      let evidence: number[] = [];
      const judged = async (blockId: number) => {
        if (evidence.length && d.onEvidence) await d.onEvidence(blockId, evidence);
      };
      let outcome: Awaited<ReturnType<typeof run>>;
      try {
        if (input.next) await judgedFor(userId);
        outcome = await (input.next ? runWithNext() : run(false));
      } catch (err) {
        // a database error of the claim part (a deadlock with a leader's change, say) must not cost the mark:
        // the submit alone again (idempotent), then the claim in its own transaction as before
        if (!input.next || err instanceof AppError) throw err;
        evidence = [];
        const alone = await run(false);
        await judged(alone.blockId);
        const following = await nextApart(alone.blockId, userId, !alone.counted);
        return answer(alone.counted, alone.blockId, userId, following);
      }
      // the marking screen's submit (with the next paper) is answered before the pair's check: see `judging`
      if (input.next) judgeAfter(outcome.blockId, evidence);
      else await judged(outcome.blockId);
      return answer(outcome.counted, outcome.blockId, userId, outcome.following);
    },

    /** The submit of a 标准卷 (质检): stored apart, answered like any submit (next, done). */
    async submitStandard(taskId: number, userId: number, input: MarkSubmitInput): Promise<MarkSubmitResult> {
      if (!d.standard) throw fail('taskNotFound');
      const outcome = await d.standard.submit(taskId, userId, input);
      if (outcome.counted && d.onEvidence) await d.onEvidence(outcome.blockId, [userId]);
      const following = input.next ? await nextApart(outcome.blockId, userId, !outcome.counted) : null;
      return answer(outcome.counted, outcome.blockId, userId, following);
    },

    /** Back to the pool, never to this marker again. */
    async skip(taskId: number, userId: number, token: string): Promise<void> {
      await giveBack(taskId, userId, token, true);
    },

    /** Back to the pool and to anyone, this marker too (the screen closed with papers still claimed). */
    async release(taskId: number, userId: number, token: string): Promise<void> {
      await giveBack(taskId, userId, token, false);
    },

    /** Another lease period on the same paper (a long answer). */
    async defer(taskId: number, userId: number, token: string): Promise<MarkDeferResult> {
      return d.db.transaction(async (tx) => {
        const { task, mine } = await leased(tx, taskId, userId, token);
        if (!mine || task.status === 'submitted' || task.status === 'problem') throw fail('taskTimedOut');
        return { leaseUntil: await repo.extend(tx, taskId) };
      });
    },

    /** 问题卷: the paper leaves the marker for the leaders' queue. */
    async problem(taskId: number, userId: number, token: string, reason: ProblemReason, note: string) {
      await d.db.transaction(async (tx) => {
        const { task, mine } = await leased(tx, taskId, userId, token);
        if (!mine || task.status === 'submitted' || task.status === 'problem') throw fail('taskTimedOut');
        const problem: MarkProblem = { reason, note, by: userId, at: new Date().toISOString() };
        await repo.flag(tx, taskId, problem);
      });
      handedOut.forget(taskId);
    },

    /** The block's cut image of the task's paper: for the lease holder, the marker who submitted, or a leader. */
    async image(taskId: number, userId: number): Promise<Buffer> {
      // a paper this process just handed to the caller: its claim read what the cut needs
      const h = handedOut.imageOf(taskId, userId);
      if (h) return cuts.image(h.regions, h.paperId, h.pages);
      // the task, its block's regions, its paper's pages and whether the caller leads the block: one statement
      const t = await repo.imageTask(d.db, taskId, userId);
      if (!t) throw fail('taskNotFound');
      const own = t.user_id === userId && t.status !== 'problem';
      if (!own && !t.leader) throw fail('forbidden');
      return cuts.image(t.regions ?? [], t.paper_id, t.pages);
    },
  };
}
export type MarkingService = ReturnType<typeof markingService>;
