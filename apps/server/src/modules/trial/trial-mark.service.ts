import {
  MarkSlot,
  type BlockRegion,
  type MarkDeferResult,
  type MarkSubmitInput,
  type MarkSubmitResult,
  type MarkTask,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db, Tx } from '../../infra/db';
import { assertAllows } from '../../lib/subject-state';
import { submitApart } from './apart-mark';
import type { TrialMarkRow, trialMarkRepo } from './trial-mark.repo';

export type PaperImage = (regions: BlockRegion[], paperId: number) => Promise<Buffer>;

export const trialImageUrl = (markId: number) => `/filter/api/marking/trial/task/${markId}/image`;

const toTask = (r: TrialMarkRow): MarkTask => ({
  taskId: r.id,
  leaseToken: r.lease_token,
  leaseUntil: new Date(r.lease_until).toISOString(),
  blockId: r.block_id,
  // the trial screen is the normal one: a first mark as far as the marker's board is concerned
  slot: MarkSlot.first,
  imageUrl: trialImageUrl(r.id),
});

/**
 * The marker's side of 试评: every marker of the block marks every trial paper once, on the normal marking
 * screen. The marks stay in trial_mark (never a task of the pool, never a final score).
 */
export function trialMarkService(d: {
  db: Db;
  paperImage: PaperImage;
  /** the user's roles in a block (the marking module's) */
  roles: (blockId: number, userId: number) => Promise<number[]>;
  repo: typeof trialMarkRepo;
}) {
  async function assertMarker(tx: Tx | Db, blockId: number, userId: number) {
    const r = await d.repo(tx).marker(blockId, userId);
    if (!r) throw fail('blockNotFound');
    if (!r.is_marker) throw fail('notBlockMarker');
    assertAllows(r.status, 'trialMark');
  }

  /**
   * The next trial papers this marker has not marked or skipped, leased to them. A lease of theirs that is
   * still running is left alone (the paper is on their screen); one that ran out is leased again.
   */
  async function claim(blockId: number, userId: number, count: number): Promise<MarkTask[]> {
    return d.db.transaction(async (tx) => {
      await assertMarker(tx, blockId, userId);
      const rows = await d.repo(tx).lease(blockId, userId, count);
      return rows.sort((a, b) => a.id - b.id).map(toTask);
    });
  }

  /** The marker's own trial mark, locked, with the subject's state. */
  async function locked(tx: Tx, markId: number, userId: number) {
    const m = await d.repo(tx).locked(markId);
    if (!m || m.user_id !== userId) throw fail('taskNotFound');
    assertAllows(m.subject_status, 'trialMark');
    return m;
  }

  const done = (blockId: number, userId: number) => d.repo(d.db).submitted(blockId, userId);

  return {
    claim,

    async submit(markId: number, userId: number, input: MarkSubmitInput): Promise<MarkSubmitResult> {
      const outcome = await d.db.transaction(async (tx) =>
        submitApart(tx, 'trial_mark', await locked(tx, markId, userId), userId, input),
      );
      const next = input.next ? ((await claim(outcome.blockId, userId, 1).catch(() => []))[0] ?? null) : null;
      return { counted: outcome.counted, next, done: await done(outcome.blockId, userId) };
    },

    /** 跳过 (never again to this marker) or release (the screen closed: theirs to mark later). */
    async giveBack(markId: number, userId: number, token: string, skip: boolean): Promise<void> {
      await d.db.transaction(async (tx) => {
        const m = await locked(tx, markId, userId);
        if (m.status !== 'leased' || m.lease_token !== token) throw fail('taskTimedOut');
        if (skip) await d.repo(tx).skip(markId);
        else await d.repo(tx).release(markId);
      });
    },

    async defer(markId: number, userId: number, token: string): Promise<MarkDeferResult> {
      return d.db.transaction(async (tx) => {
        const m = await locked(tx, markId, userId);
        if (m.status !== 'leased' || m.lease_token !== token) throw fail('taskTimedOut');
        return { leaseUntil: new Date(await d.repo(tx).extend(markId)).toISOString() };
      });
    },

    /** The block's cut of the trial paper, for the marker who holds or marked it. */
    async image(markId: number, userId: number): Promise<Buffer> {
      const r = await d.repo(d.db).cut(markId);
      if (!r || r.user_id !== userId) throw fail('taskNotFound');
      return d.paperImage(r.regions ?? [], r.paper_id);
    },

    /** The marker's trial count in the block (the screen's 已阅). */
    done,
    roles: d.roles,
  };
}
export type TrialMarkService = ReturnType<typeof trialMarkService>;
