import { bias, type SquareSums } from '@yj/quality';
import type { QualityRepo } from './quality.repo';

type Flag = Awaited<ReturnType<QualityRepo['flags']>>[number];

/** A block's evidence sums: the whole block's and each marker's (the other markers' spread, bias.ts). */
export function sumsOf(rows: Awaited<ReturnType<QualityRepo['evidenceSums']>>) {
  const own = new Map<number, SquareSums>(
    rows.map((r) => [r.user_id, { n: r.n, sum: r.sum, sumSq: r.sum_sq }]),
  );
  const total: SquareSums = { n: 0, sum: 0, sumSq: 0 };
  for (const x of own.values()) {
    total.n += x.n;
    total.sum += x.sum;
    total.sumSq += x.sumSq;
  }
  return { total, own };
}

/**
 * The bias rule on a marker's evidence (the monitor, the check after a submit and the report read it alike): only
 * the pieces after a leader's release count (the flag's `evidence_after`); voided ones the repository leaves out.
 */
export function biasOf(
  ev: { ids: number[]; diffs: number[]; partners: (number | null)[] } | undefined,
  flag: Flag | undefined,
  step: number,
  noise: number | null,
  n: number,
) {
  const after = flag?.evidence_after ?? 0;
  const keep = (_: unknown, i: number) => ev!.ids[i]! > after;
  const diffs = ev ? ev.diffs.filter(keep) : [];
  const partners = ev ? ev.partners.filter(keep) : [];
  return { n: diffs.length, signal: bias(diffs, step, noise, n, partners) };
}
