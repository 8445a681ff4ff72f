import { describe, expect, it } from 'vitest';
import { defaultFullScore, toSubjectInputs } from './SubjectsField';

describe('toSubjectInputs', () => {
  it('keeps the ids of saved subjects so the server updates them instead of replacing them', () => {
    expect(
      toSubjectInputs([
        { id: 4, course: '数学', fullScore: 150, status: 0 },
        { course: '物理', fullScore: 100 },
        { course: '化学' },
      ]),
    ).toEqual([
      { id: 4, course: '数学', fullScore: 150 },
      { course: '物理', fullScore: 100 },
    ]);
  });

  it('suggests the usual full score', () => {
    expect(defaultFullScore('语文')).toBe(150);
    expect(defaultFullScore('物理')).toBe(100);
  });
});
