import { describe, expect, it } from 'vitest';
import { scoreProblem, scoreRule } from './scan-score';

const digits = [
  ['0', '10'],
  ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
];
const qs = [
  { no: '13(1)', score: 4, step: 1 },
  { no: '13(2)', score: 6, step: 0.5 },
  { no: '14', score: 12, step: 1 },
];

describe('the score a 打分栏 may carry', () => {
  it('takes the full score and step of its question, its sub-questions, or the questions it names', () => {
    expect(scoreRule('14', qs, digits, null)).toEqual({ question: '14', max: 12, step: 1, read: null });
    expect(scoreRule('13', qs, digits, 3)).toEqual({ question: '13', max: 10, step: 0.5, read: 3 });
    expect(scoreRule('13|14', qs, digits, null)).toMatchObject({ max: 22, step: 0.5 });
  });

  it('is capped by what the strip can hold when the structure does not know the question', () => {
    expect(scoreRule('20', qs, digits, null)).toEqual({ question: '20', max: 19, step: 1, read: null });
    expect(scoreRule('20', [], [['0', '0.5'], ...digits], null)).toMatchObject({ max: 19.5, step: 0.5 });
  });

  it('says why a typed score does not fit', () => {
    const r = scoreRule('13|14', qs, digits, null);
    expect(scoreProblem(22, r)).toBeNull();
    expect(scoreProblem(22.5, r)).toBe('第13、14题满分 22 分，输入的分数超过满分');
    expect(scoreProblem(2.5, scoreRule('14', qs, digits, null))).toBe('该题只能给整数分');
    expect(scoreProblem(-0.5, r)).toBe('分数不能小于 0');
  });
});
