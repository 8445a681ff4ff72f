import { describe, expect, it } from 'vitest';
import { can, capabilitiesOfRole, CAPABILITY_LABELS, type Capability, type Principal } from './capabilities';

const base: Principal = { userId: 1, isAdmin: false, schoolAdminOf: [], teacherOf: [], examRoles: [] };

describe('capability table', () => {
  it('lets a school admin read statistics of their own school only', () => {
    const p = { ...base, schoolAdminOf: [7] };
    expect(can(p, 'school.statistics.read', { schoolId: 7 })).toBe(true);
    expect(can(p, 'school.statistics.read', { schoolId: 8 })).toBe(false);
    expect(can(p, 'school.statistics.read', {})).toBe(false);
  });

  it('does not let a teacher of the school read its statistics', () => {
    expect(can({ ...base, teacherOf: [7] }, 'school.statistics.read', { schoolId: 7 })).toBe(false);
  });

  it('gives the system administrator the notice and every school', () => {
    const admin = { ...base, isAdmin: true };
    expect(can(admin, 'notice.edit')).toBe(true);
    expect(can(admin, 'school.statistics.read', { schoolId: 99 })).toBe(true);
    expect(can(base, 'notice.edit')).toBe(false);
  });

  it('allows any signed-in user their own account', () => {
    expect(can(base, 'account.self')).toBe(true);
  });

  it('gives students and parents their own set and nothing of the staff’s (issues 32, 34)', () => {
    const student: Principal = { ...base, kind: 'student' };
    const parent: Principal = { ...base, kind: 'parent' };
    for (const cap of Object.keys(CAPABILITY_LABELS) as Capability[]) {
      const portal = cap.startsWith('portal.');
      expect(can(student, cap, { schoolId: 1, examId: 1, subjectId: 1 })).toBe(
        portal && cap !== 'portal.children',
      );
      // 在线考试 is sat by the student, never by a parent
      expect(can(parent, cap, { schoolId: 1, examId: 1, subjectId: 1 })).toBe(
        portal && cap !== 'portal.online',
      );
      if (portal) expect(can(base, cap)).toBe(false);
    }
  });
});

describe('capabilitiesOfRole', () => {
  const names = (role: number) => capabilitiesOfRole(role).map((c) => c.capability);

  it('lets a reviewer read the exam, mark and see published scores of the subjects given to them', () => {
    expect(capabilitiesOfRole(4)).toEqual([
      { capability: 'exam.read', label: CAPABILITY_LABELS['exam.read'], scope: 'exam' },
      { capability: 'score.read', label: '查看已发布的科目成绩', scope: 'subject' },
      { capability: 'subject.mark', label: '参与阅卷', scope: 'subject' },
    ]);
  });

  it('keeps unpublished scores and publishing to the managers', () => {
    for (const role of [2, 4, 6, 7, 8]) {
      expect(names(role), `${role}`).toContain('score.read');
      expect(names(role), `${role}`).not.toContain('score.unpublished.read');
      expect(names(role), `${role}`).not.toContain('score.publish');
    }
    expect(names(1)).toEqual(expect.arrayContaining(['score.unpublished.read', 'score.publish']));
    expect(names(9)).toContain('score.unpublished.read');
    expect(names(9)).not.toContain('score.publish');
    const teacher = { ...base, teacherOf: [7] };
    expect(can(teacher, 'score.read', { schoolId: 7 })).toBe(true);
    expect(can(teacher, 'score.unpublished.read', { schoolId: 7 })).toBe(false);
  });

  it('gives the exam manager the whole exam, the subject leadership included', () => {
    const list = capabilitiesOfRole(1);
    expect(list.map((c) => c.capability)).toContain('exam.manage');
    expect(list.find((c) => c.capability === 'subject.lead')?.scope).toBe('exam');
    expect(names(1)).not.toContain('subject.mark');
  });

  it('agrees with can() for every role and capability', () => {
    // what every signed-in user may do comes with the account, not with a role
    const everyone = (Object.keys(CAPABILITY_LABELS) as Capability[]).filter((c) => can(base, c));
    // (one's own background tasks and the page-view counts of the screens one opens, issue 31, included)
    expect(everyone).toEqual(['account.self', 'home.read', 'task.self', 'monitor.collect']);
    for (let role = 0; role <= 9; role++) {
      const p = { ...base, examRoles: [{ examId: 5, subjectId: 7, schoolId: null, role }] };
      for (const c of Object.keys(CAPABILITY_LABELS) as Capability[]) {
        if (everyone.includes(c)) continue;
        const listed = names(role).includes(c);
        expect(can(p, c, { examId: 5, subjectId: 7, schoolId: 1 }), `${role} ${c}`).toBe(listed);
      }
    }
  });

  it('lists nothing for an unknown role', () => {
    expect(capabilitiesOfRole(42)).toEqual([]);
  });
});
