import { describe, expect, it } from 'vitest';
import { objectiveScore } from './index';

const single = { kind: 'single' as const, answer: 'B', score: 3, partialScore: null };
const multi = { kind: 'multi' as const, answer: 'ACD', score: 5, partialScore: 2 };
// 判断: the key stores A = 对, B = 错
const trueFalse = { kind: 'trueFalse' as const, answer: 'A', score: 2, partialScore: null };

describe('objectiveScore', () => {
  it('single: the key letter scores, anything else 0', () => {
    expect(objectiveScore(single, ['B'])).toBe(3);
    expect(objectiveScore(single, ['C'])).toBe(0);
    // two bubbles filled on a 单选: one of them is wrong
    expect(objectiveScore(single, ['B', 'C'])).toBe(0);
    expect(objectiveScore(single, [])).toBe(0);
    expect(objectiveScore(single, null)).toBe(0);
  });

  it('trueFalse: A/B letters, and T/F labels read as A/B', () => {
    expect(objectiveScore(trueFalse, ['A'])).toBe(2);
    expect(objectiveScore(trueFalse, ['B'])).toBe(0);
    expect(objectiveScore(trueFalse, ['T'])).toBe(2);
    expect(objectiveScore(trueFalse, ['F'])).toBe(0);
    expect(objectiveScore({ ...trueFalse, answer: 'B' }, ['F'])).toBe(2);
    expect(objectiveScore(trueFalse, ['A', 'B'])).toBe(0);
  });

  it('multi: the same set scores in full, order aside', () => {
    expect(objectiveScore(multi, ['A', 'C', 'D'])).toBe(5);
    expect(objectiveScore(multi, ['D', 'A', 'C'])).toBe(5);
    expect(objectiveScore(multi, ['ACD'])).toBe(5);
  });

  it('multi: a correct subset earns the partial score, none configured 0', () => {
    // {A, C} ⊂ {A, C, D}, no wrong option -> partialScore 2
    expect(objectiveScore(multi, ['A', 'C'])).toBe(2);
    expect(objectiveScore(multi, ['D'])).toBe(2);
    expect(objectiveScore({ ...multi, partialScore: null }, ['A', 'C'])).toBe(0);
  });

  it('multi: any wrong option scores 0', () => {
    // B is not in ACD, even with A and C right
    expect(objectiveScore(multi, ['A', 'B', 'C'])).toBe(0);
    expect(objectiveScore(multi, ['A', 'B', 'C', 'D'])).toBe(0);
    expect(objectiveScore(multi, ['B'])).toBe(0);
    expect(objectiveScore(multi, [])).toBe(0);
    expect(objectiveScore(multi, null)).toBe(0);
  });

  it('multi, share rule: score × options found / key size, rounded down to half a point', () => {
    const share = {
      kind: 'multi' as const,
      answer: 'ABCD',
      score: 6,
      partialScore: null,
      partialRule: 'share' as const,
    };
    // 3 of 4 right: 6 × 3/4 = 4.5; 2 of 4: 3; 1 of 4: 1.5
    expect(objectiveScore(share, ['A', 'B', 'C'])).toBe(4.5);
    expect(objectiveScore(share, ['B', 'D'])).toBe(3);
    expect(objectiveScore(share, ['C'])).toBe(1.5);
    // key ACD, 5 points, 2 of 3 right: 5 × 2/3 = 3.33 -> 3; 1 of 3: 1.67 -> 1.5
    expect(objectiveScore({ ...share, answer: 'ACD', score: 5 }, ['A', 'D'])).toBe(3);
    expect(objectiveScore({ ...share, answer: 'ACD', score: 5 }, ['C'])).toBe(1.5);
    // all right still full, any wrong option still 0, partialScore ignored under the share rule
    expect(objectiveScore(share, ['A', 'B', 'C', 'D'])).toBe(6);
    expect(objectiveScore(share, ['A', 'E'])).toBe(0);
    expect(objectiveScore({ ...share, partialScore: 2 }, ['A'])).toBe(1.5);
    // a single question has no partial credit under either rule
    expect(objectiveScore({ ...single, partialRule: 'share' }, ['B', 'C'])).toBe(0);
  });

  it('an empty key (not entered yet) scores 0', () => {
    expect(objectiveScore({ ...single, answer: '' }, ['B'])).toBe(0);
  });
});
