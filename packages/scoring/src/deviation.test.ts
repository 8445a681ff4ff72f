import { describe, expect, it } from 'vitest';
import { deviation, markerDeviation } from './deviation';

describe('trial deviation', () => {
  it('is mark − reference, rounded to 0.1, null without a reference', () => {
    expect(deviation(8, 6.5)).toBe(1.5);
    expect(deviation(4.2, 6.5)).toBe(-2.3);
    expect(deviation(0.3, 0.1)).toBe(0.2);
    expect(deviation(5, 5)).toBe(0);
    expect(deviation(5, null)).toBeNull();
  });

  it('averages a marker over the papers with a reference (hand-computed)', () => {
    // +2, −1, +0.5 and one paper without a reference: mean 1.5/3 = 0.5, mean |d| 3.5/3 = 1.1666… → 1.17
    expect(markerDeviation([2, -1, 0.5, null])).toEqual({ marked: 4, compared: 3, mean: 0.5, meanAbs: 1.17 });
    expect(markerDeviation([-3, -1])).toEqual({ marked: 2, compared: 2, mean: -2, meanAbs: 2 });
  });

  it('says nothing when no paper has a reference', () => {
    expect(markerDeviation([null, null])).toEqual({ marked: 2, compared: 0, mean: null, meanAbs: null });
    expect(markerDeviation([])).toEqual({ marked: 0, compared: 0, mean: null, meanAbs: null });
  });
});
