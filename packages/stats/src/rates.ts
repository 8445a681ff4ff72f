import { present, type Sat, type Scores } from './describe';

/** 四率 thresholds as shares of full marks (0–1). */
export interface RateThresholds {
  excellent: number;
  good: number;
  pass: number;
  low: number;
}

export const DEFAULT_RATE_THRESHOLDS: RateThresholds = { excellent: 0.85, good: 0.7, pass: 0.6, low: 0.4 };

export interface Rate {
  count: number;
  /** count / 实考; null when nobody sat */
  rate: number | null;
}

export interface FourRates {
  excellent: Rate;
  good: Rate;
  pass: Rate;
  low: Rate;
}

// A threshold like 0.7 × 150 = 104.99999999999999 in floats: compare with a tolerance far below any score step.
const EPS = 1e-9;

/**
 * 四率 as Chinese schools read them: 优秀率 score ≥ 85 % of full marks, 良好率 ≥ 70 %, 及格率 ≥ 60 % (each
 * cumulative: an excellent examinee is also good and passed), 低分率 score < 40 %. Shares of 实考 (缺考 are
 * not in the denominator).
 */
export function fourRates(
  scores: Scores,
  fullMarks: number,
  t: RateThresholds = DEFAULT_RATE_THRESHOLDS,
): FourRates {
  return fourRatesOf(present(scores), fullMarks, t);
}

/** `fourRates` of the scores sat only. */
export function fourRatesOf(
  xs: Sat,
  fullMarks: number,
  t: RateThresholds = DEFAULT_RATE_THRESHOLDS,
): FourRates {
  const at = (share: number) => fullMarks * share - EPS;
  const counts = { excellent: 0, good: 0, pass: 0, low: 0 };
  const [e, g, p, l] = [at(t.excellent), at(t.good), at(t.pass), at(t.low)];
  for (const x of xs) {
    if (x >= e) counts.excellent++;
    if (x >= g) counts.good++;
    if (x >= p) counts.pass++;
    if (x < l) counts.low++;
  }
  const r = (count: number): Rate => ({ count, rate: xs.length ? count / xs.length : null });
  return { excellent: r(counts.excellent), good: r(counts.good), pass: r(counts.pass), low: r(counts.low) };
}
