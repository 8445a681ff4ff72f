import type { Column } from './columns';
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

/**
 * The cumulative count of examinees each grade reaches down to: 实考 × the grade's cumulative share (percent),
 * rounded half up to a whole examinee (40 sat, 15/35/35/13/2 %: 6, 20, 34, 39, 40 — grades of 6, 14, 14, 5, 1).
 */
export function gradeQuotas(sat: number, bands: readonly Pick<GradeBand, 'share'>[]): number[] {
  let c = 0;
  // the shares summed in percent first (15 + 35 + … exact), the count rounded with a hair for 0.5 × 3 = 1.4999…
  return bands.map((b) => Math.floor((sat * (c += b.share)) / 100 + 0.5 + 1e-9));
}

export interface GradedScore {
  grade: string;
  points: number;
}

/**
 * 新高考 等级赋分.
 *
 * Grade, as the provincial 新高考 等级赋分 schemes draw it: examinees ranked by raw score (competition
 * ranking); an examinee of rank r is in the first grade whose cumulative count — 实考 × its cumulative share c
 * (percent), rounded half up to whole examinees (`gradeQuotas`) — is more than the r − 1 examinees ranked
 * above them. Equal raw scores share a rank and so a grade (the better one): a tie at an edge makes the upper
 * grade a little larger than its share, never splits a score. Rounding to the nearest examinee rather than up
 * keeps the small grades: with 40 sat the 2 % grade (0.8 examinees) holds the last one, where a count rounded up
 * (98 % of 40 = 39.2 → 40 in the grade above) left it empty whenever fewer than 50 sat.
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
  const c = gradeColumns(scores, bands, rank);
  return scores.map((_, i) =>
    c.grade[i]! < 0 ? null : { grade: bands[c.grade[i]!]!.grade, points: c.points[i]! },
  );
}

/**
 * `gradeScores` as columns: each examinee's grade as the index of its band (−1: 缺考) and its points (NaN: 缺考)
 * — no object per examinee. Scores may be a column (NaN: 缺考), ranks a column (Infinity or NaN: none).
 */
export function gradeColumns(
  scores: Scores | Column,
  bands: readonly GradeBand[] = DEFAULT_GRADE_BANDS,
  rank?: readonly (number | null)[] | Float64Array,
): { grade: Int16Array; points: Float64Array } {
  const r = rank ?? ranks(scores);
  let sat = 0;
  for (const x of r) if (x !== null && x < Infinity) sat++;
  const quota = gradeQuotas(sat, bands);
  const grade = new Int16Array(scores.length).fill(-1);
  const lo = bands.map(() => Infinity);
  const hi = bands.map(() => -Infinity);
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i];
    const x = r[i];
    if (s === null || s === undefined || s !== s || x === null || x === undefined || !(x < Infinity))
      continue;
    let g = 0;
    while (g < bands.length && !(x - 1 < quota[g]!)) g++;
    if (g === bands.length) g = bands.length - 1;
    if (g < 0) continue; // no bands
    grade[i] = g;
    lo[g] = Math.min(lo[g]!, s);
    hi[g] = Math.max(hi[g]!, s);
  }
  const points = new Float64Array(scores.length).fill(NaN);
  for (let i = 0; i < scores.length; i++) {
    const g = grade[i]!;
    if (g < 0) continue;
    const s = scores[i]!;
    const b = bands[g]!;
    const span = hi[g]! - lo[g]!;
    const t = span === 0 ? b.high : b.low + ((s - lo[g]!) * (b.high - b.low)) / span;
    points[i] = Math.floor(t + 0.5 + 1e-9);
  }
  return { grade, points };
}
