import { sql } from 'drizzle-orm';
import { LEASE_MINUTES, MarkSlot, type BlockRegion, type MarkProblem } from '@yj/contracts';
import { rowsOf, type Db, type Tx } from '../../infra/db';
import type { ApartRow } from './apart-mark.repo';
import { readMarkRows, type MarkJsonb } from '../../db/stored';

/** Rows of a raw read with their jsonb columns (block.regions) parsed as they leave the database. */
const parsedRows = <T extends MarkJsonb>(r: unknown) => readMarkRows(rowsOf<T>(r), 'block.regions');

/** a re-sent paper is none of the marker's latest few */
const RECENT = 5;

/** A hidden paper handed out: the lease the marker's screen gets. */
export interface HandedOut {
  id: number;
  lease_token: string;
  lease_until: Date | string;
  slot: number;
}

/** A standard mark locked, with its subject's state. */
export type StandardRow = ApartRow & { subject_status: number };

/**
 * The SQL of 质检's hidden papers (standard.service.ts): block_quality's claim setting, the standard marks handed
 * out, given back, changed; the claim's statements among them (keep their text and number as they are).
 */
export function standardRepo(db: Db | Tx) {
  return {
    /** The block's 质检 claim setting, or null when it has none. */
    async setting(blockId: number) {
      const [r] = rowsOf<{ standard_every: number | null; self_every: number | null; pause: boolean }>(
        await db.execute(
          sql`select standard_every, self_every, pause from block_quality where block_id = ${blockId}`,
        ),
      );
      return r ?? null;
    },

    /** The standard mark, locked, with the subject's state. */
    async locked(id: number) {
      const [m] = rowsOf<StandardRow>(
        await db.execute(sql`select m.id, m.block_id, m.user_id, m.status, m.lease_token, s.status as subject_status
        from standard_mark m join block b on b.id = m.block_id join subject s on s.id = b.subject_id
        where m.id = ${id} for update of m`),
      );
      return m ?? null;
    },

    /**
     * The marker's real marks of the block (read from the counters the task triggers keep, `mark_stat`: counting
     * the tasks on every claim grew with the marker's day) and the hidden papers of each kind they were given.
     */
    async counts(blockId: number, userId: number) {
      const [c] = rowsOf<{ done: number; standards: number; selfs: number }>(
        await db.execute(sql`select (select coalesce(sum(x.done + x.arb_done), 0) from mark_stat x
            where x.block_id = ${blockId} and x.user_id = ${userId})::int as done,
          count(*) filter (where m.kind = 'standard')::int as standards,
          count(*) filter (where m.kind = 'self')::int as selfs
          from standard_mark m where m.block_id = ${blockId} and m.user_id = ${userId}`),
      );
      return c ?? null;
    },

    /** A 标准卷 the marker has not had, leased to them; none when every one was given. */
    async handStandard(blockId: number, userId: number) {
      const [r] = rowsOf<HandedOut>(
        await db.execute(sql`with pick as (
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
      return r;
    },

    /**
     * One of the marker's own submitted papers again, leased to them: not one of the latest few (a paper seen a
     * minute ago would be recognised), never one sent again before.
     */
    async handSelf(blockId: number, userId: number) {
      const [r] = rowsOf<HandedOut>(
        await db.execute(sql`with pick as (
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
      return r;
    },

    /** 跳过: kept from the marker (it counts as given). */
    async skip(id: number): Promise<void> {
      await db.execute(sql`update standard_mark set status = 'skipped', lease_until = null where id = ${id}`);
    },

    /** Released: it may come again later. */
    async release(id: number): Promise<void> {
      await db.execute(sql`delete from standard_mark where id = ${id}`);
    },

    async extend(id: number): Promise<Date | string> {
      const [r] = rowsOf<{ lease_until: Date | string }>(
        await db.execute(sql`update standard_mark set lease_until = now() + make_interval(mins => ${LEASE_MINUTES})
            where id = ${id} returning lease_until`),
      );
      return r!.lease_until;
    },

    async flag(id: number, problem: MarkProblem): Promise<void> {
      await db.execute(sql`update standard_mark set status = 'problem', lease_until = null,
          problem = ${JSON.stringify(problem)}::jsonb where id = ${id}`);
    },

    /** The standard mark locked for a 回评, with its version, kind, paper and the subject's state. */
    async lockedMark(id: number) {
      const [m] = rowsOf<StandardRow & { version: number; kind: string; paper_id: number }>(
        await db.execute(sql`select m.id, m.block_id, m.user_id, m.status, m.lease_token, m.version, m.kind,
              m.paper_id, s.status as subject_status
            from standard_mark m join block b on b.id = m.block_id join subject s on s.id = b.subject_id
            where m.id = ${id} for update of m`),
      );
      return m ?? null;
    },

    /** A 回评 of a standard mark: its scores and marks, the version moved on. */
    async modify(
      id: number,
      s: {
        score: number;
        questionScores: Record<string, number>;
        pointScores: Record<string, number[]> | null;
      },
      marks: unknown,
    ): Promise<void> {
      await db.execute(sql`update standard_mark set score = ${s.score},
          question_scores = ${JSON.stringify(s.questionScores)}::jsonb,
          point_scores = ${s.pointScores ? JSON.stringify(s.pointScores) : null}::jsonb,
          marks = ${JSON.stringify(marks)}::jsonb, version = version + 1 where id = ${id}`);
    },

    /** The marker's deviation on the paper follows a 回评 of the hidden paper. */
    async deviation(m: { block_id: number; paper_id: number; kind: string }, userId: number, score: number) {
      await db.execute(sql`update mark_deviation set mark = ${score} where block_id = ${m.block_id}
          and user_id = ${userId} and paper_id = ${m.paper_id} and kind = ${m.kind} and voided_at is null`);
    },

    /** Who the standard mark was handed to, its paper and the block's regions. */
    async cut(id: number) {
      const [r] = parsedRows<{ user_id: number; paper_id: number; regions: BlockRegion[] }>(
        await db.execute(sql`select m.user_id, m.paper_id, b.regions from standard_mark m
          join block b on b.id = m.block_id where m.id = ${id}`),
      );
      return r ?? null;
    },
  };
}
export type StandardRepo = typeof standardRepo;
