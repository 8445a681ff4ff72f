import { describe, expect, it } from 'vitest';
import { groupingsColumnMeans } from './index';

describe('groupingsColumnMeans', () => {
  it('means of every column in every group of two groupings (hand-computed; NaN and −1 left out)', () => {
    // 4 examinees; schools 0 0 1 1; classes 0 1 1 −1 (the last in none)
    const q1 = Float64Array.from([2, 4, 6, 8]);
    const q2 = Float64Array.from([1, NaN, 3, 5]);
    const [schools, classes] = groupingsColumnMeans(
      [q1, q2],
      [
        { groupOf: Int32Array.from([0, 0, 1, 1]), groups: 2 },
        { groupOf: Int32Array.from([0, 1, 1, -1]), groups: 2 },
      ],
    );
    // school 0: q1 (2 + 4) / 2 = 3, q2 1 / 1; school 1: q1 (6 + 8) / 2 = 7, q2 (3 + 5) / 2 = 4
    expect(Array.from(schools!)).toEqual([3, 1, 7, 4]);
    // class 0: q1 2, q2 1; class 1: q1 (4 + 6) / 2 = 5, q2 3 (4's q2 is NaN)
    expect(Array.from(classes!)).toEqual([2, 1, 5, 3]);
  });

  it('a group without a value of a column: NaN', () => {
    const [only] = groupingsColumnMeans(
      [Float64Array.from([NaN, 1])],
      [{ groupOf: Int32Array.from([0, 1]), groups: 2 }],
    );
    expect(Array.from(only!)).toEqual([NaN, 1]);
  });
});
