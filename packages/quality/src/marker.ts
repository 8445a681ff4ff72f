/**
 * Per-marker figures of one block (DESIGN.md §5 质检): from the marker's score histogram and the block's.
 * A histogram is score → count; the server keeps them incrementally, so nothing here walks single marks.
 */
export type Histogram = ReadonlyMap<number, number> | Readonly<Record<string, number>>;

export interface Moments {
  n: number;
  mean: number | null;
  /** population standard deviation (σ, divided by n): the spread of what the marker gave, not an estimate */
  sd: number | null;
}

const entries = (h: Histogram): [number, number][] =>
  h instanceof Map ? [...h.entries()] : Object.entries(h).map(([k, v]) => [Number(k), v as number]);

const round = (v: number, digits = 4) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f + 0;
};

/** Count, mean and standard deviation of a histogram. */
export function moments(h: Histogram): Moments {
  const m = raw(h);
  return m.mean === null ? m : { n: m.n, mean: round(m.mean), sd: round(m.sd!) };
}

function raw(h: Histogram): Moments {
  let n = 0;
  let sum = 0;
  for (const [score, count] of entries(h)) {
    n += count;
    sum += score * count;
  }
  if (n === 0) return { n: 0, mean: null, sd: null };
  const mean = sum / n;
  let ss = 0;
  for (const [score, count] of entries(h)) ss += count * (score - mean) ** 2;
  return { n, mean, sd: Math.sqrt(ss / n) };
}

/** Share (0…1) of marks equal to 0 and equal to the full score. */
export function extremes(h: Histogram, fullScore: number): { zero: number | null; full: number | null } {
  let n = 0;
  let zero = 0;
  let full = 0;
  for (const [score, count] of entries(h)) {
    n += count;
    if (score === 0) zero += count;
    if (score >= fullScore) full += count;
  }
  return n === 0 ? { zero: null, full: null } : { zero: round(zero / n), full: round(full / n) };
}

/** Adds histograms (the block's from its markers'). */
export function merge(hs: Histogram[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const h of hs) for (const [s, c] of entries(h)) out.set(s, (out.get(s) ?? 0) + c);
  return out;
}

/**
 * Shares per bin: `bins` equal bins over 0…fullScore (the last closed), for the chart of a marker against the
 * block. A score above full (never, the submit refuses it) falls in the last bin.
 */
export function binShares(h: Histogram, fullScore: number, bins: number): number[] {
  const counts = new Array<number>(bins).fill(0);
  let n = 0;
  for (const [score, count] of entries(h)) {
    const i = fullScore <= 0 ? 0 : Math.min(bins - 1, Math.max(0, Math.floor((score / fullScore) * bins)));
    counts[i]! += count;
    n += count;
  }
  return counts.map((c) => (n === 0 ? 0 : round(c / n)));
}

/**
 * How far a marker's scores lie from the block's: the difference of means in units of the block's standard
 * deviation (a standardised effect size: +1 means one block-SD more generous), and the total variation
 * distance of the binned distributions (half the sum of absolute share differences, 0 same … 1 disjoint).
 */
export function distance(
  marker: Histogram,
  block: Histogram,
  fullScore: number,
  bins = 10,
): { meanDiffSd: number | null; tvd: number | null } {
  const m = raw(marker);
  const b = raw(block);
  if (m.mean === null || b.mean === null) return { meanDiffSd: null, tvd: null };
  const meanDiffSd = b.sd && b.sd > 0 ? round((m.mean - b.mean) / b.sd) : null;
  const pm = binShares(marker, fullScore, bins);
  const pb = binShares(block, fullScore, bins);
  const tvd = round(pm.reduce((a, p, i) => a + Math.abs(p - pb[i]!), 0) / 2);
  return { meanDiffSd, tvd };
}
