import { describe, expect, it } from 'vitest';
import { gradeQuotas, gradeScores } from './grade';

describe('gradeScores (等级赋分)', () => {
  it('band edges with 100 examinees: ranks 1–15 A, 16 B, 98 D, 99–100 E', () => {
    // raw 100 … 1, one each: rank = 101 − raw
    const raw = Array.from({ length: 100 }, (_, i) => 100 - i);
    const g = gradeScores(raw);
    const at = (score: number) => g[100 - score]!;
    // A: raw 86…100 → T = 86 + (Y − 86) × 14 / 14: 86 → 86, 100 → 100
    expect(at(86)).toEqual({ grade: 'A', points: 86 });
    expect(at(100)).toEqual({ grade: 'A', points: 100 });
    // B: ranks 16–50 = raw 51…85 → 85 is 85, 51 is 71
    expect(at(85)).toEqual({ grade: 'B', points: 85 });
    expect(at(51)).toEqual({ grade: 'B', points: 71 });
    // C: ranks 51–85 = raw 16…50; D: ranks 86–98 = raw 3…15; E: raw 1 2 → 30 and 40
    expect(at(50)).toEqual({ grade: 'C', points: 70 });
    expect(at(16)).toEqual({ grade: 'C', points: 56 });
    expect(at(3)).toEqual({ grade: 'D', points: 41 });
    expect(at(15)).toEqual({ grade: 'D', points: 55 });
    expect(at(2)).toEqual({ grade: 'E', points: 40 });
    expect(at(1)).toEqual({ grade: 'E', points: 30 });
    // inside D: raw 9 → 41 + 6 × 14 / 12 = 48
    expect(at(9)).toEqual({ grade: 'D', points: 48 });
  });

  it('ties at an edge all take the better grade; a grade of one raw score gets its top points; absent null', () => {
    // 10 sat, cumulative quotas 1.5 / 5 / 8.5 / 9.8 / 10
    // 100 r1 A; 95 95 r2 (1 above < 1.5) A; 90 ×3 r4 B; 80 r7, 70 r8, 60 r9 (8 < 8.5) C; 50 r10 (9 < 9.8) D
    const g = gradeScores([100, 95, 95, 90, 90, 90, 80, 70, 60, 50, null]);
    expect(g.map((x) => x && `${x.grade}${x.points}`)).toEqual([
      'A100', // A raw 95…100
      'A86',
      'A86',
      'B85', // B holds only 90: T₂
      'B85',
      'B85',
      'C70', // C raw 60…80: 80 → 70, 70 → 56 + 10 × 14 / 20 = 63, 60 → 56
      'C63',
      'C56',
      'D55', // D holds only 50: T₂
      null,
    ]);
  });

  it('rounds half up, bands and shares configurable, 0 is a score', () => {
    // one band 100 % mapped onto 1–2: raw 0 1 2 → 1 + Y / 2 → 1, 1.5 → 2, 2
    const bands = [{ grade: '甲', share: 100, high: 2, low: 1 }];
    expect(gradeScores([0, 1, 2], bands)).toEqual([
      { grade: '甲', points: 1 },
      { grade: '甲', points: 2 },
      { grade: '甲', points: 2 },
    ]);
    // 92 → 71 + 1 × 14 / 6 = 73.33 → 73; 93 → 75.67 → 76 (B of 20 examinees raw 100…81 is raw 91…97)
    const g = gradeScores(Array.from({ length: 20 }, (_, i) => 100 - i));
    expect(g[8]).toEqual({ grade: 'B', points: 73 });
    expect(g[7]).toEqual({ grade: 'B', points: 76 });
    expect(g[3]).toEqual({ grade: 'B', points: 85 });
    expect(g[2]).toEqual({ grade: 'A', points: 86 });
  });

  it('40 sat (an 分析组): counts rounded to the nearest examinee, so the 2 % grade holds the last one', () => {
    // quotas 40 × 15 / 50 / 85 / 98 / 100 % = 6, 20, 34, 39.2 → 39, 40: grades of 6, 14, 14, 5, 1 (rounded up,
    // 39.2 → 40, D held 6 and E none — as whenever fewer than 50 sat)
    expect(
      gradeQuotas(40, [{ share: 15 }, { share: 35 }, { share: 35 }, { share: 13 }, { share: 2 }]),
    ).toEqual([6, 20, 34, 39, 40]);
    // raw 80 … 41, one each: rank r has raw 81 − r
    const raw = Array.from({ length: 40 }, (_, i) => 80 - i);
    const g = gradeScores(raw);
    const sizes = ['A', 'B', 'C', 'D', 'E'].map((x) => g.filter((y) => y?.grade === x).length);
    expect(sizes).toEqual([6, 14, 14, 5, 1]);
    const at = (score: number) => g[80 - score]!;
    // A raw 75…80: 77 → 86 + 2 × 14 / 5 = 91.6 → 92; B raw 61…74: 70 → 71 + 9 × 14 / 13 = 80.69 → 81
    expect(at(75)).toEqual({ grade: 'A', points: 86 });
    expect(at(77)).toEqual({ grade: 'A', points: 92 });
    expect(at(74)).toEqual({ grade: 'B', points: 85 });
    expect(at(70)).toEqual({ grade: 'B', points: 81 });
    expect(at(47)).toEqual({ grade: 'C', points: 56 });
    // D raw 42…46: 43 → 41 + 1 × 14 / 4 = 44.5 → 45 (half up); E the last, alone: T₂ = 40
    expect(at(46)).toEqual({ grade: 'D', points: 55 });
    expect(at(43)).toEqual({ grade: 'D', points: 45 });
    expect(at(41)).toEqual({ grade: 'E', points: 40 });
  });

  it('40 sat, ties at an edge stay together in the better grade', () => {
    // ranks 6 and 7 share raw 75 (rank 6: 5 above < 6): both A, A holds 7 and B 13; the last two share raw 41
    // (rank 39: 38 above < 39): both D, E is empty — a score is never split
    const raw = Array.from({ length: 40 }, (_, i) => 80 - i);
    raw[6] = 75;
    raw[39] = 42;
    const g = gradeScores(raw);
    const sizes = ['A', 'B', 'C', 'D', 'E'].map((x) => g.filter((y) => y?.grade === x).length);
    expect(sizes).toEqual([7, 13, 14, 6, 0]);
    expect(g[5]).toEqual(g[6]);
    expect(g[38]).toEqual(g[39]);
    // the grade a half-way count falls to: 30 sat, A 4.5 → 5 (half up)
    expect(gradeQuotas(30, [{ share: 15 }, { share: 85 }])).toEqual([5, 30]);
  });
});
