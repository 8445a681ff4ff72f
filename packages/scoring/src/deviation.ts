// 试评 deviation (DESIGN.md §5): how far a marker's marks lie from the leader's reference scores. A simple
// signed mark − reference per paper, and per marker the mean and the mean absolute value over the papers
// that have a reference. The richer quality statistics (drift, self-consistency) live in @yj/quality.

const round2 = (v: number) => Math.round(v * 100) / 100 + 0;

/** mark − reference, rounded to 0.1 as scores are; null without a reference. */
export function deviation(mark: number, reference: number | null): number | null {
  return reference === null ? null : Math.round((mark - reference) * 10) / 10 + 0;
}

export interface MarkerDeviation {
  marked: number;
  compared: number;
  /** mean of (mark − reference), 2 decimals; null when no paper has a reference */
  mean: number | null;
  /** mean of |mark − reference|, 2 decimals */
  meanAbs: number | null;
}

/** A marker's overall deviation from the deviations of their marks (null: the paper has no reference). */
export function markerDeviation(deviations: (number | null)[]): MarkerDeviation {
  const known = deviations.filter((d): d is number => d !== null);
  if (!known.length) return { marked: deviations.length, compared: 0, mean: null, meanAbs: null };
  const sum = known.reduce((a, d) => a + d, 0);
  const abs = known.reduce((a, d) => a + Math.abs(d), 0);
  return {
    marked: deviations.length,
    compared: known.length,
    mean: round2(sum / known.length),
    meanAbs: round2(abs / known.length),
  };
}
