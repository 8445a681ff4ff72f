/**
 * Drift of a marker over time (DESIGN.md §5 质检): a marker who starts well and tires is caught by charts of
 * the signed deviation d (mark − other score: the other marker, or a standard paper's reference), in marking
 * order, standardised by `scale` (the spread of d for a marker in control: the block's standard deviation of
 * pair differences).
 *
 * EWMA (Montgomery, Introduction to SQC, section 9.2): z₀ = 0, zₜ = λ·xₜ + (1 − λ)·zₜ₋₁ with xₜ = dₜ / scale;
 * out of control when |zₜ| > L·√(λ / (2 − λ) · (1 − (1 − λ)^(2t))). λ = 0.2 and L = 3 weigh about the last
 * ten marks and give an in-control run length of several hundred marks.
 *
 * Tabular CUSUM (Montgomery, section 9.1): C⁺ₜ = max(0, C⁺ₜ₋₁ + xₜ − k), C⁻ₜ = max(0, C⁻ₜ₋₁ − xₜ − k); out of control when
 * either passes h. k = 0.5 (detects a shift of one scale unit), h = 5.
 */
export interface DriftParams {
  lambda: number;
  L: number;
  k: number;
  h: number;
}

export const DRIFT_DEFAULTS: DriftParams = { lambda: 0.2, L: 3, k: 0.5, h: 5 };

export interface DriftPoint {
  /** 1-based position in marking order */
  t: number;
  ewma: number;
  /** the EWMA's control limit at t (±) */
  limit: number;
  cusumHigh: number;
  cusumLow: number;
}

export interface Drift {
  points: DriftPoint[];
  /** the first position where a chart went out of control, with the direction; null: in control */
  signal: { t: number; chart: 'ewma' | 'cusum'; direction: 'high' | 'low' } | null;
  last: DriftPoint | null;
}

const r4 = (v: number) => Math.round(v * 10000) / 10000 + 0;

/** EWMA and CUSUM of signed deviations in marking order. */
export function drift(deviations: readonly number[], scale: number, p: DriftParams = DRIFT_DEFAULTS): Drift {
  const s = scale > 0 ? scale : 1;
  let z = 0;
  let hi = 0;
  let lo = 0;
  let signal: Drift['signal'] = null;
  const points: DriftPoint[] = [];
  deviations.forEach((d, i) => {
    const t = i + 1;
    const x = d / s;
    z = p.lambda * x + (1 - p.lambda) * z;
    hi = Math.max(0, hi + x - p.k);
    lo = Math.max(0, lo - x - p.k);
    const limit = p.L * Math.sqrt((p.lambda / (2 - p.lambda)) * (1 - (1 - p.lambda) ** (2 * t)));
    points.push({ t, ewma: r4(z), limit: r4(limit), cusumHigh: r4(hi), cusumLow: r4(lo) });
    if (signal) return;
    // compared as shown (4 decimals): 0.2 × 3 is 0.6000000000000001, no more out of control than its limit 0.6
    if (r4(Math.abs(z)) > r4(limit)) signal = { t, chart: 'ewma', direction: z > 0 ? 'high' : 'low' };
    else if (hi > p.h) signal = { t, chart: 'cusum', direction: 'high' };
    else if (lo > p.h) signal = { t, chart: 'cusum', direction: 'low' };
  });
  return { points, signal, last: points[points.length - 1] ?? null };
}

/** Population standard deviation of the deviations (the scale of the charts); null below two values. */
export function spread(deviations: readonly number[]): number | null {
  if (deviations.length < 2) return null;
  const m = deviations.reduce((a, d) => a + d, 0) / deviations.length;
  return r4(Math.sqrt(deviations.reduce((a, d) => a + (d - m) ** 2, 0) / deviations.length));
}
