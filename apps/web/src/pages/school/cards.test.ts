import { describe, expect, it } from 'vitest';
import { baseInfoPath, canManageSchool } from './access';
import { cardOf } from './cards';

describe('cardOf', () => {
  it('opens the named card, or 学生 for an unknown or missing one', () => {
    expect(cardOf('record')).toBe('record');
    expect(cardOf('yj-base-info-other')).toBe('yj-base-info-other');
    expect(cardOf('nope')).toBe('students');
    expect(cardOf(undefined)).toBe('students');
  });
});

describe('canManageSchool', () => {
  const base = { isAdmin: false, isSchoolAdmin: false, schoolId: 5 };
  it('lets a system admin open any school and a school admin only their own', () => {
    expect(canManageSchool({ ...base, isAdmin: true, schoolId: null }, 9)).toBe(true);
    expect(canManageSchool({ ...base, isSchoolAdmin: true }, 5)).toBe(true);
    expect(canManageSchool({ ...base, isSchoolAdmin: true }, 6)).toBe(false);
  });
  it('refuses a teacher of the school', () => {
    expect(canManageSchool(base, 5)).toBe(false);
  });
  it('builds the address with or without a card', () => {
    expect(baseInfoPath(5)).toBe('/book/school/5/base_info_');
    expect(baseInfoPath(5, 'grade')).toBe('/book/school/5/base_info_/grade');
  });
});
