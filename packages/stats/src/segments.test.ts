import { describe, expect, it } from 'vitest';
import { oneScoreSegments, scoreBands } from './segments';

describe('oneScoreSegments', () => {
  it('every score from the top down, empty ones included, half points in the step below', () => {
    // 3 5 5 2.5(→2) 0, one absent: 5:2 (2), 4:0 (2), 3:1 (3), 2:1 (4), 1:0 (4), 0:1 (5)
    const s = oneScoreSegments([3, 5, 5, 2.5, null, 0]);
    expect(s.map((x) => [x.score, x.count, x.cumulative])).toEqual([
      [5, 2, 2],
      [4, 0, 2],
      [3, 1, 3],
      [2, 1, 4],
      [1, 0, 4],
      [0, 1, 5],
    ]);
    expect(s[2]!.cumulativeRate).toBe(3 / 5);
    // 名次 by hand: two at 5 share 1st; nobody at 4 would be 3rd; 3 is 3rd, 2.5 4th, nobody at 1 5th, 0 5th
    expect(s.map((x) => x.rank)).toEqual([1, 3, 3, 4, 5, 5]);
    expect(s.at(-1)!.cumulativeRate).toBe(1);
  });
  it('step 0.5 keeps half points; nobody sat: empty', () => {
    // 1.5 1 1 → 1.5:1 (1), 1:2 (3)
    expect(oneScoreSegments([1, 1.5, 1], 0.5).map((x) => [x.score, x.count, x.cumulative])).toEqual([
      [1.5, 1, 1],
      [1, 2, 3],
    ]);
    // 名次: 1.5 is 1st, the two at 1 share 2nd
    expect(oneScoreSegments([1, 1.5, 1], 0.5).map((x) => x.rank)).toEqual([1, 2]);
    expect(oneScoreSegments([null])).toEqual([]);
  });
});

describe('scoreBands', () => {
  it('[0,30) [30,60) [60,90) [90,100]: full marks in the last, narrower band', () => {
    // 0 29.5 → first; 30 → second; 90 100 → last; the absent one nowhere
    const b = scoreBands([0, 29.5, 30, 100, 90, null], 100, 30);
    expect(b.map((x) => [x.from, x.to, x.count])).toEqual([
      [0, 30, 2],
      [30, 60, 1],
      [60, 90, 0],
      [90, 100, 2],
    ]);
    expect(b[0]!.rate).toBe(2 / 5);
  });
  it('a width that divides full marks: 100 falls in [90,100]', () => {
    const b = scoreBands([100, 10], 100, 10);
    expect(b).toHaveLength(10);
    expect(b[9]!.count).toBe(1);
    expect(b[1]!.count).toBe(1);
  });
});
