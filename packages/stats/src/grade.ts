import type { Scores } from './describe';
import { ranks } from './rank';

/** One grade of 新高考 等级赋分: its share of the examinees (percent) and the band of points it maps onto. */
export interface GradeBand {
  grade: string;
  /** percent of 实考 */
  share: number;
  /** points of the band's best raw score */
  high: number;
  /** points of the band's lowest raw score */
  low: number;
}

/** The default 5 grades: A 15 % → 100–86, B 35 % → 85–71, C 35 % → 70–56, D 13 % → 55–41, E 2 % → 40–30. */
export const DEFAULT_GRADE_BANDS: readonly GradeBand[] = [
  { grade: 'A', share: 15, high: 100, low: 86 },
  { grade: 'B', share: 35, high: 85, low: 71 },
  { grade: 'C', share: 35, high: 70, low: 56 },
  { grade: 'D', share: 13, high: 55, low: 41 },
  { grade: 'E', share: 2, high: 40, low: 30 },
];

export interface GradedScore {
  grade: string;
  points: number;
}

/**
 * 新高考 等级赋分.
 *
 * Grade: examinees ranked by raw score (competition ranking); an examinee of rank r is in the first grade
 * whose cumulative share c (percent) satisfies (r − 1) < 实考 × c / 100, i.e. fewer than that many examinees
 * scored higher. Equal raw scores share a rank and so a grade (the better one): a tie at an edge makes the
 * upper grade a little larger than its share, never splits a score.
 *
 * Points: within a grade whose raw scores run from Y₁ (lowest) to Y₂ (highest), the equal-ratio formula of the
 * provincial rules (Y₂ − Y) / (Y − Y₁) = (T₂ − T) / (T − T₁) gives
 *   T = T₁ + (Y − Y₁) × (T₂ − T₁) / (Y₂ − Y₁),
 * T₁ / T₂ the band's low / high points; rounded half up to a whole point. A grade whose examinees all have one
 * raw score gets T₂. 缺考 get null. `rank`: the scores' `ranks`, when the caller has them already.
 */
export function gradeScores(
  scores: Scores,
  bands: readonly GradeBand[] = DEFAULT_GRADE_BANDS,
  rank?: readonly (number | null)[],
): (GradedScore | null)[] {
  const r = rank ?? ranks(scores);
  const sat = r.filter((x) => x !== null).length;
  const cumulative: number[] = [];
  let c = 0;
  for (const b of bands) cumulative.push((c += b.share));
  const gradeOf = (rank: number) => {
    const g = cumulative.findIndex((cum) => rank - 1 < (sat * cum) / 100 - 1e-9);
    return g === -1 ? bands.length - 1 : g;
  };
  const grade = r.map((x) => (x === null ? -1 : gradeOf(x)));
  const lo = bands.map(() => Infinity);
  const hi = bands.map(() => -Infinity);
  scores.forEach((s, i) => {
    const g = grade[i]!;
    if (s === null || g < 0) return;
    lo[g] = Math.min(lo[g]!, s);
    hi[g] = Math.max(hi[g]!, s);
  });
  return scores.map((s, i) => {
    const g = grade[i]!;
    if (s === null || g < 0) return null;
    const b = bands[g]!;
    const span = hi[g]! - lo[g]!;
    const t = span === 0 ? b.high : b.low + ((s - lo[g]!) * (b.high - b.low)) / span;
    return { grade: b.grade, points: Math.floor(t + 0.5 + 1e-9) };
  });
}
