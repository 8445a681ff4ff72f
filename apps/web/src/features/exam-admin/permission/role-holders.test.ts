import type { StaffItem } from '@yj/contracts';
import { describe, expect, it } from 'vitest';
import { holderGroups } from './role-holders';

let next = 1;
function person(p: Partial<StaffItem> & Pick<StaffItem, 'role' | 'name'>): StaffItem {
  return {
    id: next,
    userId: next++,
    phone: null,
    subjectId: null,
    subjectName: null,
    schoolId: null,
    schoolName: null,
    ...p,
  };
}

const single = { joint: false, subjectIds: [11, 12], schoolIds: [1] };

describe('holderGroups', () => {
  const staff = [
    person({ role: 4, name: '王老师', subjectId: 12, subjectName: '物理' }),
    person({ role: 4, name: '李老师', subjectId: 11, subjectName: '数学' }),
    person({ role: 4, name: '赵老师', subjectId: 11, subjectName: '数学' }),
    person({ role: 1, name: '张主任' }),
    person({ role: 2, name: '扫描员甲' }),
    person({ role: 2, name: '扫描员乙', subjectId: 12, subjectName: '物理' }),
  ];

  it('groups reviewers by subject in the exam order', () => {
    const groups = holderGroups(staff, 4, single);
    expect(groups.map((g) => g.label)).toEqual(['数学', '物理']);
    expect(groups[0]!.people.map((p) => p.name)).toEqual(['李老师', '赵老师']);
  });

  it('gives a whole-exam role one unlabelled group', () => {
    expect(holderGroups(staff, 1, single)).toEqual([{ key: '*:*', label: null, people: [staff[3]] }]);
  });

  it('puts scanners of every subject before those limited to one', () => {
    expect(holderGroups(staff, 2, single).map((g) => g.label)).toEqual(['全部科目', '物理']);
  });

  it('adds the school in joint exams', () => {
    const joint = { joint: true, subjectIds: [11], schoolIds: [1, 2] };
    const rows = [
      person({ role: 9, name: '二中校长', schoolId: 2, schoolName: '第二中学' }),
      person({ role: 9, name: '一中校长', schoolId: 1, schoolName: '第一中学' }),
      person({ role: 5, name: '教研员' }),
    ];
    expect(holderGroups(rows, 9, joint).map((g) => g.label)).toEqual(['第一中学', '第二中学']);
    expect(holderGroups(rows, 5, joint).map((g) => g.label)).toEqual(['全部学校']);
  });

  it('is empty when nobody holds the role', () => {
    expect(holderGroups(staff, 7, single)).toEqual([]);
  });
});
