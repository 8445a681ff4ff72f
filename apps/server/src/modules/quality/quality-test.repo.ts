import { sql } from 'drizzle-orm';
import { StoredQualityLimitsSchema, type QualityTestSettingInput } from '@yj/contracts';
import type { DeviationSums } from '@yj/quality';
import { readStored } from '../../db/stored';
import { intArray, rowsOf, type Db, type Tx } from '../../infra/db';

const readLimits = (raw: unknown, blockId: number) =>
  readStored(StoredQualityLimitsSchema, raw, `block_quality ${blockId} limits`) ?? {};

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

    async settings(blockIds: readonly number[]): Promise<QualityTestRow[]> {
      const r =
        await rows<QualityTestRow>(sql`select block_id, standard_every, self_every, spot_percent, limits,
        pause from block_quality where block_id = any(${intArray(blockIds)})`);
      return r.map((q) => ({ ...q, limits: readLimits(q.limits, q.block_id) }));
    },

    /** 标准卷 kept per block (none: no 标准卷 can be sent) */
    standards: (blockIds: readonly number[]) =>
      rows<{ block_id: number; n: number }>(sql`select block_id, count(*)::int as n from sample_paper
        where kind = 'standard' and block_id = any(${intArray(blockIds)}) group by block_id`),

    /**
     * Sums of every deviation per block, marker and kind: the standing ones of 质检 (standard, self, spot), and
     * those a reset voided of every kind (pairs too), apart.
     */
    async sums(blockIds: readonly number[]) {
      const r = await rows<{
        block_id: number;
        user_id: number;
        kind: 'standard' | 'self' | 'spot' | 'pair';
        voided: boolean;
        n: number;
        diff: string;
        abs: string;
        max_abs: string;
      }>(sql`select block_id, user_id, kind, voided_at is not null as voided, count(*)::int as n,
          sum(mark - other) as diff, sum(abs(mark - other)) as abs, max(abs(mark - other)) as max_abs
        from mark_deviation where block_id = any(${intArray(blockIds)})
          and (kind in ('standard', 'self', 'spot') or voided_at is not null)
        group by block_id, user_id, kind, voided_at is not null`);
      return r.map((x) => ({
        blockId: x.block_id,
        userId: x.user_id,
        kind: x.kind,
        voided: x.voided,
        sums: {
          n: x.n,
          diff: Number(x.diff),
          abs: Number(x.abs),
          maxAbs: Number(x.max_abs),
        } satisfies DeviationSums,
      }));
    },

    /**
     * A block's 质检 setting: its rates and pause, and the limits named (merged into the block's others, which
     * the bias rule's setting keeps).
     */
    async saveSetting(
      blockId: number,
      input: Pick<QualityTestSettingInput, 'standardEvery' | 'selfEvery' | 'spotPercent' | 'pause'>,
      limits: Record<string, number | boolean>,
      actorId: number,
    ): Promise<void> {
      await db.execute(sql`insert into block_quality as q (block_id, standard_every, self_every, spot_percent,
          limits, pause, updated_by, updated_at)
        values (${blockId}, ${input.standardEvery}, ${input.selfEvery}, ${input.spotPercent},
          ${JSON.stringify(limits)}::jsonb, ${input.pause}, ${actorId}, now())
        on conflict (block_id) do update set standard_every = excluded.standard_every,
          self_every = excluded.self_every, spot_percent = excluded.spot_percent,
          limits = q.limits || excluded.limits, pause = excluded.pause, updated_by = excluded.updated_by,
          updated_at = now()`);
    },

    /** Real marks submitted per block and marker (every school). */
    done: (blockIds: readonly number[]) =>
      rows<{
        block_id: number;
        user_id: number;
        done: number;
      }>(sql`select block_id, user_id, sum(done)::int as done
        from mark_stat where block_id = any(${intArray(blockIds)}) group by block_id, user_id`),
  };
}

export type QualityTestRepo = ReturnType<typeof qualityTestRepo>;
/** The repository as services receive it (quality.module.ts): over the pool or a transaction. */
export type QualityTestRepoOf = typeof qualityTestRepo;
