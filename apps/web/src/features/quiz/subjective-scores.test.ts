import { describe, expect, it } from 'vitest';
import { subjectiveScores } from './subjective-scores';

describe('subjectiveScores', () => {
  it('reads one full mark a question, separated by spaces or commas', () => {
    expect(subjectiveScores('10 5，2.5')).toEqual([{ score: 10 }, { score: 5 }, { score: 2.5 }]);
    expect(subjectiveScores('  ')).toEqual([]);
  });

  it('refuses what is not a whole or half point above 0', () => {
    expect(subjectiveScores('10 0')).toBeNull();
    expect(subjectiveScores('2.3')).toBeNull();
    expect(subjectiveScores('十')).toBeNull();
  });
});
