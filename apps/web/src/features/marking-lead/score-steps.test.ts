import { describe, expect, it } from 'vitest';
import type { MarkQuestion } from '@yj/contracts';
import { scoreFields, stepScores, toScores, totalOf } from './score-steps';

const q13: MarkQuestion = { no: '13', fullScore: 10, step: 1, points: [], answer: '' };
const q14: MarkQuestion = {
  no: '14',
  fullScore: 6,
  step: 0.5,
  points: [
    { name: '公式', score: 2 },
    { name: '结果', score: 4 },
  ],
  answer: '',
};

describe('leader score fields', () => {
  it('lists the scores of a step', () => {
    expect(stepScores(3, 0.5)).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3]);
    expect(stepScores(6, 2)).toEqual([0, 2, 4, 6]);
    expect(stepScores(25, 1)).toEqual([]);
  });

  it('asks one score per question, or one per 给分点', () => {
    expect(scoreFields([q13, q14]).map((f) => [f.key, f.max])).toEqual([
      ['13', 10],
      ['14#0', 2],
      ['14#1', 4],
    ]);
  });

  it('sends nothing until every field is filled, then the question scores with their points', () => {
    expect(toScores([q13, q14], { '13': 7, '14#0': 2, '14#1': null })).toBeNull();
    expect(toScores([q13, q14], { '13': 7, '14#0': 1.5, '14#1': 3 })).toEqual([
      { no: '13', score: 7 },
      { no: '14', score: 4.5, points: [1.5, 3] },
    ]);
    expect(totalOf({ a: 0.1, b: 0.2, c: null })).toBe(0.3);
  });
});
