import type { SysNotice } from '@yj/contracts';

/** Cookie that remembers which notice text the user has already seen (spec §4). */
export const NOTICE_COOKIE = 'sysNoticeSeen';

/** Short stable fingerprint (FNV-1a) of the text: a 2000-character notice would not fit in a cookie. */
export function noticeFingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${(h >>> 0).toString(36)}.${text.length}`;
}

/** Spec §9: the cookie lives maxAge hours, expressed in days as maxAge / 24. */
export function noticeCookieDays(maxAgeHours: number): number {
  return maxAgeHours / 24;
}

/** Shown unless the cookie says this very text was seen. */
export function shouldShowNotice(
  notice: SysNotice | null | undefined,
  seen: string | undefined,
): notice is SysNotice {
  if (!notice || !notice.text.trim()) return false;
  return seen !== noticeFingerprint(notice.text);
}
