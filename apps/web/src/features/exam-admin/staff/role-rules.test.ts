import { describe, expect, it } from 'vitest';
import { roleAbilities, roleAbilityText, roleScopeNote } from './role-rules';

describe('role abilities', () => {
  it('says a reviewer marks and sees published scores only of the subjects given to them', () => {
    expect(roleAbilities(4)).toEqual([
      { capability: 'exam.read', label: '查看考试、科目和考生名单' },
      { capability: 'score.read', label: '查看已发布的科目成绩', limit: '限所负责科目' },
      { capability: 'subject.mark', label: '参与阅卷', limit: '限所负责科目' },
    ]);
    expect(roleAbilityText(4)).toBe(
      '查看考试、科目和考生名单；查看已发布的科目成绩（限所负责科目）；参与阅卷（限所负责科目）',
    );
  });

  it('lets a scanner be limited to a subject or not', () => {
    expect(roleAbilities(2).find((a) => a.capability === 'subject.scan')?.limit).toBe('可限定科目');
    expect(roleScopeNote(2)).toBe('可限定科目');
  });

  it('gives the exam manager the whole exam', () => {
    const list = roleAbilities(1);
    expect(list.map((a) => a.capability)).toContain('exam.manage');
    expect(list.every((a) => !a.limit)).toBe(true);
    expect(roleScopeNote(1)).toBe('整场考试');
  });

  it('names how each kind of role is given', () => {
    expect(roleScopeNote(0)).toBe('创建考试时自动获得');
    expect(roleScopeNote(3)).toBe('按科目分配');
    expect(roleScopeNote(9)).toBe('按学校分配');
  });
});
