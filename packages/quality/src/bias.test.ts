import { describe, expect, it } from 'vitest';
import { bias, biasLimit, flagReasons, othersSpread } from './index';

describe('consistent bias (evidence count and step)', () => {
  it('true + 3 on every 标准卷, step 1, other markers exact: flagged at the 3rd piece, high', () => {
    // window [3, 3, 3]: all ≥ 1 step above, mean 3 ≥ max(1, 0) = 1
    expect(bias([3, 3, 3, 3], 1, 0)).toEqual({ t: 3, direction: 'high', mean: 3, limit: 1, n: 3 });
    // two pieces are not yet a window of three
    expect(bias([3, 3], 1, 0)).toBeNull();
  });

  it('a bias of one step is enough where the others agree within a step; half a step is not', () => {
    expect(bias([-1, -1, -1], 1, 0.5)).toEqual({ t: 3, direction: 'low', mean: -1, limit: 1, n: 3 });
    // step 0.5: differences of 0.5 are one step
    expect(bias([0.5, 0.5, 0.5], 0.5, null)?.t).toBe(3);
    expect(bias([0.5, 0.5, 0.5], 1, null)).toBeNull();
  });

  it('one piece on the other side, or level, breaks the window; the first full window counts', () => {
    expect(bias([3, 0, 3, 3], 1, 0)).toBeNull();
    expect(bias([3, -2, 3, 3, 3], 1, 0)?.t).toBe(5);
    expect(bias([2, 3, -1, 1], 1, 0)).toBeNull();
  });

  it('against one and the same partner alone, a window is not judged; a second partner or a settled reference tells', () => {
    // two markers double-marking: 甲 +3 against 乙 five times (乙 would read −3 against 甲 alike)
    expect(bias([3, 3, 3, 3, 3], 1, 0, 3, [7, 7, 7, 7, 7])).toBeNull();
    // a 标准卷 (null: a settled reference) in the last three: a window of three
    expect(bias([3, 3, 3], 1, 0, 3, [7, null, 7])).toMatchObject({ t: 3, n: 3 });
    expect(bias([3, 3, 3, 3], 1, 0, 3, [7, 7, 7, null])).toMatchObject({ t: 4, n: 3 });
  });

  it('against other markers’ marks only, the window is N + 2 long: five pieces, σ 1.8 → limit 3·1.8/√5 = 2.415', () => {
    const partners = [7, 8, 9, 10, 11];
    expect(bias([3, 3, 3], 1, 1.8, 3, partners.slice(0, 3))).toBeNull();
    // honest with one wild mark: [6, 2, 2] would pass a window of three (mean 3.33 ≥ 3·1.8/√3 = 3.118); of five
    // [1, 1, 6, 2, 2] has mean 2.4 < 2.415
    expect(bias([6, 2, 2], 1, 1.8, 3, [null, null, null])?.n).toBe(3);
    expect(bias([1, 1, 6, 2, 2], 1, 1.8, 3, partners)).toBeNull();
    // nor [6, 2, 2, 2, 2] (mean 2.8): each piece must be half the limit, 1.2075 → 1.3 in tenths, and 2 is
    expect(bias([6, 2, 2, 2, 2], 1, 1.8, 3, partners)?.t).toBe(5);
    // [6, 1, 3, 3, 3] (mean 3.2) holds a piece of 1 below half the limit
    expect(bias([6, 1, 3, 3, 3], 1, 1.8, 3, partners)).toBeNull();
    expect(bias([3, 2, 4, 3, 2], 1, 1.8, 3, partners)).toEqual({
      t: 5,
      direction: 'high',
      mean: 2.8,
      limit: 2.415,
      n: 5,
    });
  });

  it('noisy references ask for more: σ 1.2 over 3 pieces → limit 3·1.2/√3 = 2.0785', () => {
    expect(biasLimit(1, 1.2)).toBe(2.0785);
    // [1, 2, 1]: every piece a step above, but the mean 1.33 stays inside the others' noise
    expect(bias([1, 2, 1], 1, 1.2)).toBeNull();
    // [3, 2, 2]: mean 2.33 ≥ 2.0785
    expect(bias([1, 2, 1, 3, 2, 2], 1, 1.2)).toEqual({
      t: 6,
      direction: 'high',
      mean: 2.3333,
      limit: 2.0785,
      n: 3,
    });
    // a window of five: 3·1.2/√5 = 1.61
    expect(bias([2, 2, 1, 2, 2], 1, 1.2, 5)).toEqual({
      t: 5,
      direction: 'high',
      mean: 1.8,
      limit: 1.61,
      n: 5,
    });
  });

  it('the spread of the other markers: the block less the judged marker', () => {
    // block: the marker's [3, 3, 3] and others' [0, 2, 0, 2]; others: mean 1, σ 1
    const total = { n: 7, sum: 13, sumSq: 35 };
    expect(othersSpread(total, { n: 3, sum: 9, sumSq: 27 })).toBe(1);
    // nobody left out: 35/7 − (13/7)² = 76/49, σ = √76 / 7
    expect(othersSpread(total, undefined)).toBe(1.2454);
    expect(othersSpread({ n: 4, sum: 9, sumSq: 27 }, { n: 3, sum: 9, sumSq: 27 })).toBeNull();
  });

  it('the reason is given before minMarks real marks; the other figures wait for them', () => {
    const figures = {
      n: 4,
      meanDiffSd: 3,
      agreement: { n: 0, within: null },
      standard: { n: 3, meanAbsDiff: 3 },
      self: { n: 1, meanAbsDiff: 0 },
      drift: null,
      bias: { direction: 'high' as const, mean: 3, evidence: 3 },
    };
    expect(flagReasons(figures)).toEqual([
      '评分一贯偏高：最近 3 份有参照的评分（标准卷、双评、抽查）平均高 3 分',
    ]);
    expect(flagReasons({ ...figures, bias: null })).toEqual([]);
  });
});
