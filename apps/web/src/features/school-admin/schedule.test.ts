import type { ClassItem, TeacherItem } from '@yj/contracts';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from './schedule';

const cls = (id: number, name: string): ClassItem => ({
  id,
  gradeId: 1,
  gradeName: '高一',
  name,
  kind: 1,
  students: 30,
});
const teacher = (userId: number, name: string, subjects: string[], classes: ClassItem[]): TeacherItem => ({
  userId,
  name,
  phone: null,
  subjects,
  classes: classes.map((c) => ({ id: c.id, name: c.name })),
  mustChangePassword: false,
});

describe('buildSchedule', () => {
  const c1 = cls(1, '高一(1)班');
  const c2 = cls(2, '高一(2)班');

  it('puts each teacher under each subject of each class they teach, subjects in course order', () => {
    const s = buildSchedule(
      [
        teacher(1, '李老师', ['数学'], [c1, c2]),
        teacher(2, '王老师', ['语文'], [c1]),
        teacher(3, '赵老师', ['数学'], [c1]),
      ],
      [c1, c2],
      ['语文', '数学'],
    );
    expect(s.subjects).toEqual(['语文', '数学']);
    expect(s.rows[0]!.bySubject).toEqual({ 数学: ['李老师', '赵老师'], 语文: ['王老师'] });
    expect(s.rows[1]!.bySubject).toEqual({ 数学: ['李老师'] });
    expect(s.unassigned).toEqual([]);
  });

  it('lists teachers without classes apart, and a teacher without subject under 未定学科 last', () => {
    const s = buildSchedule(
      [teacher(1, '钱老师', [], [c1]), teacher(2, '孙老师', ['英语'], [])],
      [c1],
      ['英语'],
    );
    expect(s.subjects).toEqual(['未定学科']);
    expect(s.unassigned.map((t) => t.name)).toEqual(['孙老师']);
  });

  it('ignores classes that no longer exist', () => {
    const s = buildSchedule([teacher(1, '周老师', ['化学'], [cls(9, '已删班')])], [c1], []);
    expect(s.subjects).toEqual([]);
    expect(s.rows[0]!.bySubject).toEqual({});
  });
});
