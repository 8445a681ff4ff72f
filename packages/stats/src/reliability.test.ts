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
    expect(c.withheld).toBeNull();
  });

  it('one examinee below the floor (9, the 11th still incomplete): withheld as too few', () => {
    // the 10th left out (totals 3 3 3 2 2 1 1 0 1 still vary): the count alone withholds
    const nine = ten.map((it) => ({ ...it, scores: [...it.scores.slice(0, 9), it.scores[10]!] }));
    expect(cronbachAlpha(nine)).toBeNull();
    expect(kr20(nine)).toBeNull();
    expect(reliability(nine)).toEqual({ alpha: null, kr20: null, withheld: 'fewExaminees' });
    expect(columns(nine)).toEqual({ alpha: null, kr20: null, withheld: 'fewExaminees' });
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
    expect(columns(flat)).toEqual({ alpha: null, kr20: null, withheld: 'noSpread' });
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
    expect(columns(twelve)).toMatchObject({ kr20: null, withheld: null });
    expect(columns(twelve).alpha).toBeCloseTo(0.857143, 6);
  });
});
