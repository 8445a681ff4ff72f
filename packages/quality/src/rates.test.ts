import { describe, expect, it } from 'vitest';
import { deviationFigures, flagReasons, hiddenDue, overLimit, spotDue, sumsOf } from './index';

describe('质检 rates', () => {
  it('one hidden paper after every n real marks, a given one counting', () => {
    // every 50: the 1st after the 50th mark, the 2nd after the 100th
    expect(hiddenDue(49, 0, 50)).toBe(false);
    expect(hiddenDue(50, 0, 50)).toBe(true);
    expect(hiddenDue(99, 1, 50)).toBe(false);
    expect(hiddenDue(100, 1, 50)).toBe(true);
    expect(hiddenDue(500, 0, null)).toBe(false);
    expect(hiddenDue(500, 0, 0)).toBe(false);
  });

  it('spot checks due: ⌈done × share⌉ − checked', () => {
    // 10 % of 25 papers: ⌈2.5⌉ = 3, one done: 2 due
    expect(spotDue(25, 1, 10)).toBe(2);
    // 10 % of 30 is exactly 3 (no float round-up to 4)
    expect(spotDue(30, 0, 10)).toBe(3);
    expect(spotDue(30, 5, 10)).toBe(0);
    expect(spotDue(30, 0, 0)).toBe(0);
    expect(spotDue(0, 0, 50)).toBe(0);
    expect(spotDue(1, 0, 1)).toBe(1);
  });

  it('mean signed and absolute difference: differences 2, −1, 3', () => {
    const s = sumsOf([2, -1, 3]);
    expect(s).toEqual({ n: 3, diff: 4, abs: 6, maxAbs: 3 });
    // 4 / 3 = 1.3333, 6 / 3 = 2
    expect(deviationFigures(s)).toEqual({ n: 3, meanDiff: 1.3333, meanAbsDiff: 2, maxAbsDiff: 3 });
    expect(deviationFigures(undefined)).toEqual({
      n: 0,
      meanDiff: null,
      meanAbsDiff: null,
      maxAbsDiff: null,
    });
    expect(sumsOf([])).toEqual({ n: 0, diff: 0, abs: 0, maxAbs: null });
  });

  it('over the limit when any kind’s mean |difference| passes it', () => {
    const a = deviationFigures(sumsOf([2, -1, 3]));
    const none = deviationFigures(undefined);
    expect(overLimit([a, none], 2)).toBe(false);
    expect(overLimit([a, none], 1.9)).toBe(true);
    expect(overLimit([none], 0)).toBe(false);
  });
});

describe('spot checks in the flag rule', () => {
  const base = {
    n: 30,
    meanDiffSd: 0,
    agreement: { n: 0, within: null },
    standard: { n: 0, meanAbsDiff: null },
    self: { n: 0, meanAbsDiff: null },
    drift: null,
  };
  it('a mean |difference| from the leader past the 标准卷 limit (2 points) flags', () => {
    expect(flagReasons({ ...base, spot: { n: 2, meanAbsDiff: 2.5 } })).toEqual([
      '抽查平均偏差 2.5 分，超过 2 分',
    ]);
    expect(flagReasons({ ...base, spot: { n: 2, meanAbsDiff: 2 } })).toEqual([]);
    expect(flagReasons({ ...base, spot: { n: 0, meanAbsDiff: null } })).toEqual([]);
  });
});
