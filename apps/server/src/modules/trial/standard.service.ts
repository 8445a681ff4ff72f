import { sql } from 'drizzle-orm';
import {
  LEASE_MINUTES,
  MarkSlot,
  type BlockRegion,
  type MarkDeferResult,
  type MarkSubmitInput,
  type MarkTask,
} from '@yj/contracts';
import { fail } from '../../errors';
import { rowsOf, type Db, type Tx } from '../../infra/db';
import { assertAllows } from '../subject/subject-state';
import { imageUrl, TIMED_OUT } from '../marking/marking.service';
import { submitApart } from './apart-mark';
import type { PaperImage } from './trial-mark.service';

// 质检 (DESIGN.md §5): 标准卷 — papers with a leader's reference — mixed into a marker's stream in real marking,
// one after every n real marks. The marker cannot tell: the task has the normal shape, an id from the task
// pool's sequence and the normal image address. The mark is kept in standard_mark and never reaches a score.

const RATE_TTL_MS = 30_000;

/** The blocks' rates, read at most every 30 s per block: a claim of a block without 质检 costs no query. */
export function standardRates(db: Db) {
  const cache = new Map<number, { every: number | null; at: number }>();
  return {
    /** `conn`: the caller's transaction — a claim holding its connection must not wait for another */
    async of(blockId: number, conn: Tx | Db = db): Promise<number | null> {
      const hit = cache.get(blockId);
      if (hit && Date.now() - hit.at < RATE_TTL_MS) return hit.every;
      const [r] = rowsOf<{ standard_every: number | null }>(
        await conn.execute(sql`select standard_every from block_quality where block_id = ${blockId}`),
      );
      if (cache.size >= 10_000) cache.clear();
      cache.set(blockId, { every: r?.standard_every ?? null, at: Date.now() });
      return r?.standard_every ?? null;
    },
    forget: (blockId: number) => void cache.delete(blockId),
  };
}
export type StandardRates = ReturnType<typeof standardRates>;

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
     * In the claim's transaction (the marker's reviewer row locked): a 标准卷 when one is due — the marker's
     * real marks reached (standards given + 1) × rate — and one is left that they have not had. Null otherwise.
     */
    async handOut(tx: Tx, blockId: number, userId: number): Promise<MarkTask | null> {
      const every = await d.rates.of(blockId, tx);
      if (!every) return null;
      const [r] = rowsOf<{ id: number; lease_token: string; lease_until: Date | string }>(
        await tx.execute(sql`with due as (
            select (select count(*) from mark_task t where t.block_id = ${blockId} and t.user_id = ${userId}
                and t.status = 'submitted') >=
              ((select count(*) from standard_mark m where m.block_id = ${blockId} and m.user_id = ${userId}) + 1)
                * ${every} as yes),
          pick as (
            select sp.id, sp.score from sample_paper sp, due
            where due.yes and sp.block_id = ${blockId} and sp.kind = 'standard'
              and not exists (select 1 from standard_mark m where m.sample_paper_id = sp.id and m.user_id = ${userId})
            order by random() limit 1)
          insert into standard_mark (sample_paper_id, block_id, user_id, status, lease_token, lease_until, ref_score)
          select id, ${blockId}, ${userId}, 'leased', gen_random_uuid(), now() + make_interval(mins => ${LEASE_MINUTES}),
            score from pick
          returning id, lease_token, lease_until`),
      );
      if (!r) return null;
      return {
        taskId: r.id,
        leaseToken: r.lease_token,
        leaseUntil: new Date(r.lease_until).toISOString(),
        blockId,
        slot: MarkSlot.first,
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

    /** 问题卷 on a 标准卷: accepted like any other (the marker must not notice), kept on the row only. */
    async problem(id: number, userId: number, token: string): Promise<void> {
      await d.db.transaction(async (tx) => {
        await held(tx, id, userId, token);
        await tx.execute(
          sql`update standard_mark set status = 'problem', lease_until = null where id = ${id}`,
        );
      });
    },

    /** The block's cut of the 标准卷, for the marker it was handed to. */
    async image(id: number, userId: number): Promise<Buffer> {
      const [r] = rowsOf<{ user_id: number; paper_id: number; regions: BlockRegion[] }>(
        await d.db.execute(sql`select m.user_id, sp.paper_id, b.regions from standard_mark m
          join sample_paper sp on sp.id = m.sample_paper_id join block b on b.id = m.block_id where m.id = ${id}`),
      );
      if (!r || r.user_id !== userId) throw fail('阅卷任务不存在');
      return d.paperImage(r.regions ?? [], r.paper_id);
    },
  };
}
export type StandardService = ReturnType<typeof standardService>;
