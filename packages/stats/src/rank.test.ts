import { describe, expect, it } from 'vitest';
import { groupRanks, rankChange, ranks } from './rank';

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
