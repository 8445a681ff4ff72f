import { describe, expect, it } from 'vitest';
import { ScanExceptionDetailSchemas as S } from './exception-detail';

describe('scan_exception.detail per kind', () => {
  it('reads what recognition and the fixes write, keeping keys it does not name', () => {
    expect(S.kaohao.parse({})).toEqual({});
    expect(S.objective.parse({ fills: [0.1, 0.9], resolution: 'answered', answer: ['B'] })).toEqual({
      fills: [0.1, 0.9],
      resolution: 'answered',
      answer: ['B'],
    });
    expect(S.subjective.parse({ source: 'marking', taskId: 7, blockId: 2, later: 'x' })).toEqual({
      source: 'marking',
      taskId: 7,
      blockId: 2,
      later: 'x',
    });
  });

  it('refuses a 考号重复 without its examinee and other paper, and values of the wrong kind', () => {
    expect(S.kaohaoRepeat.safeParse({ kaohao: '1001' }).success).toBe(false);
    expect(S.kaohaoRepeat.safeParse({ kaohao: '1001', examineeId: 3, otherPaperId: 9 }).success).toBe(true);
    expect(S.objective.safeParse({ fills: 'dark' }).success).toBe(false);
    expect(S.absent.safeParse({ resolution: 'forgotten' }).success).toBe(false);
    expect(S.subjective.safeParse({ source: 'someone' }).success).toBe(false);
  });
});
