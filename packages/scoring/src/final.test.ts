import { describe, expect, it } from 'vitest';
import { combine, decide, type FinalRule, type Marks, type QuestionRule } from './index';

// A block of two questions: 13 (full 6, step 0.5) and 14 (full 10, step 1).
const questions: QuestionRule[] = [
  { no: '13', fullScore: 6, step: 0.5 },
  { no: '14', fullScore: 10, step: 1 },
];
const mark = (q13: number, q14: number): Marks => ({ '13': q13, '14': q14 });

describe('combine', () => {
  it('mean: per question, each rounded half up to its step', () => {
    // 13: (4 + 4.5) / 2 = 4.25 -> step 0.5 -> 4.5;  14: (7 + 8) / 2 = 7.5 -> step 1 -> 8
    expect(combine([mark(4, 7), mark(4.5, 8)], 'mean', questions)).toEqual(mark(4.5, 8));
    // 13: (3.5 + 5) / 2 = 4.25 -> 4.5;  14: (2 + 3) / 2 = 2.5 -> 3
    expect(combine([mark(3.5, 2), mark(5, 3)], 'mean', questions)).toEqual(mark(4.5, 3));
    // 13: (0 + 0.5) / 2 = 0.25 -> 0.5;  14: (9 + 10) / 2 = 9.5 -> 10
    expect(combine([mark(0, 9), mark(0.5, 10)], 'mean', questions)).toEqual(mark(0.5, 10));
    // three marks: 13: (1 + 2 + 2) / 3 = 1.666.. -> 1.5;  14: (4 + 4 + 5) / 3 = 4.333.. -> 4
    expect(combine([mark(1, 4), mark(2, 4), mark(2, 5)], 'mean', questions)).toEqual(mark(1.5, 4));
  });

  it('higher / lower take the whole mark with the higher / lower total', () => {
    // totals: 6 + 2 = 8 and 1 + 9 = 10; per question the maxima would be (6, 9) — not what the rule does
    const a = mark(6, 2);
    const b = mark(1, 9);
    expect(combine([a, b], 'higher', questions)).toEqual(b);
    expect(combine([a, b], 'lower', questions)).toEqual(a);
    // equal totals (4.5 + 3 = 7.5 and 2.5 + 5 = 7.5): the earlier mark
    expect(combine([mark(4.5, 3), mark(2.5, 5)], 'higher', questions)).toEqual(mark(4.5, 3));
    expect(combine([mark(4.5, 3), mark(2.5, 5)], 'lower', questions)).toEqual(mark(4.5, 3));
  });

  it('keeps only the block questions and refuses a mark without one', () => {
    expect(combine([{ ...mark(1, 2), '99': 5 }], 'mean', questions)).toEqual(mark(1, 2));
    expect(() => combine([{ '13': 1 }], 'mean', questions)).toThrow('第 14 题缺少分数');
    expect(() => combine([], 'mean', questions)).toThrow();
  });
});

const final = (scores: Marks, total: number, source: 'single' | 'double' | 'third') => ({
  kind: 'final',
  scores,
  total,
  source,
});
const double = (marks: Marks[], arbitration: 'leader' | 'third' = 'third', rule: FinalRule = 'mean') =>
  decide({ markCount: 2, threshold: 3, rule, arbitration, questions, marks });

describe('decide', () => {
  it('single marking: the mark itself', () => {
    const d = decide({
      markCount: 1,
      threshold: null,
      rule: 'mean',
      arbitration: 'leader',
      questions,
      marks: [mark(4.5, 7)],
    });
    // 4.5 + 7 = 11.5
    expect(d).toEqual(final(mark(4.5, 7), 11.5, 'single'));
    expect(
      decide({ markCount: 1, threshold: null, rule: 'mean', arbitration: 'leader', questions, marks: [] }),
    ).toEqual({
      kind: 'wait',
    });
  });

  it('double marking waits for the second mark', () => {
    expect(double([])).toEqual({ kind: 'wait' });
    expect(double([mark(4, 7)])).toEqual({ kind: 'wait' });
  });

  it('within the threshold: combined by the rule', () => {
    // totals 4 + 7 = 11 and 4.5 + 8 = 12.5: gap 1.5 <= 3 -> mean (4.25 -> 4.5, 7.5 -> 8) = 4.5 + 8 = 12.5
    expect(double([mark(4, 7), mark(4.5, 8)])).toEqual(final(mark(4.5, 8), 12.5, 'double'));
    // same marks under 'lower': the 11 mark
    expect(double([mark(4, 7), mark(4.5, 8)], 'third', 'lower')).toEqual(final(mark(4, 7), 11, 'double'));
  });

  it('exactly at the threshold counts as within', () => {
    // totals 2 + 5 = 7 and 3 + 7 = 10: gap 3 = threshold -> mean: 13 (2 + 3) / 2 = 2.5, 14 (5 + 7) / 2 = 6 -> 8.5
    expect(double([mark(2, 5), mark(3, 7)])).toEqual(final(mark(2.5, 6), 8.5, 'double'));
    // float: a one-question block at step 0.1, threshold 0.3, marks 0 and 0.1 + 0.2
    const d = decide({
      markCount: 2,
      threshold: 0.3,
      rule: 'higher',
      arbitration: 'leader',
      questions: [{ no: '1', fullScore: 1, step: 0.1 }],
      // 0.1 + 0.2 = 0.30000000000000004 would exceed 0.3 without the one-decimal totals
      marks: [{ '1': 0 }, { '1': 0.1 + 0.2 }],
    });
    expect(d).toMatchObject({ kind: 'final', total: 0.3, source: 'double' });
  });

  it('beyond the threshold: a leader arbitration (2+1) or a third mark (2+1+1)', () => {
    // totals 2 + 5 = 7 and 3 + 8 = 11 -> gap 4 > 3
    expect(double([mark(2, 5), mark(3, 8)], 'leader')).toEqual({ kind: 'arbitration' });
    expect(double([mark(2, 5), mark(3, 8)], 'third')).toEqual({ kind: 'third' });
  });

  it('third mark closer to the first: that pair, source third', () => {
    // totals: first 2 + 5 = 7, second 5 + 9 = 14 (gap 7), third 3 + 6 = 9
    // |9 - 7| = 2 < |9 - 14| = 5 -> pair (first, third), gap 2 <= 3 -> mean: 13 (2 + 3) / 2 = 2.5, 14 (5 + 6) / 2 = 5.5 -> 6
    expect(double([mark(2, 5), mark(5, 9), mark(3, 6)])).toEqual(final(mark(2.5, 6), 8.5, 'third'));
  });

  it('third mark closer to the second: that pair', () => {
    // first 7, second 14, third 4 + 8 = 12: |12 - 7| = 5 > |12 - 14| = 2 -> pair (second, third)
    // mean: 13 (5 + 4) / 2 = 4.5, 14 (9 + 8) / 2 = 8.5 -> 9 -> 13.5
    expect(double([mark(2, 5), mark(5, 9), mark(4, 8)])).toEqual(final(mark(4.5, 9), 13.5, 'third'));
    // under 'higher' the pair's higher total: 14 (the second mark)
    expect(double([mark(2, 5), mark(5, 9), mark(4, 8)], 'third', 'higher')).toMatchObject({
      scores: mark(5, 9),
      total: 14,
    });
  });

  it('third mark equally close to both: the pair with the first', () => {
    // first 1 + 5 = 6, second 5 + 7 = 12, third 3 + 6 = 9: |9 - 6| = 3 = |9 - 12| -> pair (first, third), gap 3 <= 3
    // mean: 13 (1 + 3) / 2 = 2, 14 (5 + 6) / 2 = 5.5 -> 6 -> 8
    expect(double([mark(1, 5), mark(5, 7), mark(3, 6)])).toEqual(final(mark(2, 6), 8, 'third'));
  });

  it('third mark within the threshold of neither: leader arbitration', () => {
    // first 0 + 1 = 1, second 6 + 10 = 16, third 3 + 5 = 8: gaps 7 and 8, both > 3
    expect(double([mark(0, 1), mark(6, 10), mark(3, 5)])).toEqual({ kind: 'arbitration' });
  });

  it('first and second within the threshold win over a third mark', () => {
    // a 回评 change brought them to 7 and 8 (gap 1): mean 13 (2 + 3) / 2 = 2.5, 14 (5 + 5) / 2 = 5 -> 7.5
    expect(double([mark(2, 5), mark(3, 5), mark(6, 10)])).toMatchObject({
      scores: mark(2.5, 5),
      source: 'double',
    });
  });

  it('double marking without a threshold is a configuration error', () => {
    expect(() =>
      decide({
        markCount: 2,
        threshold: null,
        rule: 'mean',
        arbitration: 'leader',
        questions,
        marks: [mark(1, 1), mark(1, 1)],
      }),
    ).toThrow('双评须设置误差阈值');
  });
});
