import { variance } from './describe';
import type { Item } from './items';

/** The examinees with a score on every question (complete cases): reliability is defined over the same people. */
function completeRows(items: readonly Item[]): number[][] {
  const n = items[0]?.scores.length ?? 0;
  const rows: number[][] = [];
  for (let i = 0; i < n; i++) {
    const row: number[] = [];
    for (const it of items) {
      const s = it.scores[i];
      if (s === null || s === undefined) break;
      row.push(s);
    }
    if (row.length === items.length) rows.push(row);
  }
  return rows;
}

/**
 * Fewest examinees (with a score on every question) α and KR-20 are given for. Below it one or two unusual
 * papers swing α across most of its range (an analysis group of 5 students: anything from below 0 to near 1),
 * so a figure would mislead more than it tells; 10 is the usual floor for a class-sized group.
 */
export const RELIABILITY_MIN_EXAMINEES = 10;

/** Why α and KR-20 are not given: under 2 questions, too few examinees, or totals that do not vary. */
export type ReliabilityWithheld = 'fewQuestions' | 'fewExaminees' | 'noSpread';

/** The reason α and KR-20 are withheld for k questions, n complete examinees and the totals' variance. */
export function reliabilityWithheld(k: number, n: number, totalVar: number): ReliabilityWithheld | null {
  if (k < 2) return 'fewQuestions';
  if (n < RELIABILITY_MIN_EXAMINEES) return 'fewExaminees';
  if (!(totalVar > 0)) return 'noSpread';
  return null;
}

function parts(items: readonly Item[]) {
  const rows = completeRows(items);
  const k = items.length;
  const totalVar = rows.length ? variance(rows.map((r) => r.reduce((a, b) => a + b, 0)))! : 0;
  if (reliabilityWithheld(k, rows.length, totalVar)) return null;
  return { rows, k, totalVar };
}

/** α and KR-20 as `cronbachAlpha` and `kr20` give them, with the reason when they are withheld. */
export function reliability(items: readonly Item[]): {
  alpha: number | null;
  kr20: number | null;
  withheld: ReliabilityWithheld | null;
} {
  const rows = completeRows(items);
  const totalVar = rows.length ? variance(rows.map((r) => r.reduce((a, b) => a + b, 0)))! : 0;
  return {
    alpha: cronbachAlpha(items),
    kr20: kr20(items),
    withheld: reliabilityWithheld(items.length, rows.length, totalVar),
  };
}

/**
 * Cronbach's α = k / (k − 1) × (1 − Σ σ²ᵢ / σ²ₓ), population variances, over the examinees with a score on
 * every question. Null when `reliabilityWithheld` gives a reason: fewer than 2 questions, fewer than
 * RELIABILITY_MIN_EXAMINEES examinees, or totals that do not vary.
 */
export function cronbachAlpha(items: readonly Item[]): number | null {
  const p = parts(items);
  if (!p) return null;
  let sum = 0;
  for (let j = 0; j < p.k; j++) sum += variance(p.rows.map((r) => r[j]!))!;
  return (p.k / (p.k - 1)) * (1 - sum / p.totalVar);
}

/**
 * KR-20 = k / (k − 1) × (1 − Σ pᵢqᵢ / σ²), for questions scored right / wrong only (0 or full marks), on the
 * scale of right / wrong: pᵢ the share right, σ² the variance of the number right — not of the points, which a
 * question worth 2 or 3 points makes several times larger than Σ pq (13 such questions gave 1.04 for 0.74).
 * Null when a question has any other score (α applies then), or when `reliabilityWithheld` gives a reason for
 * the number right. With 1-point questions it equals α.
 */
export function kr20(items: readonly Item[]): number | null {
  const rows = completeRows(items);
  const k = items.length;
  const right = rows.map(() => 0);
  let sum = 0;
  for (let j = 0; j < k; j++) {
    const full = items[j]!.full;
    if (!(full > 0)) return null;
    let count = 0;
    rows.forEach((r, i) => {
      if (r[j] === full) {
        count++;
        right[i]!++;
      }
    });
    if (rows.some((r) => r[j] !== full && r[j] !== 0)) return null;
    const pj = count / rows.length;
    sum += pj * (1 - pj);
  }
  const totalVar = rows.length ? variance(right)! : 0;
  if (reliabilityWithheld(k, rows.length, totalVar)) return null;
  return (k / (k - 1)) * (1 - sum / totalVar);
}
