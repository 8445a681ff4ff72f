import { describe, expect, it } from 'vitest';
import { actionLabel, describeLog, type LogLookup } from './log-format';

const look: LogLookup = {
  subjects: new Map([[7, '数学']]),
  schools: new Map([[2, '阳光第二中学']]),
  users: new Map([[11, '石梦丽']]),
};

describe('describeLog', () => {
  it('labels every action in Chinese', () => {
    expect(actionLabel('exam.create')).toBe('创建考试');
    expect(actionLabel('role.sync')).toBe('同步人员到学校');
    expect(actionLabel('something.new')).toBe('something.new');
    expect(actionLabel('subject.reviewStart')).toBe('开始阅卷');
    expect(actionLabel('subject.reviewSchedule')).toBe('设置阅卷时间');
  });

  it('says how a subject moved along its lifecycle, and who moved it', () => {
    const moved = (by: string) =>
      describeLog(
        'subject.reviewPause',
        { subjectId: 7, by, before: { status: 3, label: '阅卷中' }, after: { status: 4, label: '已暂停' } },
        look,
      ).summary;
    expect(moved('user')).toBe('数学：阅卷中 → 已暂停');
    expect(moved('schedule')).toBe('数学：阅卷中 → 已暂停（定时）');
    expect(
      describeLog(
        'subject.reviewSchedule.fired',
        { subjectId: 7, kind: 'start', refused: '不能开始阅卷：…' },
        look,
      ).summary,
    ).toBe('数学：定时开始未执行，不能开始阅卷：…');
  });

  it('shows only the fields an edit changed, before and after', () => {
    const v = describeLog(
      'exam.edit',
      {
        before: {
          name: '期中',
          startDate: '2026-11-12',
          endDate: null,
          subjects: [{ id: 1, course: '数学', fullScore: 150 }],
        },
        after: {
          name: '期中考试',
          startDate: '2026-11-12',
          endDate: '2026-11-13',
          subjects: [{ id: 1, course: '数学', fullScore: 120 }],
        },
      },
      look,
    );
    expect(v.diff).toEqual([
      { field: '考试名称', before: '期中', after: '期中考试' },
      { field: '结束日期', before: '（空）', after: '2026-11-13' },
      { field: '科目', before: '数学 150分', after: '数学 120分' },
    ]);
  });

  it('names people, subjects and schools of role changes', () => {
    expect(
      describeLog('role.add', { after: { role: 4, userIds: [11, 99], subjectId: 7 } }, look).summary,
    ).toBe('阅卷老师（数学）：石梦丽、用户 99');
    expect(
      describeLog('role.remove', { before: [{ role: 9, userId: 11, subjectId: null, schoolId: 2 }] }, look)
        .summary,
    ).toBe('学校负责人（阳光第二中学）：石梦丽');
  });

  it('summarises examinee work', () => {
    expect(
      describeLog('examinee.add', { added: 70, skipped: 2, rule: { kind: 'classSeat' }, roomSize: 0 }, look)
        .summary,
    ).toBe('新增 70 名考生，跳过已在考试中的 2 人；考号规则：班级+班内序号，按班级分考场');
    expect(describeLog('examinee.absent', { subjectId: 7, ids: [1, 2] }, look).summary).toBe(
      '数学 2 名考生标记为缺考',
    );
    expect(
      describeLog(
        'examinee.update',
        { before: { kaohao: '1', kaochang: '01', seat: 3 }, after: { kaohao: '1', kaochang: '99', seat: 3 } },
        look,
      ).diff,
    ).toEqual([{ field: '考场', before: '01', after: '99' }]);
  });
});
