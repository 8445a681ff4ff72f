import { describe, expect, it } from 'vitest';
import { groupSize, questionRuns } from './report-notes';

describe('report notes', () => {
  it('question numbers: runs of three or more joined, others listed', () => {
    expect(questionRuns(['1', '2', '3', '4', '6', '7', '9'])).toBe('1–4、6、7、9');
    expect(questionRuns(['1', '2', '3', '11a', '12'])).toBe('1–3、11a、12');
    expect(questionRuns([])).toBe('');
  });

  it('the 27 % groups: rounded half up, none for a single examinee', () => {
    // 40 × 0.27 = 10.8 → 11; 10 → 2.7 → 3; 2 → 0.54 → 1; 1 → no groups
    expect([40, 10, 2, 1, 0].map(groupSize)).toEqual([11, 3, 1, 0, 0]);
  });
});
