import { describe, expect, it } from 'vitest';
import type { MarkQuestion } from '@yj/contracts';
import {
  fromStored,
  parseTyped,
  scoreError,
  scoreFields,
  stepScores,
  toQuestionScores,
  totalOf,
} from './score-fields';

const q = (no: string, fullScore: number, step = 1, points: MarkQuestion['points'] = []): MarkQuestion => ({
  no,
  fullScore,
  step,
  points,
  answer: '',
});

describe('score fields', () => {
  it('gives one box per question, or per 给分点', () => {
    const f = scoreFields([
      q('13', 6),
      q('14', 8, 1, [
        { name: '①', score: 3 },
        { name: '②', score: 5 },
      ]),
    ]);
    expect(f.map((x) => [x.label, x.full, x.point])).toEqual([
      ['13', 6, null],
      ['14·①', 3, 0],
      ['14·②', 5, 1],
    ]);
  });

  it('steps from 0 to full by the step', () => {
    expect(stepScores(3, 1)).toEqual([0, 1, 2, 3]);
    expect(stepScores(2, 0.5)).toEqual([0, 0.5, 1, 1.5, 2]);
    expect(stepScores(5, 2)).toEqual([0, 2, 4]);
    expect(stepScores(1.5, 0.5)).toEqual([0, 0.5, 1, 1.5]);
  });

  it('mirrors the server rule: 0..full on the step', () => {
    const f = { full: 6, step: 0.5 };
    expect(scoreError(6, f)).toBeNull();
    expect(scoreError(2.5, f)).toBeNull();
    expect(scoreError(7, f)).toBe('超过满分 6');
    expect(scoreError(-1, f)).toBe('分数不能为负');
    expect(scoreError(2.3, f)).toBe('分数须为 0.5 的整数倍');
    // like the server: full itself must be on the step
    expect(scoreError(5, { full: 5, step: 2 })).toBe('分数须为 2 的整数倍');
  });

  it('parses typed text', () => {
    expect(parseTyped('7')).toBe(7);
    expect(parseTyped('7.5')).toBe(7.5);
    expect(parseTyped('.5')).toBe(0.5);
    expect(parseTyped('7.')).toBe(7);
    expect(parseTyped('')).toBeNull();
    expect(parseTyped('1.2.3')).toBeNull();
  });

  it('builds the submit scores with points summed, and back', () => {
    const f = scoreFields([
      q('13', 6),
      q('14', 8, 0.5, [
        { name: '①', score: 3 },
        { name: '②', score: 5 },
      ]),
    ]);
    const scores = toQuestionScores(f, [4, 1.5, 2.5]);
    expect(scores).toEqual([
      { no: '13', score: 4 },
      { no: '14', score: 4, points: [1.5, 2.5] },
    ]);
    expect(fromStored(f, { '13': 4, '14': 4 }, { '14': [1.5, 2.5] })).toEqual([4, 1.5, 2.5]);
    expect(totalOf([0.1, 0.2, null])).toBe(0.3);
  });
});
