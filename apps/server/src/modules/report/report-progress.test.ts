import { describe, expect, it } from 'vitest';
import { progressLines, progressSummary } from './report-progress';

describe('progressLines (进退步)', () => {
  it('ranks each exam over its own examinees and joins the students of both', () => {
    // now: s1 90 (1), s2 80 (2), s3 80 (2), s4 absent, s5 70 (4, not in the earlier exam)
    // earlier: s6 99 (1), s2 95 (2), s4 70 (3), s1 60 (4), s3 absent; s6 is not in the current exam
    const lines = progressLines(
      [
        { studentId: 1, total: 90 },
        { studentId: 2, total: 80 },
        { studentId: 3, total: 80 },
        { studentId: 4, total: null },
        { studentId: 5, total: 70 },
      ],
      [
        { studentId: 1, total: 60 },
        { studentId: 2, total: 95 },
        { studentId: 3, total: null },
        { studentId: 4, total: 70 },
        { studentId: 6, total: 99 },
      ],
    );
    expect(lines.map((l) => [l.studentId, l.rank, l.earlierRank, l.change])).toEqual([
      [1, 1, 4, 3],
      [2, 2, 2, 0],
      [3, 2, null, null],
      [4, null, 3, null],
    ]);
    expect(lines[0]).toMatchObject({ score: 90, earlierScore: 60 });
    // changes 3 and 0: one up, none down, mean 1.5
    expect(progressSummary(lines)).toEqual({ compared: 2, up: 1, down: 0, meanChange: 1.5 });
    expect(progressSummary([])).toEqual({ compared: 0, up: 0, down: 0, meanChange: null });
  });
});
