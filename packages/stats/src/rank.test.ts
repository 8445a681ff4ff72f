import { describe, expect, it } from 'vitest';
import { bestFirst, groupRanks, rankChange, ranks } from './rank';

describe('ranks', () => {
  it('competition ranking: ties share the best rank, the next skips (1 2 2 4); 缺考 unranked', () => {
    expect(ranks([90, 100, null, 90, 80])).toEqual([2, 1, null, 2, 4]);
  });
  it('all equal, 0 and full marks', () => {
    expect(ranks([5, 5, 5])).toEqual([1, 1, 1]);
    expect(ranks([0, 150, 0, 75])).toEqual([3, 1, 3, 2]);
    expect(ranks([])).toEqual([]);
  });
});

describe('rankChange', () => {
  it('earlier rank − current rank: positive is 进步; missing either side null', () => {
    // 2 → 1: +1; 1 → 3: −2; absent now; not ranked before
    expect(rankChange([1, 3, null, 2], [2, 1, 4, null])).toEqual([1, -2, null, null]);
  });
});

describe('groupRanks', () => {
  it('ranks within each group only, ties shared, 缺考 unranked', () => {
    // class 1: 90 80 90 → 1 3 1; class 2: 100, absent, 70 → 1 null 2
    expect(groupRanks([90, 100, 80, null, 90, 70], [1, 2, 1, 2, 1, 2])).toEqual([1, 1, 3, null, 1, 2]);
    expect(groupRanks([], [])).toEqual([]);
  });
});

describe('bestFirst', () => {
  it('the order of a stable sort by score, high to low: ties in list order, 0 and −0 one score, 缺考 left out', () => {
    // a pseudo-random list with many ties (half points), absences, and both zeros
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const scores = Array.from({ length: 2000 }, () => {
      const r = next();
      if (r < 0.05) return null;
      if (r < 0.08) return r < 0.065 ? -0 : 0;
      return Math.floor(next() * 60) / 2;
    });
    const expected = scores
      .flatMap((s, i) => (s === null ? [] : [i]))
      .sort((a, b) => scores[b]! - scores[a]! || a - b);
    expect(Array.from(bestFirst(scores))).toEqual(expected);
    expect(Array.from(bestFirst([null, 3, 3, null, 5]))).toEqual([4, 1, 2]);
  });
});
