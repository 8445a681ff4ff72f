/**
 * The rates of 质检 (setting/qualitytest): hidden papers sent "one after every n real marks", and the leaders'
 * spot checks as a share of each marker's submitted papers.
 */

/**
 * Whether one more hidden paper is due: the marker's real marks reached (given + 1) × every. With every = 50
 * the first comes after the 50th real mark, the second after the 100th; a paper handed out but skipped counts
 * as given (the marker saw it), so skipping does not bring the next one sooner.
 */
export function hiddenDue(done: number, given: number, every: number | null): boolean {
  if (!every || every < 1) return false;
  return done >= (given + 1) * every;
}

/** Spot checks still due: ⌈done × percent / 100⌉ − checked, never below 0 (a share of 0 asks for none). */
export function spotDue(done: number, checked: number, percent: number): number {
  if (percent <= 0 || done <= 0) return 0;
  // in whole hundredths: 3 × 10 % is exactly 0.3 papers, not 0.30000000000000004 rounded up to 1
  return Math.max(0, Math.ceil((done * Math.round(percent * 100)) / 10000) - checked);
}

export interface DeviationSums {
  n: number;
  /** Σ (mark − other) */
  diff: number;
  /** Σ |mark − other| */
  abs: number;
  /** max |mark − other| */
  maxAbs: number | null;
}

export interface DeviationFigures {
  n: number;
  meanDiff: number | null;
  meanAbsDiff: number | null;
  maxAbsDiff: number | null;
}

const r4 = (v: number) => Math.round(v * 10000) / 10000 + 0;

/** Mean signed and absolute difference from the sums (the server sums in SQL). */
export function deviationFigures(s: DeviationSums | undefined): DeviationFigures {
  if (!s || s.n <= 0) return { n: 0, meanDiff: null, meanAbsDiff: null, maxAbsDiff: null };
  return {
    n: s.n,
    meanDiff: r4(s.diff / s.n),
    meanAbsDiff: r4(s.abs / s.n),
    maxAbsDiff: s.maxAbs === null ? null : r4(s.maxAbs),
  };
}

/** Sums of a list of signed differences (tests, and callers holding single deviations). */
export function sumsOf(diffs: readonly number[]): DeviationSums {
  return {
    n: diffs.length,
    diff: diffs.reduce((a, d) => a + d, 0),
    abs: diffs.reduce((a, d) => a + Math.abs(d), 0),
    maxAbs: diffs.length ? Math.max(...diffs.map(Math.abs)) : null,
  };
}

/** A marker's figures pass the deviation limit: a mean |difference| of any kind above it. */
export function overLimit(figures: readonly DeviationFigures[], limit: number): boolean {
  return figures.some((f) => f.meanAbsDiff !== null && f.meanAbsDiff > limit);
}
