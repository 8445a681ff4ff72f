/** Figures from pairs of marks: against the other marker, a known score, or the marker's own earlier mark. */
export interface Pair {
  /** this marker's score */
  mark: number;
  /** the other score: the other marker's, the reference score of a standard paper, or the first mark */
  other: number;
}

export interface PairStats {
  n: number;
  /** share (0…1) of pairs with |mark − other| ≤ threshold */
  within: number | null;
  /** mean of mark − other: positive, the marker gives more */
  meanDiff: number | null;
  /** mean of |mark − other| */
  meanAbsDiff: number | null;
}

const round = (v: number) => Math.round(v * 10000) / 10000 + 0;

/** Agreement of a marker's pairs; a difference equal to the threshold is within (as the double-marking rule). */
export function pairStats(pairs: readonly Pair[], threshold: number): PairStats {
  if (!pairs.length) return { n: 0, within: null, meanDiff: null, meanAbsDiff: null };
  let within = 0;
  let sum = 0;
  let abs = 0;
  for (const p of pairs) {
    const d = p.mark - p.other;
    // scores have one decimal: compare in tenths so 0.1 + 0.2 style noise never moves a pair out
    if (Math.round(Math.abs(d) * 10) <= Math.round(threshold * 10)) within++;
    sum += d;
    abs += Math.abs(d);
  }
  const n = pairs.length;
  return { n, within: round(within / n), meanDiff: round(sum / n), meanAbsDiff: round(abs / n) };
}

/** Share of the marker's double-marked papers that needed a third mark or a leader's arbitration. */
export function arbitrationRate(pairs: number, sentOn: number): number | null {
  return pairs > 0 ? round(sentOn / pairs) : null;
}
