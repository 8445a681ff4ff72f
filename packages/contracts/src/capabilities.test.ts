import { describe, expect, it } from 'vitest';
import { can, type Principal } from './capabilities';

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
