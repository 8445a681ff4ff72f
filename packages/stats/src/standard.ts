import { mean, present, stddev, type Scores } from './describe';

/**
 * Z scores (x − μ) / σ with the population σ of the examinees who sat, and T scores 50 + 10 Z. 缺考 stay
 * null; when everybody has the same score (σ = 0) every Z is 0 and every T 50.
 */
export function standardScores(scores: Scores): { z: (number | null)[]; t: (number | null)[] } {
  const xs = present(scores);
  const m = mean(xs);
  const sd = stddev(xs);
  const z = scores.map((s) => (s === null || m === null ? null : sd ? (s - m) / sd : 0));
  return { z, t: z.map((v) => (v === null ? null : 50 + 10 * v)) };
}
