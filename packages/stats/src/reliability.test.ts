import { describe, expect, it } from 'vitest';
import { columnReliability, toColumn } from './columns';
import type { Item } from './items';
import { cronbachAlpha, kr20, reliability, RELIABILITY_MIN_EXAMINEES } from './reliability';

// 10 complete examinees (the floor) × 3 right / wrong questions, and an 11th without a score on question 1
// (not a complete case, left out):
//   q1 1 1 1 1 1 1 0 0 0 0   p .6  pq .24
//   q2 1 1 1 1 0 0 1 0 0 0   p .5  pq .25
//   q3 1 1 1 0 1 0 0 0 1 0   p .5  pq .25   Σ pq = .74
// totals 3 3 3 2 2 1 1 0 1 0: mean 1.6, Σx² 38, σ² = 3.8 − 2.56 = 1.24
// α = KR-20 = 3/2 × (1 − .74 / 1.24) = .75 / 1.24 = 0.604839
const ten: Item[] = [
  { full: 1, scores: [1, 1, 1, 1, 1, 1, 0, 0, 0, 0, null] },
  { full: 1, scores: [1, 1, 1, 1, 0, 0, 1, 0, 0, 0, 1] },
  { full: 1, scores: [1, 1, 1, 0, 1, 0, 0, 0, 1, 0, 1] },
];
/** The first n examinees of the items. */
const first = (items: Item[], n: number): Item[] =>
  items.map((it) => ({ ...it, scores: it.scores.slice(0, n) }));
const columns = (items: Item[]) =>
  columnReliability(
    items.map((it) => toColumn(it.scores)),
    items.map((it) => it.full),
  );

describe('reliability', () => {
  it('the floor is 10 examinees', () => {
    expect(RELIABILITY_MIN_EXAMINEES).toBe(10);
  });

  it('Cronbach α and KR-20 at the floor: hand-computed, over complete cases', () => {
    expect(cronbachAlpha(ten)).toBeCloseTo(0.604839, 6);
    expect(kr20(ten)).toBeCloseTo(0.604839, 6);
    expect(reliability(ten).withheld).toBeNull();
    const c = columns(ten);
    expect(c.alpha).toBeCloseTo(0.604839, 6);
    expect(c.kr20).toBeCloseTo(0.604839, 6);
    expect(c.kr20Items).toEqual([0, 1, 2]);
    expect(c.withheld).toBeNull();
  });

  it('one examinee below the floor (9, the 11th still incomplete): withheld as too few', () => {
    // the 10th left out (totals 3 3 3 2 2 1 1 0 1 still vary): the count alone withholds
    const nine = ten.map((it) => ({ ...it, scores: [...it.scores.slice(0, 9), it.scores[10]!] }));
    expect(cronbachAlpha(nine)).toBeNull();
    expect(kr20(nine)).toBeNull();
    expect(reliability(nine)).toEqual({ alpha: null, kr20: null, withheld: 'fewExaminees' });
    // the questions KR-20 would be over are named all the same
    expect(columns(nine)).toEqual({
      alpha: null,
      kr20: null,
      kr20Items: [0, 1, 2],
      withheld: 'fewExaminees',
    });
    // a tiny group of 3
    expect(reliability(first(ten, 3)).withheld).toBe('fewExaminees');
    expect(reliability(first(ten, 0)).withheld).toBe('fewExaminees');
  });

  it('totals that do not vary, or one question: withheld with their own reason', () => {
    const flat: Item[] = [
      { full: 1, scores: Array<number>(12).fill(1) },
      { full: 2, scores: Array<number>(12).fill(2) },
    ];
    expect(reliability(flat)).toEqual({ alpha: null, kr20: null, withheld: 'noSpread' });
    expect(columns(flat)).toEqual({ alpha: null, kr20: null, kr20Items: [0, 1], withheld: 'noSpread' });
    expect(reliability([ten[0]!])).toEqual({ alpha: null, kr20: null, withheld: 'fewQuestions' });
  });

  it('partial credit: an α, no KR-20', () => {
    // totals 2 3 0 → σ² 14/9; items σ² 2/3 and 2/9 → α = 2 × (1 − 8/14) = 0.857143. The three examinees four
    // times over (12, past the floor): population variances, and so α, are unchanged.
    const rows = [
      [1, 1],
      [2, 1],
      [0, 0],
    ];
    const twelve = [0, 1].map((j) => ({
      full: 2 - j,
      scores: [0, 1, 2, 3].flatMap(() => rows.map((r) => r[j]!)),
    }));
    expect(cronbachAlpha(twelve)).toBeCloseTo(0.857143, 6);
    expect(kr20(twelve)).toBeNull();
    // one right / wrong question (the second): too few for KR-20
    expect(columns(twelve)).toMatchObject({ kr20: null, kr20Items: [1], withheld: null });
    expect(columns(twelve).alpha).toBeCloseTo(0.857143, 6);
  });

  it('right / wrong questions worth 2 and 3 points: KR-20 on the number right, not on the points', () => {
    // the ten examinees' right / wrong as above, the questions worth 2, 3 and 2: points 7 7 7 5 4 2 3 0 2 0,
    // mean 3.7, σ² = 20.5 − 13.69 = 6.81. On the number right (σ² 1.24) KR-20 is 0.604839 as for 1 point; Σ pq
    // .74 over the points' σ² gave 3/2 × (1 − .74 / 6.81) = 1.337004, past 1.
    // α on the points: item σ² 4 × .24, 9 × .25, 4 × .25 = 4.21 → 3/2 × (1 − 4.21 / 6.81) = 0.572687
    const worth = [2, 3, 2];
    const multi = ten.map((it, j) => ({
      full: worth[j]!,
      scores: it.scores.map((x) => (x === null ? null : x * worth[j]!)),
    }));
    expect(kr20(multi)).toBeCloseTo(0.604839, 6);
    expect(cronbachAlpha(multi)).toBeCloseTo(0.572687, 6);
    const c = columns(multi);
    expect(c.kr20).toBeCloseTo(0.604839, 6);
    expect(c.kr20Items).toEqual([0, 1, 2]);
    expect(c.alpha).toBeCloseTo(0.572687, 6);
  });

  it('KR-20 covers the right / wrong questions of a paper that has others too (named in kr20Items)', () => {
    // the three above and a question worth 4 scored 4 3 2 2 1 0 3 1 0 2 (σ² 1.56, partial credit): KR-20 over
    // the first three, 0.604839; α over all four: totals 11 10 9 7 5 2 6 1 2 2, σ² 12.25,
    // 4/3 × (1 − (4.21 + 1.56) / 12.25) = 0.705306
    const worth = [2, 3, 2];
    const mixed = [
      ...ten.map((it, j) => ({
        full: worth[j]!,
        scores: it.scores.slice(0, 10).map((x) => x! * worth[j]!),
      })),
      { full: 4, scores: [4, 3, 2, 2, 1, 0, 3, 1, 0, 2] },
    ];
    const c = columns(mixed);
    expect(c.kr20Items).toEqual([0, 1, 2]);
    expect(c.kr20).toBeCloseTo(0.604839, 6);
    expect(c.alpha).toBeCloseTo(0.705306, 6);
    expect(kr20(mixed)).toBeNull();
    expect(kr20(mixed.slice(0, 3))).toBeCloseTo(0.604839, 6);
  });
});
