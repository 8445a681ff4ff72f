import { afterEach, describe, expect, it } from 'vitest';
import { readCookie, writeCookie } from '../../api/cookies';
import { NOTICE_COOKIE, noticeCookieDays, noticeFingerprint, shouldShowNotice } from './notice-cookie';

const notice = (text: string, maxAge = 48) => ({ text, maxAge, updatedAt: '2026-11-22T00:00:00Z' });

afterEach(() => {
  document.cookie = `${NOTICE_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('system notice cookie (spec §4)', () => {
  it('expires after maxAge / 24 days', () => {
    expect(noticeCookieDays(48)).toBe(2);
    expect(noticeCookieDays(12)).toBe(0.5);
  });

  it('shows a new notice, not again once seen, and again when the text changes', () => {
    const n = notice('期末考试期间系统将于周六 22:00 维护。');
    expect(shouldShowNotice(n, readCookie(NOTICE_COOKIE))).toBe(true);
    writeCookie(NOTICE_COOKIE, noticeFingerprint(n.text), noticeCookieDays(n.maxAge));
    expect(shouldShowNotice(n, readCookie(NOTICE_COOKIE))).toBe(false);
    expect(shouldShowNotice(notice('维护时间改为周日 22:00。'), readCookie(NOTICE_COOKIE))).toBe(true);
  });

  it('shows nothing without a notice or with blank text', () => {
    expect(shouldShowNotice(null, undefined)).toBe(false);
    expect(shouldShowNotice(notice('   '), undefined)).toBe(false);
  });

  it('fingerprints differ for different texts and stay short', () => {
    const long = '公告'.repeat(1000);
    expect(noticeFingerprint(long).length).toBeLessThan(20);
    expect(noticeFingerprint('a')).not.toBe(noticeFingerprint('b'));
  });
});
