import { describe, expect, it } from 'vitest';
import { SubjectStatus as S } from './exam';
import {
  allows,
  next,
  operationLabel,
  reviewSchedule,
  subjectOperations,
  transitionsFrom,
  type SubjectOperation,
} from './subject-lifecycle';

const every = Object.values(S);

describe('the subject lifecycle table (DESIGN.md §3)', () => {
  it('follows the state diagram', () => {
    const path: Array<[number, SubjectOperation, number]> = [
      [S.setting, 'trialStart', S.trial],
      [S.trial, 'trialPause', S.trialPaused],
      [S.trialPaused, 'trialResume', S.trial],
      [S.trial, 'trialRollback', S.setting],
      [S.trialPaused, 'trialRollback', S.setting],
      [S.setting, 'reviewStart', S.reviewing],
      [S.trial, 'reviewStart', S.reviewing],
      [S.reviewing, 'reviewPause', S.paused],
      [S.paused, 'reviewResume', S.reviewing],
      [S.reviewing, 'reviewDone', S.done],
      [S.paused, 'reviewDone', S.done],
      [S.done, 'reviewDoneCancel', S.reviewing],
      [S.done, 'publish', S.published],
      [S.published, 'publishCancel', S.done],
      [S.setting, 'xianyueTongfen', S.published],
      [S.published, 'xianyueTongfenCancel', S.setting],
    ];
    for (const [from, op, to] of path) expect([from, op, next(from, op)]).toEqual([from, op, to]);
  });

  it('refuses what the diagram has no arrow for', () => {
    expect(allows(S.reviewing, 'reviewStart')).toBe(false);
    expect(allows(S.setting, 'reviewPause')).toBe(false);
    expect(allows(S.published, 'reviewDoneCancel')).toBe(false);
    expect(allows(S.done, 'publishCancel')).toBe(false);
    expect(next(S.done, 'reviewStart')).toBeNull();
    // each transition leads out of its state: no operation is a loop on itself
    for (const s of every) for (const op of transitionsFrom(s)) expect(next(s, op), `${s} ${op}`).not.toBe(s);
  });

  it('lets settings change only in 设置中, answers and scanning until published', () => {
    expect(every.filter((s) => allows(s, 'editSetting'))).toEqual([S.setting]);
    expect(every.filter((s) => !allows(s, 'editAnswers'))).toEqual([S.published]);
    expect(every.filter((s) => !allows(s, 'scan'))).toEqual([S.published]);
    expect(every.filter((s) => !allows(s, 'adjustScores'))).toEqual([S.published]);
    // everything that moves a score or who counts waits for 取消发布
    for (const op of [
      'registerAbsence',
      'importScores',
      'editExaminees',
      'editAnswers',
      'changeMarks',
    ] as const)
      expect(allows(S.published, op), op).toBe(false);
    // edits keep the state
    expect(next(S.reviewing, 'scan')).toBe(S.reviewing);
    expect(transitionsFrom(S.setting)).toEqual(['trialStart', 'reviewStart', 'xianyueTongfen']);
    expect(transitionsFrom(S.reviewing)).toEqual(['reviewPause', 'reviewDone']);
  });

  it('names every operation in Chinese', () => {
    for (const op of subjectOperations) expect(operationLabel(op)).toMatch(/[\u4e00-\u9fa5]/);
    expect(operationLabel('reviewStart')).toBe('开始阅卷');
  });

  it('validates a schedule: an ISO time or null', () => {
    expect(reviewSchedule.safeParse({ startAt: '2026-11-25T08:00:00+08:00' }).success).toBe(true);
    expect(reviewSchedule.safeParse({ endAt: null }).success).toBe(true);
    expect(reviewSchedule.safeParse({ startAt: '明天' }).success).toBe(false);
  });
});
