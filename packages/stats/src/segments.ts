import { present, type Scores } from './describe';

export interface Segment {
  /** the score (the bucket's lower bound: a half point 88.5 falls in 88 with step 1) */
  score: number;
  count: number;
  /** examinees at this score or above */
  cumulative: number;
  /**
   * 名次: the rank of an examinee at this score — one more than those above it, so ties share it (competition
   * ranking, as 学生成绩 ranks); on an empty row, the rank such a score would have
   */
  rank: number;
  /** cumulative / 实考 */
  cumulativeRate: number;
}

const EPS = 1e-9;

/**
 * 一分一段: from the highest score down to the lowest, the count at every score (every `step`, empty ones
 * included, so the table has no holes) and the cumulative count from the top. Scores between steps fall in
 * the step below (88.5 → 88). 缺考 are not counted. Each row carries its 名次: where a student with that score
 * stands in the exam.
 */
export function oneScoreSegments(scores: Scores, step = 1): Segment[] {
  const xs = present(scores);
  if (xs.length === 0) return [];
  const bucket = (x: number) => Math.floor(x / step + EPS);
  let hi = -Infinity;
  let lo = Infinity;
  for (const x of xs) {
    const b = bucket(x);
    if (b > hi) hi = b;
    if (b < lo) lo = b;
  }
  const counts = new Int32Array(hi - lo + 1);
  for (const x of xs) counts[hi - bucket(x)]!++;
  const out: Segment[] = [];
  let cum = 0;
  for (let k = 0; k < counts.length; k++) {
    cum += counts[k]!;
    out.push({
      score: round6((hi - k) * step),
      count: counts[k]!,
      cumulative: cum,
      rank: cum - counts[k]! + 1,
      cumulativeRate: cum / xs.length,
    });
  }
  return out;
}

export interface Band {
  /** inclusive */
  from: number;
  /** exclusive, except the last band which holds full marks */
  to: number;
  count: number;
  rate: number;
}

/**
 * Score bands of `width` from 0 to full marks: [0, w), [w, 2w) … the last band closed so full marks are in it
 * (a width that does not divide full marks makes the last band narrower). Lowest band first.
 */
export function scoreBands(scores: Scores, fullMarks: number, width: number): Band[] {
  const xs = present(scores);
  const n = Math.max(1, Math.ceil(fullMarks / width - EPS));
  const counts = new Int32Array(n);
  for (const x of xs) counts[Math.min(n - 1, Math.max(0, Math.floor(x / width + EPS)))]!++;
  return Array.from(counts, (count, k) => ({
    from: round6(k * width),
    to: round6(Math.min(fullMarks, (k + 1) * width)),
    count,
    rate: xs.length ? count / xs.length : 0,
  }));
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
