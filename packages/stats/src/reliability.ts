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

function parts(items: readonly Item[]) {
  const rows = completeRows(items);
  const k = items.length;
  if (k < 2 || rows.length < 2) return null;
  const totalVar = variance(rows.map((r) => r.reduce((a, b) => a + b, 0)))!;
  if (totalVar === 0) return null;
  return { rows, k, totalVar };
}

/**
 * Cronbach's α = k / (k − 1) × (1 − Σ σ²ᵢ / σ²ₓ), population variances, over the examinees with a score on
 * every question. Null with fewer than 2 questions or examinees, or when the totals do not vary.
 */
export function cronbachAlpha(items: readonly Item[]): number | null {
  const p = parts(items);
  if (!p) return null;
  let sum = 0;
  for (let j = 0; j < p.k; j++) sum += variance(p.rows.map((r) => r[j]!))!;
  return (p.k / (p.k - 1)) * (1 - sum / p.totalVar);
}

/**
 * KR-20 = k / (k − 1) × (1 − Σ pᵢqᵢ / σ²ₓ) for questions scored right / wrong only (0 or full marks; pᵢ the
 * share right). Null when a question has any other score — α applies then. With population variances KR-20
 * equals α on such questions.
 */
export function kr20(items: readonly Item[]): number | null {
  const p = parts(items);
  if (!p) return null;
  let sum = 0;
  for (let j = 0; j < p.k; j++) {
    const full = items[j]!.full;
    let right = 0;
    for (const r of p.rows) {
      if (r[j] === full) right++;
      else if (r[j] !== 0) return null;
    }
    const pj = right / p.rows.length;
    sum += pj * (1 - pj);
  }
  return (p.k / (p.k - 1)) * (1 - sum / p.totalVar);
}
