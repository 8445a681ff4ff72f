import { describe, expect, it } from 'vitest';
import { bestFirst, GroupRanker } from './index';

describe('GroupRanker', () => {
  it('gives groupRanks’ competition ranks when walked best first (hand-computed, ties and 缺考)', () => {
    // class 1: 90, 90, 80 → 1, 1, 3; class 2: 95, 70 → 1, 2; NaN: 缺考, never walked
    const totals = Float64Array.from([90, 95, 90, NaN, 80, 70]);
    const classes = Int32Array.from([1, 2, 1, 1, 1, 2]);
    const ranker = new GroupRanker(classes);
    const got = new Float64Array(totals.length).fill(NaN);
    for (const i of bestFirst(totals)) got[i] = ranker.next(i, totals[i]!);
    expect(Array.from(got)).toEqual([1, 1, 1, NaN, 3, 2]);
  });
});
