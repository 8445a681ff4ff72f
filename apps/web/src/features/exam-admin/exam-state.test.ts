import { describe, expect, it } from 'vitest';
import { abilities, deleteBlocker, examStateOf } from './exam-state';

describe('examStateOf', () => {
  it('follows the server list filter', () => {
    expect(examStateOf([])).toBe('setting');
    expect(examStateOf([{ status: 0 }, { status: 0 }])).toBe('setting');
    // one subject in trial puts the exam under way
    expect(examStateOf([{ status: 0 }, { status: 1 }])).toBe('reviewing');
    // done or published only when every subject got there
    expect(examStateOf([{ status: 5 }, { status: 3 }])).toBe('reviewing');
    expect(examStateOf([{ status: 5 }, { status: 6 }])).toBe('done');
    expect(examStateOf([{ status: 6 }, { status: 6 }])).toBe('published');
  });
});

describe('deleteBlocker', () => {
  it('names the subjects that started marking', () => {
    expect(deleteBlocker([{ status: 0, name: '数学' }])).toBeNull();
    expect(
      deleteBlocker([
        { status: 3, name: '数学' },
        { status: 1, name: '物理' },
        { status: 0, name: '语文' },
      ]),
    ).toBe('数学、物理已开始阅卷，考试不能删除；如不再使用，可以隐藏考试。');
  });
});

describe('abilities', () => {
  it('labels every granted ability and keeps the refused ones', () => {
    const list = abilities({
      subjectId: 1,
      status: 0,
      manageExam: false,
      editSetting: false,
      scan: false,
      scanRead: false,
      mark: true,
      lead: false,
      viewPhones: false,
      downloadScores: false,
      scoreRead: false,
      studentScores: false,
      roster: false,
      scoreAdjust: false,
      scoreUnpublishedRead: false,
      scorePublish: false,
      monitor: false,
    });
    expect(list.filter((a) => a.allowed).map((a) => a.label)).toEqual(['参与阅卷']);
    expect(list).toHaveLength(15);
  });
});
