import { describe, expect, it } from 'vitest';
import { compareGroups, criticalStudents } from './compare';
import { standardScores } from './standard';

describe('compareGroups', () => {
  it('mean difference, 超均率 and rank against the grade mean over all examinees', () => {
    // grade: 80 90 70 85 85 → 410 / 5 = 82 (the mean of class means (85+70+85)/3 = 80 would be wrong)
    const c = compareGroups(
      [
        { key: '1班', scores: [80, 90, null] },
        { key: '2班', scores: [70] },
        { key: '3班', scores: [] },
        { key: '4班', scores: [85, 85] },
      ],
      82,
    );
    expect(c.map((x) => [x.key, x.sat, x.mean, x.diff, x.rank])).toEqual([
      ['1班', 2, 85, 3, 1],
      ['2班', 1, 70, -12, 3],
      ['3班', 0, null, null, null],
      ['4班', 2, 85, 3, 1],
    ]);
    // 超均率 3 / 82 and −12 / 82
    expect(c[0]!.overRate).toBeCloseTo(0.036585, 6);
    expect(c[1]!.overRate).toBeCloseTo(-0.146341, 6);
    expect(compareGroups([{ key: 1, scores: [0] }], 0)[0]!.overRate).toBeNull();
  });
});

describe('criticalStudents', () => {
  it('within N points on either side of the cut, closest first, ties in list order', () => {
    // cut 90 ± 2: 88 (−2) 92 (+2) 90 (0) in; 85, 95.5 and the absent one out
    expect(criticalStudents([88, 92, 90, null, 85, 95.5], 90, 2)).toEqual([
      { index: 2, score: 90, gap: 0 },
      { index: 0, score: 88, gap: -2 },
      { index: 1, score: 92, gap: 2 },
    ]);
  });
});

describe('standardScores', () => {
  it('Z with the population sd, T = 50 + 10 Z, absent null', () => {
    // 60 80 100: mean 80, sd √(800/3) = 16.32993 → Z ∓1.224745, T 37.752551 / 62.247449
    const { z, t } = standardScores([60, 80, 100, null]);
    expect(z[0]).toBeCloseTo(-1.224745, 6);
    expect(z[1]).toBe(0);
    expect(z[2]).toBeCloseTo(1.224745, 6);
    expect(t[0]).toBeCloseTo(37.752551, 6);
    expect(t[1]).toBe(50);
    expect(z[3]).toBeNull();
    expect(t[3]).toBeNull();
  });
  it('no spread: Z 0, T 50', () => {
    expect(standardScores([5, 5])).toEqual({ z: [0, 0], t: [50, 50] });
  });
});
