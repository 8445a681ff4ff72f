import { describe, expect, it } from 'vitest';
import { stepScores, totalOf } from './score-steps';

describe('score steps', () => {
  it('lists the scores of a question on its step', () => {
    expect(stepScores({ fullScore: 3, step: 0.5 })).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3]);
    expect(stepScores({ fullScore: 6, step: 2 })).toEqual([0, 2, 4, 6]);
  });
  it('gives a number box instead of too many buttons', () => {
    expect(stepScores({ fullScore: 25, step: 1 })).toEqual([]);
  });
  it('adds given scores', () => {
    expect(totalOf({ a: 0.1, b: 0.2, c: null })).toBe(0.3);
  });
});
