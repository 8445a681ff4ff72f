import type { UserProfile } from '@yj/contracts';

/** Who may open a school's base-info screens: system admins, and that school's own administrators. */
export function canManageSchool(
  user: Pick<UserProfile, 'isAdmin' | 'isSchoolAdmin' | 'schoolId'>,
  schoolId: number,
): boolean {
  return user.isAdmin || (user.isSchoolAdmin && user.schoolId === schoolId);
}

/** The base-info address of a school, optionally opened on one card. */
export function baseInfoPath(schoolId: number, card?: string): string {
  return `/book/school/${schoolId}/base_info_${card ? `/${card}` : ''}`;
}
