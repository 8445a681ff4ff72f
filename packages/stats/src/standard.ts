import type { Column } from './columns';
import { toColumn } from './columns';
import type { Scores } from './describe';
import { gradeColumns, type GradeBand } from './grade';
import { bestFirst, GroupRanker } from './rank';

/**
 * What Z and T are taken against: the mean and population σ of the scores sat (NaN: 缺考), summed in list
 * order as `mean` and `stddev` sum them; null when nobody sat.
 */
export function standardOf(scores: Column): { mean: number; sd: number } | null {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < scores.length; i++)
    if (scores[i] === scores[i]) {
      sum += scores[i]!;
      n++;
    }
  if (!n) return null;
  const mean = sum / n;
  let sq = 0;
  for (let i = 0; i < scores.length; i++)
    if (scores[i] === scores[i]) sq += (scores[i]! - mean) * (scores[i]! - mean);
  return { mean, sd: Math.sqrt(sq / n) };
}

/** The Z score (x − μ) / σ; 0 when everybody has the same score (σ = 0). */
export const zScore = (x: number, s: { mean: number; sd: number }) => (s.sd ? (x - s.mean) / s.sd : 0);

/** The T score of a Z score: 50 + 10 Z. */
export const tScore = (z: number) => 50 + 10 * z;

/**
 * Z scores (x − μ) / σ with the population σ of the examinees who sat, and T scores 50 + 10 Z. 缺考 stay
 * null; when everybody has the same score (σ = 0) every Z is 0 and every T 50.
 */
export function standardScores(scores: Scores): { z: (number | null)[]; t: (number | null)[] } {
  const s = standardOf(toColumn(scores));
  const z = scores.map((x) => (x === null || s === null ? null : zScore(x, s)));
  return { z, t: z.map((v) => (v === null ? null : tScore(v))) };
}

/**
 * The 学生成绩 figures of every examinee as columns (NaN / Infinity / −1: 缺考, no figure).
 */
export interface StudentColumns {
  /** positions of those who sat, best first, equal scores in list order (`bestFirst`) */
  best: Int32Array;
  /** competition rank in the whole list ("1224"); Infinity: 缺考 */
  rank: Float64Array;
  /** competition rank among the same school / class; 0: 缺考 */
  rankInSchool: Int32Array;
  rankInClass: Int32Array;
  /** mean and σ the Z scores are taken against (`standardOf`); null when nobody sat */
  standard: { mean: number; sd: number } | null;
  z: Float64Array;
  t: Float64Array;
  /** 等级赋分: the band's index (−1: 缺考) and the points (NaN: 缺考) */
  grade: Int16Array;
  points: Float64Array;
}

/**
 * Each examinee's ranks in class, school and the whole list (competition ranking), Z and T scores and 等级赋分
 * over every examinee listed — one walk best first, no object per examinee (100,000 examinees in each of an
 * exam's ten 学生成绩 tables). Scores NaN: 缺考.
 */
export function studentColumns(
  totals: Column,
  schoolIds: Int32Array,
  classIds: Int32Array,
  grades: readonly GradeBand[],
): StudentColumns {
  const n = totals.length;
  const best = bestFirst(totals);
  const rank = new Float64Array(n).fill(Infinity);
  const rankInSchool = new Int32Array(n);
  const rankInClass = new Int32Array(n);
  const school = new GroupRanker(schoolIds);
  const cls = new GroupRanker(classIds);
  for (let k = 0; k < best.length; k++) {
    const i = best[k]!;
    const s = totals[i]!;
    rank[i] = k > 0 && totals[best[k - 1]!] === s ? rank[best[k - 1]!]! : k + 1;
    rankInSchool[i] = school.next(i, s);
    rankInClass[i] = cls.next(i, s);
  }
  const standard = standardOf(totals);
  const z = new Float64Array(n).fill(NaN);
  const t = new Float64Array(n).fill(NaN);
  if (standard)
    for (let i = 0; i < n; i++)
      if (totals[i] === totals[i]) {
        z[i] = zScore(totals[i]!, standard);
        t[i] = tScore(z[i]!);
      }
  const graded = gradeColumns(totals, grades, rank);
  return { best, rank, rankInSchool, rankInClass, standard, z, t, ...graded };
}
