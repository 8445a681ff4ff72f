/** Question number → score, e.g. `{ '13': 4.5, '14(1)': 2 }`. */
export type Marks = Record<string, number>;

/**
 * Nearest multiple of step; an exact half goes up (4.25 at step 0.5 -> 4.5; 3.5 at step 1 -> 4). Float-safe: the
 * quotient is snapped to 1e-6 first, so 0.1 + 4.1 + 0.3 (= 4.499999999999999) still counts as the half 4.5. Means
 * of half points give quarters, so working in tenths would lose the tie 4.25; a millionth keeps it.
 */
export function roundToStep(value: number, step: number): number {
  if (!(step > 0)) throw new Error(`步长 ${step} 无效`);
  const units = Math.round((value / step) * 1e6) / 1e6;
  const n = Math.floor(units + 0.5);
  // n * step can carry float noise too (3 * 0.1); `+ 0` turns -0 into 0
  return Math.round(n * step * 1e6) / 1e6 + 0;
}

/** The sum of the marks' scores, rounded to one decimal (0.1 + 0.2 -> 0.3). */
export function total(m: Marks): number {
  const sum = Object.values(m).reduce((s, v) => s + v, 0);
  return Math.round(sum * 10) / 10 + 0;
}
