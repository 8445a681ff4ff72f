// Issue 29 in npm run bench:marking: one marker of the double-marked block gives every paper BIAS points too many
// (marking-load.ts). 质检's bias rule (packages/quality bias.ts, judged by the server right after each pair a
// submit completes) must flag them on their first few pairs; the honest markers of the block are counted too.
import pg from 'pg';
import type { Check } from './marking-checks';

export interface BiasFigures {
  /** the biased marker's real papers when flagged, and pieces of evidence with a reference by then */
  atDone: number | null;
  atEvidence: number | null;
  reasons: string[];
  /** the biased marker's papers and completed pairs at the end */
  done: number;
  pairs: number;
  /** honest markers of the block with marks, and those flagged for a consistent bias */
  honest: number;
  honestFlagged: number;
  /** honest markers' pairs at the end (how much evidence the false alarms had to come from) */
  honestPairs: number;
}

export async function biasFigures(url: string, blockId: number, biased: number): Promise<BiasFigures> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const flag = (
      await c.query<{ at_done: number; at_evidence: number | null; reasons: string[] }>(
        `select at_done, at_evidence, reasons from marker_flag where block_id = $1 and user_id = $2`,
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
    return {
      atDone: flag?.at_done ?? null,
      atEvidence: flag?.at_evidence ?? null,
      reasons: flag?.reasons ?? [],
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

/** The check: flagged for a bias once they had pairs enough for the rule's window (3). */
export function biasCheck(f: BiasFigures): Check {
  const flagged = f.reasons.some((r) => r.includes('一贯偏高'));
  return {
    name: 'the biased marker (+3 on every paper) is flagged for a consistent bias',
    pass: flagged || f.pairs < 3,
    detail: flagged
      ? `flagged after ${f.atDone} of their papers (${f.atEvidence} pairs of evidence); ${f.done} papers, ${f.pairs} pairs at the end`
      : // a flag with other reasons only says whether the 30 s check rewrote the bias away or none was ever found
        `not flagged for a bias${f.atDone !== null ? ` (flagged for ${f.reasons.join('、') || 'nothing'} after ${f.atDone} papers)` : ''}: ${f.done} papers, ${f.pairs} pairs at the end${f.pairs < 3 ? ' (fewer than 3 pairs: nothing to judge yet)' : ''}`,
  };
}
