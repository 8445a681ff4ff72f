// Issue 29 in npm run bench:marking: one marker of the double-marked block gives every paper BIAS points too many
// (marking-load.ts). 质检's bias rule (packages/quality bias.ts) is judged by the server right after each pair a
// submit completes, and by its 30 s check. Whether the marker is flagged within the run is the rule's power, printed
// as a figure with the honest markers flagged; the check is that the server flagged exactly where its rule, on the
// evidence it stored for the marker, says so (marking-bias-rule.ts).
import pg from 'pg';
import { LIMIT_DEFAULTS } from '@yj/quality';
import {
  DRIFT_WINDOW,
  JUDGE_CACHE_FROM,
  JUDGE_TTL_MS,
} from '../../../apps/server/src/modules/quality/quality-monitor';
import type { Check } from './marking-checks';
import {
  compareBias,
  flaggedForBias,
  replayBias,
  type BiasVerdict,
  type Piece,
  type RuleStep,
} from './marking-bias-rule';

export interface BiasFigures {
  /** the biased marker's real papers when flagged, and pieces of evidence with a reference by then */
  atDone: number | null;
  atEvidence: number | null;
  reasons: string[];
  /** the flag was for a bias (its reasons say so, or it came before the other figures are judged) */
  forBias: boolean;
  /** the biased marker's papers and completed pairs at the end */
  done: number;
  pairs: number;
  /** honest markers of the block with marks, and those flagged for a consistent bias */
  honest: number;
  honestFlagged: number;
  /** honest markers' pairs at the end (how much evidence the false alarms had to come from) */
  honestPairs: number;
  /** the rule on each prefix of the biased marker's stored evidence, and the server's flag against it */
  steps: RuleStep[];
  verdict: BiasVerdict;
}

export async function biasFigures(
  url: string,
  blockId: number,
  biased: number,
  opts: { killed: boolean },
): Promise<BiasFigures> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const flag = (
      await c.query<{
        at_done: number;
        at_evidence: number | null;
        reasons: string[];
        flagged_at: number;
        evidence_after: number;
      }>(
        `select at_done, at_evidence, reasons, extract(epoch from flagged_at)::float8 * 1000 as flagged_at,
           evidence_after::float8 as evidence_after
         from marker_flag where block_id = $1 and user_id = $2`,
        [blockId, biased],
      )
    ).rows[0];
    const mine = (
      await c.query<{ done: number; pairs: number }>(
        `select (select coalesce(sum(done), 0)::int from mark_stat where block_id = $1 and user_id = $2) as done,
           (select coalesce(sum(pairs), 0)::int from mark_pair_stat where block_id = $1 and user_id = $2) as pairs`,
        [blockId, biased],
      )
    ).rows[0]!;
    const honest = (
      await c.query<{ markers: number; flagged: number; pairs: number }>(
        `select (select count(distinct user_id)::int from mark_stat where block_id = $1 and user_id <> $2
             and done > 0) as markers,
           (select count(*)::int from marker_flag where block_id = $1 and user_id <> $2
             and reasons::text like '%一贯偏%') as flagged,
           (select coalesce(sum(pairs), 0)::int from mark_pair_stat where block_id = $1 and user_id <> $2) as pairs`,
        [blockId, biased],
      )
    ).rows[0]!;
    const setting = await ruleSetting(c, blockId);
    const steps = replayBias(await evidence(c, blockId), biased, setting, flag?.evidence_after ?? 0);
    const stored = flag
      ? {
          reasons: flag.reasons,
          atDone: flag.at_done,
          atEvidence: flag.at_evidence,
          flaggedAt: flag.flagged_at,
        }
      : null;
    const verdict = compareBias(steps, stored, setting, opts.killed);
    return {
      steps,
      verdict,
      atDone: flag?.at_done ?? null,
      atEvidence: flag?.at_evidence ?? null,
      reasons: flag?.reasons ?? [],
      forBias: stored !== null && flaggedForBias(stored, setting.minMarks),
      done: mine.done,
      pairs: mine.pairs,
      honest: honest.markers,
      honestFlagged: honest.flagged,
      honestPairs: honest.pairs,
    };
  } finally {
    await c.end();
  }
}

/**
 * The block's evidence as the server stores it and reads it for the rule (quality.repo.ts `evidence`): pair,
 * 标准卷 and spot deviations not voided; a pair's reference is the other mark unless a third marker or a leader
 * decided the paper (then its final, and no partner).
 */
async function evidence(c: pg.Client, blockId: number): Promise<Piece[]> {
  const rows = (
    await c.query<{
      id: number;
      user_id: number;
      kind: string;
      mark: number;
      other: number;
      at: number;
      source: string | null;
      final: number | null;
      partner: number | null;
    }>(
      `select x.id::float8 as id, x.user_id, x.kind, x.mark::float8 as mark, x.other::float8 as other,
         extract(epoch from x.at)::float8 * 1000 as at, s.source, s.score::float8 as final,
         (select t.user_id from mark_task t where x.kind = 'pair' and t.block_id = x.block_id
            and t.paper_id = x.paper_id and t.slot in (1, 2) and t.user_id <> x.user_id limit 1) as partner
       from mark_deviation x left join block_score s on s.block_id = x.block_id and s.paper_id = x.paper_id
       where x.block_id = $1 and x.kind in ('pair', 'standard', 'spot') and x.voided_at is null`,
      [blockId],
    )
  ).rows;
  return rows.map((r) => {
    const decided = r.kind === 'pair' && ['third', 'arbitration', 'leader'].includes(r.source ?? '');
    return {
      id: r.id,
      userId: r.user_id,
      d: r.mark - (decided ? r.final! : r.other),
      partner: r.kind === 'pair' && !decided ? (r.partner ?? 0) : null,
      at: r.at,
    };
  });
}

/** The block's step (its questions' smallest; the bench's blocks have no 给分点) and limits, as the server's. */
async function ruleSetting(c: pg.Client, blockId: number) {
  const r = (
    await c.query<{ step: number | null; limits: Record<string, number | boolean> | null }>(
      `select (select min(q.step)::float8 from question q where q.subject_id = b.subject_id and q.no = any(b.nos))
           as step, (select limits from block_quality where block_id = b.id) as limits
       from block b where b.id = $1`,
      [blockId],
    )
  ).rows[0];
  const limits = { ...LIMIT_DEFAULTS, ...(r?.limits ?? {}) };
  return {
    step: r?.step && r.step > 0 ? r.step : 1,
    n: Number(limits.biasEvidence),
    minMarks: Number(limits.minMarks),
    window: DRIFT_WINDOW,
    cacheFrom: JUDGE_CACHE_FROM,
    ttlMs: JUDGE_TTL_MS,
  };
}

/** The check: the server's flag of the biased marker equals its bias rule on the evidence it stored for them. */
export function biasCheck(f: BiasFigures): Check {
  return {
    name: "the biased marker's flag equals 质检's bias rule on the evidence the server stored for them",
    pass: f.verdict.pass,
    detail: f.verdict.detail,
  };
}
