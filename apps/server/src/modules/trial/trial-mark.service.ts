import { sql } from 'drizzle-orm';
import {
  LEASE_MINUTES,
  MarkSlot,
  type BlockRegion,
  type MarkDeferResult,
  type MarkSubmitInput,
  type MarkSubmitResult,
  type MarkTask,
} from '@yj/contracts';
import { fail } from '../../errors';
import { rowsOf, type Db, type Tx } from '../../infra/db';
import { assertAllows } from '../subject/subject-state';
import { ROLE_MARKER, TIMED_OUT } from '../marking/marking.service';
import { submitApart } from './apart-mark';

export type PaperImage = (regions: BlockRegion[], paperId: number) => Promise<Buffer>;

export const trialImageUrl = (markId: number) => `/filter/api/marking/trial/task/${markId}/image`;

interface MarkRow {
  id: number;
  lease_token: string;
  lease_until: Date | string;
  block_id: number;
}
const toTask = (r: MarkRow): MarkTask => ({
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
}) {
  async function assertMarker(tx: Tx | Db, blockId: number, userId: number) {
    const [r] = rowsOf<{ status: number; is_marker: boolean }>(
      await tx.execute(sql`select s.status, exists (select 1 from block_reviewer r where r.block_id = b.id
          and r.user_id = ${userId} and r.role = ${ROLE_MARKER}) as is_marker
        from block b join subject s on s.id = b.subject_id where b.id = ${blockId}`),
    );
    if (!r) throw fail('题块不存在或已删除');
    if (!r.is_marker) throw fail('您不是本题块的阅卷老师');
    assertAllows(r.status, 'trialMark');
  }

  /**
   * The next trial papers this marker has not marked or skipped, leased to them. A lease of theirs that is
   * still running is left alone (the paper is on their screen); one that ran out is leased again.
   */
  async function claim(blockId: number, userId: number, count: number): Promise<MarkTask[]> {
    return d.db.transaction(async (tx) => {
      await assertMarker(tx, blockId, userId);
      const rows = rowsOf<MarkRow>(
        await tx.execute(sql`insert into trial_mark (trial_paper_id, block_id, user_id, status, lease_token, lease_until)
          select tp.id, tp.block_id, ${userId}, 'leased', gen_random_uuid(),
            now() + make_interval(mins => ${LEASE_MINUTES})
          from trial_paper tp
          where tp.block_id = ${blockId} and not exists (select 1 from trial_mark m
            where m.trial_paper_id = tp.id and m.user_id = ${userId}
              and (m.status <> 'leased' or m.lease_until > now()))
          order by tp.id limit ${count}
          on conflict (trial_paper_id, user_id) do update
            set lease_token = excluded.lease_token, lease_until = excluded.lease_until
            where trial_mark.status = 'leased' and trial_mark.lease_until <= now()
          returning id, lease_token, lease_until, block_id`),
      );
      return rows.sort((a, b) => a.id - b.id).map(toTask);
    });
  }

  /** The marker's own trial mark, locked, with the subject's state. */
  async function locked(tx: Tx, markId: number, userId: number) {
    const [m] = rowsOf<{
      id: number;
      block_id: number;
      user_id: number;
      status: string;
      lease_token: string | null;
      subject_status: number;
    }>(
      await tx.execute(sql`select m.id, m.block_id, m.user_id, m.status, m.lease_token, s.status as subject_status
        from trial_mark m join block b on b.id = m.block_id join subject s on s.id = b.subject_id
        where m.id = ${markId} for update of m`),
    );
    if (!m || m.user_id !== userId) throw fail('阅卷任务不存在');
    assertAllows(m.subject_status, 'trialMark');
    return m;
  }

  const done = async (blockId: number, userId: number) =>
    rowsOf<{ n: number }>(
      await d.db.execute(sql`select count(*)::int as n from trial_mark
        where block_id = ${blockId} and user_id = ${userId} and status = 'submitted'`),
    )[0]!.n;

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
        if (m.status !== 'leased' || m.lease_token !== token) throw fail(TIMED_OUT);
        if (skip)
          await tx.execute(
            sql`update trial_mark set status = 'skipped', lease_until = null where id = ${markId}`,
          );
        else await tx.execute(sql`delete from trial_mark where id = ${markId} and status = 'leased'`);
      });
    },

    async defer(markId: number, userId: number, token: string): Promise<MarkDeferResult> {
      return d.db.transaction(async (tx) => {
        const m = await locked(tx, markId, userId);
        if (m.status !== 'leased' || m.lease_token !== token) throw fail(TIMED_OUT);
        const [r] = rowsOf<{ lease_until: Date | string }>(
          await tx.execute(sql`update trial_mark set lease_until = now() + make_interval(mins => ${LEASE_MINUTES})
            where id = ${markId} returning lease_until`),
        );
        return { leaseUntil: new Date(r!.lease_until).toISOString() };
      });
    },

    /** The block's cut of the trial paper, for the marker who holds or marked it. */
    async image(markId: number, userId: number): Promise<Buffer> {
      const [r] = rowsOf<{ user_id: number; paper_id: number; regions: BlockRegion[] }>(
        await d.db.execute(sql`select m.user_id, tp.paper_id, b.regions from trial_mark m
          join trial_paper tp on tp.id = m.trial_paper_id join block b on b.id = m.block_id where m.id = ${markId}`),
      );
      if (!r || r.user_id !== userId) throw fail('阅卷任务不存在');
      return d.paperImage(r.regions ?? [], r.paper_id);
    },

    /** The marker's trial count in the block (the screen's 已阅). */
    done,
    roles: d.roles,
  };
}
export type TrialMarkService = ReturnType<typeof trialMarkService>;
