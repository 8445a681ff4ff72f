import type { UserProfile } from '@yj/contracts';

/** 138****0001; the server already masks, this keeps a full number from ever showing. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** Chinese names of the account's coarse roles, most powerful first. */
export function roleLabels(user: Pick<UserProfile, 'isAdmin' | 'isSchoolAdmin' | 'roles'>): string[] {
  const labels: string[] = [];
  if (user.isAdmin) labels.push('系统管理员');
  if (user.isSchoolAdmin) labels.push('学校管理员');
  if (user.roles.includes('teacher')) labels.push('教师');
  return labels.length ? labels : ['普通用户'];
}
