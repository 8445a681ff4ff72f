import { describe, expect, it } from 'vitest';
import {
  arbitrationRate,
  binShares,
  distance,
  doneShare,
  drift,
  estimatedFinish,
  extremes,
  flagReasons,
  merge,
  moments,
  pairStats,
  perHour,
  spread,
} from './index';

describe('marker figures', () => {
  it('mean and population SD: {2, 4, 4, 6} → 4 and √2', () => {
    expect(moments({ 2: 1, 4: 2, 6: 1 })).toEqual({ n: 4, mean: 4, sd: 1.4142 });
    expect(moments(new Map())).toEqual({ n: 0, mean: null, sd: null });
  });

  it('shares of 0 and of full scores', () => {
    expect(extremes({ 0: 2, 5: 1, 10: 1 }, 10)).toEqual({ zero: 0.5, full: 0.25 });
    expect(extremes({}, 10)).toEqual({ zero: null, full: null });
  });

  it('bins over 0…full, the full score in the last bin', () => {
    expect(binShares({ 0: 1, 4: 1, 10: 2 }, 10, 5)).toEqual([0.25, 0, 0.25, 0, 0.5]);
  });

  it('merges histograms', () => {
    expect([
      ...merge([
        { 1: 2 },
        new Map([
          [1, 1],
          [3, 4],
        ]),
      ]).entries(),
    ]).toEqual([
      [1, 3],
      [3, 4],
    ]);
  });

  it('distance against the block: (9 − 5) / √5 block SDs, total variation 0.75', () => {
    // marker {8, 8, 10, 10}: bins [0,0,0,0,1]; block {2, 4, 6, 8}: mean 5, σ √5, bins [0,.25,.25,.25,.25]
    expect(distance({ 8: 2, 10: 2 }, { 2: 1, 4: 1, 6: 1, 8: 1 }, 10, 5)).toEqual({
      meanDiffSd: 1.7889,
      tvd: 0.75,
    });
    expect(distance({}, { 2: 1 }, 10)).toEqual({ meanDiffSd: null, tvd: null });
    // a block where everyone gave the same score has no spread to measure in
    expect(distance({ 3: 1 }, { 3: 5 }, 10, 5).meanDiffSd).toBeNull();
  });
});

describe('pairs', () => {
  it('agreement within the threshold (inclusive), mean signed and absolute difference', () => {
    // differences 1, 2, −1, 3 with threshold 1: two within
    const pairs = [
      { mark: 5, other: 4 },
      { mark: 6, other: 4 },
      { mark: 3, other: 4 },
      { mark: 7, other: 4 },
    ];
    expect(pairStats(pairs, 1)).toEqual({ n: 4, within: 0.5, meanDiff: 1.25, meanAbsDiff: 1.75 });
    expect(pairStats([], 1)).toEqual({ n: 0, within: null, meanDiff: null, meanAbsDiff: null });
    // 0.1 + 0.2 is 0.30000000000000004: still within a threshold of 0.3
    expect(pairStats([{ mark: 0.1 + 0.2, other: 0 }], 0.3).within).toBe(1);
  });

  it('arbitration rate', () => {
    expect(arbitrationRate(8, 2)).toBe(0.25);
    expect(arbitrationRate(0, 0)).toBeNull();
  });
});

describe('drift', () => {
  it('EWMA and CUSUM by hand: x = 1 each step (d = 2, scale 2)', () => {
    const d = drift([2, 2, 2], 2);
    // z: .2, .36, .488; limit 3·√(.2/1.8·(1 − .8^(2t))): .6, .7684, .859; C⁺ grows by x − k = .5
    expect(d.points).toEqual([
      { t: 1, ewma: 0.2, limit: 0.6, cusumHigh: 0.5, cusumLow: 0 },
      { t: 2, ewma: 0.36, limit: 0.7684, cusumHigh: 1, cusumLow: 0 },
      { t: 3, ewma: 0.488, limit: 0.859, cusumHigh: 1.5, cusumLow: 0 },
    ]);
    expect(d.signal).toBeNull();
  });

  it('a steady shift of one scale unit: the CUSUM passes h = 5 at the 11th mark', () => {
    // the EWMA of a constant 1 stays below its limit (1 − .8^t < √(1 − .64^t)); C⁺ₜ = t/2
    const d = drift(new Array(12).fill(1), 1);
    expect(d.signal).toEqual({ t: 11, chart: 'cusum', direction: 'high' });
    expect(d.points[9]!.cusumHigh).toBe(5);
  });

  it('a deviation of 3 scale units: z₁ = 0.6 equals its limit (not out), z₂ = 1.08 passes 0.7684', () => {
    expect(drift([3, 3], 1).signal).toEqual({ t: 2, chart: 'ewma', direction: 'high' });
  });

  it('a large deviation signals the EWMA at once, in its direction', () => {
    expect(drift([8], 2).signal).toEqual({ t: 1, chart: 'ewma', direction: 'high' });
    expect(drift([-8], 2).signal).toEqual({ t: 1, chart: 'ewma', direction: 'low' });
    expect(drift([], 2)).toEqual({ points: [], signal: null, last: null });
  });

  it('spread of the deviations', () => {
    expect(spread([1, 3])).toBe(1);
    expect(spread([2])).toBeNull();
  });
});

describe('flag rule', () => {
  const figures = {
    n: 30,
    meanDiffSd: 1.5,
    agreement: { n: 30, within: 0.45 },
    standard: { n: 3, meanAbsDiff: 2.5 },
    self: { n: 2, meanAbsDiff: 3 },
    drift: { chart: 'ewma' as const, direction: 'high' as const },
  };
  it('every limit passed gives its reason in Chinese', () => {
    expect(flagReasons(figures)).toEqual([
      '平均分比题块高 1.5 个标准差，超过 1',
      '双评一致率 45%，低于 60%',
      '标准卷平均偏差 2.5 分，超过 2 分',
      '自评一致性差：两次评分平均相差 3 分，超过 2 分',
      '评分漂移：EWMA 显示评分持续偏高',
    ]);
  });
  it('nothing judged below the minimum of marks; within limits no reason', () => {
    expect(flagReasons({ ...figures, n: 10 })).toEqual([]);
    expect(
      flagReasons({
        n: 30,
        meanDiffSd: -0.9,
        agreement: { n: 30, within: 0.6 },
        standard: { n: 3, meanAbsDiff: 2 },
        self: { n: 0, meanAbsDiff: null },
        drift: null,
      }),
    ).toEqual([]);
    expect(flagReasons({ ...figures, meanDiffSd: -1.25 })[0]).toBe('平均分比题块低 1.25 个标准差，超过 1');
  });
});

describe('speed', () => {
  it('papers per hour, estimated finish, share done', () => {
    expect(perHour(30, 600_000)).toBe(180);
    expect(perHour(0, 0)).toBe(0);
    expect(perHour(5, 0)).toBeNull();
    // 90 left at 180 an hour: half an hour; no recent speed: the overall 60 an hour, 1.5 hours
    expect(estimatedFinish(90, 180, 60, 0)).toBe(1_800_000);
    expect(estimatedFinish(90, 0, 60, 0)).toBe(5_400_000);
    expect(estimatedFinish(90, null, null, 0)).toBeNull();
    expect(estimatedFinish(0, null, null, 7)).toBe(7);
    expect(doneShare(1, 3)).toBe(0.3333);
    expect(doneShare(0, 0)).toBeNull();
  });
});
