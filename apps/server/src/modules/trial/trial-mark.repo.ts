import { sql } from 'drizzle-orm';
import { ExamRole, LEASE_MINUTES, type BlockRegion } from '@yj/contracts';
import { rowsOf, type Db, type Tx } from '../../infra/db';
import type { ApartRow } from './apart-mark.repo';
import { readMarkRows, type MarkJsonb } from '../../db/stored';

/** Rows of a raw read with their jsonb columns (block.regions) parsed as they leave the database. */
const parsedRows = <T extends MarkJsonb>(r: unknown) => readMarkRows(rowsOf<T>(r), 'block.regions');

export interface TrialMarkRow {
  id: number;
  lease_token: string;
  lease_until: Date | string;
  block_id: number;
}

/** The SQL of the markers' side of 试评 (trial-mark.service.ts): trial marks leased, given back, counted. */
export function trialMarkRepo(db: Db | Tx) {
  return {
    /** The subject's state and whether `userId` marks the block. */
    async marker(blockId: number, userId: number) {
      const [r] = rowsOf<{ status: number; is_marker: boolean }>(
        await db.execute(sql`select s.status, exists (select 1 from block_reviewer r where r.block_id = b.id
            and r.user_id = ${userId} and r.role = ${ExamRole.reviewers}) as is_marker
          from block b join subject s on s.id = b.subject_id where b.id = ${blockId}`),
      );
      return r ?? null;
    },

    /**
     * The next `count` trial papers this marker has not marked or skipped, leased to them. A lease of theirs that
     * is still running is left alone; one that ran out is leased again.
     */
    lease: async (blockId: number, userId: number, count: number) =>
      rowsOf<TrialMarkRow>(
        await db.execute(sql`insert into trial_mark (trial_paper_id, block_id, user_id, status, lease_token, lease_until)
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
      ),

    /** A trial mark locked, with its subject's state. */
    async locked(markId: number) {
      const [m] = rowsOf<ApartRow & { subject_status: number }>(
        await db.execute(sql`select m.id, m.block_id, m.user_id, m.status, m.lease_token, s.status as subject_status
          from trial_mark m join block b on b.id = m.block_id join subject s on s.id = b.subject_id
          where m.id = ${markId} for update of m`),
      );
      return m ?? null;
    },

    submitted: async (blockId: number, userId: number) =>
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from trial_mark
          where block_id = ${blockId} and user_id = ${userId} and status = 'submitted'`),
      )[0]!.n,

    async skip(markId: number): Promise<void> {
      await db.execute(
        sql`update trial_mark set status = 'skipped', lease_until = null where id = ${markId}`,
      );
    },

    async release(markId: number): Promise<void> {
      await db.execute(sql`delete from trial_mark where id = ${markId} and status = 'leased'`);
    },

    async extend(markId: number): Promise<Date | string> {
      const [r] = rowsOf<{ lease_until: Date | string }>(
        await db.execute(sql`update trial_mark set lease_until = now() + make_interval(mins => ${LEASE_MINUTES})
          where id = ${markId} returning lease_until`),
      );
      return r!.lease_until;
    },

    /** Who holds or marked the trial mark, its paper and the block's regions. */
    async cut(markId: number) {
      const [r] = parsedRows<{ user_id: number; paper_id: number; regions: BlockRegion[] }>(
        await db.execute(sql`select m.user_id, tp.paper_id, b.regions from trial_mark m
          join trial_paper tp on tp.id = m.trial_paper_id join block b on b.id = m.block_id where m.id = ${markId}`),
      );
      return r ?? null;
    },
  };
}
