import { describe, expect, it } from 'vitest';
import { boxPlot, median, summarize } from './describe';

describe('summarize', () => {
  it('counts 实考 and 缺考 and leaves 缺考 out of every figure (never a 0)', () => {
    // sat: 80 90 70 100 60 → mean 400 / 5 = 80; sorted 60 70 80 90 100 → median 80
    // deviations 0 10 −10 20 −20 → squares 1000 / 5 = 200 → sd √200 = 14.1421…
    const s = summarize([80, null, 90, 70, 100, 60]);
    expect(s).toMatchObject({ sat: 5, absent: 1, mean: 80, max: 100, min: 60, median: 80 });
    expect(s.sd).toBeCloseTo(14.142136, 6);
  });

  it('0 and full marks are real scores', () => {
    // 0 and 150: mean 75, deviations ±75 → population sd 75 (a sample sd would be 106.07)
    expect(summarize([0, 150])).toMatchObject({
      sat: 2,
      absent: 0,
      mean: 75,
      max: 150,
      min: 0,
      median: 75,
      sd: 75,
    });
  });

  it('one examinee: sd 0; nobody sat: null figures', () => {
    expect(summarize([42])).toMatchObject({ mean: 42, median: 42, sd: 0 });
    expect(summarize([null, null])).toEqual({
      sat: 0,
      absent: 2,
      mean: null,
      max: null,
      min: null,
      median: null,
      sd: null,
    });
  });

  it('median of an even count is the mean of the middle two, sorted numerically', () => {
    // 4 3 10 1 → 1 3 4 10 → (3 + 4) / 2 = 3.5 (a string sort would put 10 before 3)
    expect(median([4, 3, 10, 1])).toBe(3.5);
  });
});

describe('boxPlot', () => {
  it('odd count: hinges are the medians of each half without the middle', () => {
    // 1…9: lower 1 2 3 4 → 2.5; upper 6 7 8 9 → 7.5
    expect(boxPlot([9, 1, 8, 2, 7, 3, 6, 4, 5])).toEqual([1, 2.5, 5, 7.5, 9]);
  });
  it('even count and a single value', () => {
    // 1 2 3 4: lower 1 2 → 1.5; upper 3 4 → 3.5; median 2.5
    expect(boxPlot([4, 3, 2, 1])).toEqual([1, 1.5, 2.5, 3.5, 4]);
    expect(boxPlot([7])).toEqual([7, 7, 7, 7, 7]);
    expect(boxPlot([])).toBeNull();
  });
});
