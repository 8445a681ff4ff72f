import { describe, expect, it } from 'vitest';
import { checkMarks, type QuestionRule } from './index';

// 13: full 6, step 0.5, no 给分点; 14: full 10, step 1, 给分点 思路 4 + 计算 6 = 10
const questions: QuestionRule[] = [
  { no: '13', fullScore: 6, step: 0.5 },
  {
    no: '14',
    fullScore: 10,
    step: 1,
    points: [
      { name: '思路', score: 4 },
      { name: '计算', score: 6 },
    ],
  },
];
const ok14 = { no: '14', score: 7, points: [3, 4] }; // 3 + 4 = 7

describe('checkMarks', () => {
  it('accepts a complete mark on the steps', () => {
    expect(checkMarks([{ no: '13', score: 4.5 }, ok14], questions)).toBeNull();
    // bounds included: 0 and the full score; 给分点 at their maxima 4 + 6 = 10
    expect(
      checkMarks(
        [
          { no: '13', score: 0 },
          { no: '14', score: 10, points: [4, 6] },
        ],
        questions,
      ),
    ).toBeNull();
    expect(
      checkMarks(
        [
          { no: '13', score: 6 },
          { no: '14', score: 0, points: [0, 0] },
        ],
        questions,
      ),
    ).toBeNull();
  });

  it('each question exactly once', () => {
    expect(checkMarks([{ no: '13', score: 1 }], questions)).toBe('第 14 题未给分');
    expect(checkMarks([{ no: '13', score: 1 }, { no: '13', score: 2 }, ok14], questions)).toBe(
      '第 13 题重复给分',
    );
    expect(checkMarks([{ no: '13', score: 1 }, ok14, { no: '15', score: 1 }], questions)).toBe(
      '第 15 题不在本题块中',
    );
  });

  it('the score is within 0..full and on the step', () => {
    expect(checkMarks([{ no: '13', score: 7 }, ok14], questions)).toBe('第 13 题的分数 7 超过满分 6 分');
    expect(checkMarks([{ no: '13', score: -0.5 }, ok14], questions)).toBe('第 13 题的分数 -0.5 不能为负');
    // 4.3 / 0.5 = 8.6, not whole
    expect(checkMarks([{ no: '13', score: 4.3 }, ok14], questions)).toBe(
      '第 13 题的分数 4.3 不是步长 0.5 分的整数倍',
    );
    // step 1: 0.5 is off the step
    expect(
      checkMarks(
        [
          { no: '13', score: 1 },
          { no: '14', score: 7.5, points: [3.5, 4] },
        ],
        questions,
      ),
    ).toBe('第 14 题的分数 7.5 不是步长 1 分的整数倍');
    expect(checkMarks([{ no: '13', score: Number.NaN }, ok14], questions)).toBe('第 13 题的分数无效');
  });

  it('给分点: one per point, each within its score and on the step, summing to the score', () => {
    const with14 = (points: number[] | undefined, score = 7) =>
      checkMarks(
        [
          { no: '13', score: 1 },
          { no: '14', score, points },
        ],
        questions,
      );
    expect(with14(undefined)).toBe('第 14 题须按 2 个给分点逐一给分');
    expect(with14([7])).toBe('第 14 题须按 2 个给分点逐一给分');
    // 思路 is worth 4: 5 is over it (5 + 2 = 7 sums right, still wrong)
    expect(with14([5, 2])).toBe('第 14 题给分点“思路”的分数 5 超过满分 4 分');
    expect(with14([-1, 8])).toBe('第 14 题给分点“思路”的分数 -1 不能为负');
    // step 1: 3.5 is off the step (3.5 + 3.5 = 7)
    expect(with14([3.5, 3.5])).toBe('第 14 题给分点“思路”的分数 3.5 不是步长 1 分的整数倍');
    // 3 + 3 = 6, the question says 7
    expect(with14([3, 3])).toBe('第 14 题给分点之和 6 分与该题分数 7 分不一致');
  });

  it('a question without 给分点 takes no point scores', () => {
    expect(checkMarks([{ no: '13', score: 2, points: [1, 1] }, ok14], questions)).toBe(
      '第 13 题没有给分点，请直接给分',
    );
    expect(checkMarks([{ no: '13', score: 2, points: [] }, ok14], questions)).toBeNull();
  });
});
