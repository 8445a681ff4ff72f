import type { MarkQuestion } from '@yj/contracts';

/** Most score buttons shown for a question; beyond it the dialog offers a number box. */
export const MAX_STEP_BUTTONS = 21;

/** Every score a question allows, from 0 to its full score on its step (empty when there are too many). */
export function stepScores(q: Pick<MarkQuestion, 'fullScore' | 'step'>): number[] {
  const n = Math.round(q.fullScore / q.step);
  if (n + 1 > MAX_STEP_BUTTONS || n < 0) return [];
  return Array.from({ length: n + 1 }, (_, i) => Math.round(i * q.step * 10) / 10);
}

/** The sum of given scores, to one decimal. */
export const totalOf = (scores: Record<string, number | null>): number =>
  Math.round(Object.values(scores).reduce<number>((a, v) => a + (v ?? 0), 0) * 10) / 10;
