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
});

describe('capabilitiesOfRole', () => {
  const names = (role: number) => capabilitiesOfRole(role).map((c) => c.capability);

  it('lets a reviewer read the exam and mark only the subjects given to them', () => {
    expect(capabilitiesOfRole(4)).toEqual([
      { capability: 'exam.read', label: CAPABILITY_LABELS['exam.read'], scope: 'exam' },
      { capability: 'subject.mark', label: '参与阅卷', scope: 'subject' },
    ]);
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
    expect(everyone).toEqual(['account.self', 'home.read']);
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
