import { describe, expect, it } from 'vitest';
import { fourRates } from './rates';

describe('fourRates', () => {
  it('cumulative 优秀 / 良好 / 及格, 低分 below 40 %, shares of 实考', () => {
    // full 150: lines 127.5 / 105 / 90 / 60; 9 sat (the null is absent)
    // ≥127.5: 150 127.5 → 2; ≥105: + 127 105 → 4; ≥90: + 104.5 90 → 6; <60: 59.5 0 → 2
    const r = fourRates([150, 127.5, 127, 105, 104.5, 90, 60, 59.5, 0, null], 150);
    expect(r.excellent).toEqual({ count: 2, rate: 2 / 9 });
    expect(r.good).toEqual({ count: 4, rate: 4 / 9 });
    expect(r.pass).toEqual({ count: 6, rate: 6 / 9 });
    expect(r.low).toEqual({ count: 2, rate: 2 / 9 });
  });

  it('a score exactly on a line counts despite float error (0.7 × 90 = 62.99999999999999)', () => {
    expect(0.7 * 90).toBeLessThan(63);
    const r = fourRates([63, 36], 90);
    expect(r.good.count).toBe(1);
    // 36 of 90 is exactly 40 %: not 低分
    expect(r.low.count).toBe(0);
  });

  it('thresholds set per exam; nobody sat gives null rates', () => {
    // excellent at 90 %: 90 of 100 counts, 89 does not
    const r = fourRates([90, 89], 100, { excellent: 0.9, good: 0.8, pass: 0.5, low: 0.3 });
    expect(r.excellent.count).toBe(1);
    expect(r.good.count).toBe(2);
    expect(fourRates([null], 100).pass).toEqual({ count: 0, rate: null });
  });
});
