import { describe, expect, it } from 'vitest';
import { teachingAssignments } from './demo.service';

describe('demo teaching assignments', () => {
  it('gives the n-th teacher of each course both classes of the n-th grade', () => {
    const rows = teachingAssignments(5, 2, [
      [11, 12],
      [21, 22],
    ]);
    expect(rows).toEqual([
      { teacher: 0, classId: 11 },
      { teacher: 0, classId: 12 },
      { teacher: 1, classId: 11 },
      { teacher: 1, classId: 12 },
      { teacher: 2, classId: 21 },
      { teacher: 2, classId: 22 },
      { teacher: 3, classId: 21 },
      { teacher: 3, classId: 22 },
    ]);
  });
});
