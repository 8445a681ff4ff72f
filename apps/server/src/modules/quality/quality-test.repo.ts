import { sql } from 'drizzle-orm';
import type { DeviationSums } from '@yj/quality';
import { rowsOf, type Db, type Tx } from '../../infra/db';

const ints = (ids: readonly number[]) => `{${ids.join(',')}}`;

export interface QualityTestRow {
  block_id: number;
  standard_every: number | null;
  self_every: number | null;
  spot_percent: number;
  limits: Record<string, number | boolean>;
  pause: boolean;
}

/** 质检 reads (setting/qualitytest, quality-test/progress2 and report): block_quality, mark_deviation, spot_check. */
export function qualityTestRepo(db: Db | Tx) {
  const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q));
  return {
    /** The block of a spot check (null: none): the routes' capability scope. */
    async spotBlock(spotId: number): Promise<number | null> {
      const [row] = rowsOf<{ block_id: number }>(
        await db.execute(sql`select block_id from spot_check where id = ${spotId}`),
      );
      return row?.block_id ?? null;
    },

    settings: (blockIds: readonly number[]) =>
      rows<QualityTestRow>(sql`select block_id, standard_every, self_every, spot_percent, limits, pause
        from block_quality where block_id = any(${ints(blockIds)}::int[])`),

    /** 标准卷 kept per block (none: no 标准卷 can be sent) */
    standards: (blockIds: readonly number[]) =>
      rows<{ block_id: number; n: number }>(sql`select block_id, count(*)::int as n from sample_paper
        where kind = 'standard' and block_id = any(${ints(blockIds)}::int[]) group by block_id`),

    /** Sums of every deviation of 质检 (standard, self, spot) per block, marker and kind. */
    async sums(blockIds: readonly number[]) {
      const r = await rows<{
        block_id: number;
        user_id: number;
        kind: 'standard' | 'self' | 'spot';
        n: number;
        diff: string;
        abs: string;
        max_abs: string;
      }>(sql`select block_id, user_id, kind, count(*)::int as n, sum(mark - other) as diff,
          sum(abs(mark - other)) as abs, max(abs(mark - other)) as max_abs
        from mark_deviation where block_id = any(${ints(blockIds)}::int[]) and kind in ('standard', 'self', 'spot')
        group by block_id, user_id, kind`);
      return r.map((x) => ({
        blockId: x.block_id,
        userId: x.user_id,
        kind: x.kind,
        sums: {
          n: x.n,
          diff: Number(x.diff),
          abs: Number(x.abs),
          maxAbs: Number(x.max_abs),
        } satisfies DeviationSums,
      }));
    },

    /** Real marks submitted per block and marker (every school). */
    done: (blockIds: readonly number[]) =>
      rows<{
        block_id: number;
        user_id: number;
        done: number;
      }>(sql`select block_id, user_id, sum(done)::int as done
        from mark_stat where block_id = any(${ints(blockIds)}::int[]) group by block_id, user_id`),

    /** Each marker's latest `last` deviations of every kind, oldest first (the drift chart). */
    latest: (blockId: number, last: number) =>
      rows<{
        user_id: number;
        d: string;
      }>(sql`select d.user_id, d.d from (select distinct user_id from mark_stat
          where block_id = ${blockId}) u
        cross join lateral (select user_id, mark - other as d, id from mark_deviation x
          where x.block_id = ${blockId} and x.user_id = u.user_id order by x.id desc limit ${last}) d
        order by d.user_id, d.id`),
  };
}

export type QualityTestRepo = ReturnType<typeof qualityTestRepo>;
/** The repository as services receive it (quality.module.ts): over the pool or a transaction. */
export type QualityTestRepoOf = typeof qualityTestRepo;
