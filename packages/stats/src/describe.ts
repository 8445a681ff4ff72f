/**
 * A score list as the reports read it: one entry per examinee, null for 缺考. Absent examinees are counted
 * (缺考) but never enter a figure as 0; 违纪 arrives as 0 from the score module and counts as sat.
 */
export type Scores = readonly (number | null)[];

/** The scores actually sat (缺考 left out). */
export const present = (scores: Scores): number[] => scores.filter((s): s is number => s !== null);

export interface Summary {
  /** 实考 */
  sat: number;
  /** 缺考 */
  absent: number;
  /** null when nobody sat */
  mean: number | null;
  max: number | null;
  min: number | null;
  median: number | null;
  /** population standard deviation (see `stddev`) */
  sd: number | null;
}

/** Scores sat as a list or a column (no NaN). */
export type Sat = readonly number[] | Float64Array;

export function mean(xs: Sat): number | null {
  if (xs.length === 0) return null;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/**
 * Population standard deviation √(Σ(x−μ)²/n): a report describes everyone who sat the exam — the whole
 * population, not a sample from which a larger one is estimated — and it is what Z / T scores, α and KR-20
 * are defined with. One examinee: 0. Two passes (mean first) to stay exact for large n.
 */
export function stddev(xs: Sat): number | null {
  const m = mean(xs);
  if (m === null) return null;
  let s = 0;
  for (const x of xs) s += (x - m) * (x - m);
  return Math.sqrt(s / xs.length);
}

/** Population variance (the square of `stddev`). */
export function variance(xs: readonly number[]): number | null {
  const sd = stddev(xs);
  return sd === null ? null : sd * sd;
}

/** The median of the sorted values s[from … to). */
function sortedMedian(s: Float64Array, from: number, to: number): number | null {
  const n = to - from;
  if (n === 0) return null;
  const h = from + (n >> 1);
  return n % 2 ? s[h]! : (s[h - 1]! + s[h]!) / 2;
}

/** Median: the middle score, or the mean of the two middle ones for an even count. */
export function median(xs: readonly number[]): number | null {
  return sortedMedian(Float64Array.from(xs).sort(), 0, xs.length);
}

/** Quartiles for a box plot: the median of each half (Tukey's hinges; the middle value joins neither half). */
export function boxPlot(xs: readonly number[]): [number, number, number, number, number] | null {
  return boxPlotOf(Float64Array.from(xs).sort());
}

/** `boxPlot` of scores sorted already. */
export function boxPlotOf(s: Float64Array): [number, number, number, number, number] | null {
  if (s.length === 0) return null;
  const n = s.length;
  const h = n >> 1;
  const mid = sortedMedian(s, 0, n)!;
  return [s[0]!, sortedMedian(s, 0, h) ?? mid, mid, sortedMedian(s, n % 2 ? h + 1 : h, n) ?? mid, s[n - 1]!];
}

export function summarize(scores: Scores): Summary {
  const xs = present(scores);
  return summaryOf(xs, scores.length - xs.length, Float64Array.from(xs).sort());
}

/**
 * `summarize` of the scores sat (`xs`, in list order; `absent` 缺考 beside them) with `sorted`, the same scores
 * sorted — which `boxPlotOf` takes too, so a group's figures sort its scores once.
 */
export function summaryOf(xs: Sat, absent: number, sorted: Float64Array): Summary {
  let max: number | null = null;
  let min: number | null = null;
  for (const x of xs) {
    if (max === null || x > max) max = x;
    if (min === null || x < min) min = x;
  }
  return {
    sat: xs.length,
    absent,
    mean: mean(xs),
    max,
    min,
    median: sortedMedian(sorted, 0, sorted.length),
    sd: stddev(xs),
  };
}
