import { describe, expect, it } from 'vitest';
import { actionColor, actionLabel, summarizeRecord } from './record-format';

const look = { className: (id: number) => ({ 1: '高一(1)班', 2: '高一(2)班' })[id] };

describe('actionLabel / actionColor', () => {
  it('names known actions in Chinese and keeps unknown ones as they are', () => {
    expect(actionLabel('student.import')).toBe('导入学生');
    expect(actionLabel('schoolAdmin.cancel')).toBe('取消管理员');
    expect(actionLabel('future.thing')).toBe('其他操作（future.thing）');
  });
  it('colours additions green and removals red', () => {
    expect(actionColor('teacher.add')).toBe('green');
    expect(actionColor('student.deleteAll')).toBe('red');
    expect(actionColor('class.rename')).toBe('blue');
    expect(actionColor('auth.login')).toBe('default');
  });
});

describe('summarizeRecord', () => {
  it('says which graduate an 升学去向 record names, and what an import did', () => {
    const after = { year: 2025, className: '高三(1)班', name: '李明', university: '南京大学' };
    expect(summarizeRecord('admission.add', { id: 1, after }, look)).toBe('2025 届 高三(1)班 李明 南京大学');
    expect(summarizeRecord('admission.update', { id: 1, after: { ...after, className: '' } }, look)).toBe(
      '2025 届 李明 南京大学',
    );
    expect(summarizeRecord('admission.import', { created: 3, updated: 1, skipped: 0 }, look)).toBe(
      '新增 3 条，更新 1 条，跳过 0 行',
    );
    expect(summarizeRecord('admission.deleteAll', { ids: 'all', deleted: 6 }, look)).toBe(
      '删除全部升学记录，共 6 条',
    );
    expect(actionLabel('admission.import')).toBe('导入升学去向');
  });
  it('lists only the fields a student update changed, with class names', () => {
    const s = summarizeRecord(
      'student.update',
      {
        before: { name: '张三', xuehao: '001', classId: 1, gender: 1 },
        after: { name: '张三', xuehao: '002', classId: 2, gender: 1 },
      },
      look,
    );
    expect(s).toBe('张三：学号：001 → 002；班级：高一(1)班 → 高一(2)班');
  });
  it('says so when nothing changed', () => {
    const same = { name: '李四', xuehao: '9', classId: 1, gender: 0 };
    expect(summarizeRecord('student.update', { before: same, after: same }, look)).toBe('李四：内容未变化');
  });
  it('describes a teacher update, old classes by name and new ones by id', () => {
    const s = summarizeRecord(
      'teacher.update',
      {
        before: {
          name: '王老师',
          phone: '13900000000',
          subjects: ['数学'],
          classes: [{ id: 1, name: '高一(1)班' }],
        },
        after: { name: '王老师', phone: '13900000000', subjects: ['数学', '物理'], classIds: [1, 2] },
      },
      look,
    );
    expect(s).toBe('王老师：学科：数学 → 数学、物理；任教班级：高一(1)班 → 高一(1)班、高一(2)班');
  });
  it('summarises imports, deletions, class changes and a missing class name', () => {
    expect(
      summarizeRecord('student.import', { created: 3, updated: 1, skipped: 0, classesCreated: 1 }, look),
    ).toBe('新增 3 名，更新 1 名，跳过 0 行，新建班级 1 个');
    expect(summarizeRecord('student.delete', { ids: [4, 5] }, look)).toBe('删除 2 名学生');
    expect(summarizeRecord('class.rename', { before: '1班', after: '高一(1)班' }, look)).toBe(
      '1班 → 高一(1)班',
    );
    expect(summarizeRecord('class.add', { after: { gradeId: 1, name: '高一(3)班', kind: 2 } }, look)).toBe(
      '高一(3)班（教学班）',
    );
    expect(summarizeRecord('student.add', { after: { name: '赵六', xuehao: '7', classId: 99 } }, look)).toBe(
      '赵六，学号 7，班级 #99',
    );
  });
  it('names a new teacher with phone, subjects and classes', () => {
    const d = { after: { name: '周老师', phone: '13900000001', subjects: ['数学'], classIds: [1] } };
    expect(summarizeRecord('teacher.add', d, look)).toBe('周老师，13900000001，数学，任教 高一(1)班');
  });
  it('tolerates a detail of an unexpected shape', () => {
    expect(summarizeRecord('student.update', null, look)).toBe('：内容未变化');
    expect(summarizeRecord('something.else', 'text', look)).toBe('');
  });
});
