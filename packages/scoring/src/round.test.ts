import { describe, expect, it } from 'vitest';
import { roundToStep, total } from './round';

describe('roundToStep', () => {
  it('step 0.5: quarters are halves of the step and go up', () => {
    // 4.25 / 0.5 = 8.5 -> half up -> 9 * 0.5 = 4.5
    expect(roundToStep(4.25, 0.5)).toBe(4.5);
    // 4.75 / 0.5 = 9.5 -> 10 * 0.5 = 5
    expect(roundToStep(4.75, 0.5)).toBe(5);
    // 4.2 / 0.5 = 8.4 -> 8 * 0.5 = 4; 4.3 / 0.5 = 8.6 -> 9 * 0.5 = 4.5
    expect(roundToStep(4.2, 0.5)).toBe(4);
    expect(roundToStep(4.3, 0.5)).toBe(4.5);
    // already on the step: unchanged
    expect(roundToStep(4.5, 0.5)).toBe(4.5);
    expect(roundToStep(0, 0.5)).toBe(0);
  });

  it('step 1: x.5 goes up, below it down', () => {
    // 3.5 -> 4; 2.5 -> 3 (half up, not to even); 3.49 -> 3
    expect(roundToStep(3.5, 1)).toBe(4);
    expect(roundToStep(2.5, 1)).toBe(3);
    expect(roundToStep(3.49, 1)).toBe(3);
    // 0.25 / 1 -> 0
    expect(roundToStep(0.25, 1)).toBe(0);
  });

  it('step 2: the half is an odd whole number', () => {
    // 5 / 2 = 2.5 -> 3 * 2 = 6; 4.9 / 2 = 2.45 -> 2 * 2 = 4; 7 / 2 = 3.5 -> 4 * 2 = 8
    expect(roundToStep(5, 2)).toBe(6);
    expect(roundToStep(4.9, 2)).toBe(4);
    expect(roundToStep(7, 2)).toBe(8);
    // 1 / 2 = 0.5 -> 1 * 2 = 2; 0.9 / 2 = 0.45 -> 0
    expect(roundToStep(1, 2)).toBe(2);
    expect(roundToStep(0.9, 2)).toBe(0);
  });

  it('is float-safe', () => {
    // 0.1 + 4.1 + 0.3 = 4.499999999999999 in floats, really the half 4.5 -> step 1 gives 5
    // (plain Math.round would give 4)
    expect(0.1 + 4.1 + 0.3).toBeLessThan(4.5);
    expect(roundToStep(0.1 + 4.1 + 0.3, 1)).toBe(5);
    // 0.1 + 0.2 = 0.30000000000000004 -> / 0.5 = 0.6 -> 1 * 0.5 = 0.5
    expect(roundToStep(0.1 + 0.2, 0.5)).toBe(0.5);
    // (0.1 + 0.2) * 5 = 1.5000000000000002 -> step 1: 2 (exactly 1.5, half up)
    expect(roundToStep((0.1 + 0.2) * 5, 1)).toBe(2);
    // the result carries no noise: (0.1 + 0.2) at step 0.1 is 0.3 exactly, not 0.30000000000000004
    expect(roundToStep(0.1 + 0.2, 0.1)).toBe(0.3);
  });
});

describe('total', () => {
  it('sums to one decimal', () => {
    // 0.1 + 0.2 = 0.3 (not 0.30000000000000004)
    expect(total({ '1': 0.1, '2': 0.2 })).toBe(0.3);
    // 4.5 + 3 + 0.5 = 8
    expect(total({ '13': 4.5, '14(1)': 3, '14(2)': 0.5 })).toBe(8);
    expect(total({})).toBe(0);
  });
});
