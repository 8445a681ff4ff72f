import { describe, expect, it } from 'vitest';
import { password, PASSWORD_MESSAGES, passwordProblem } from './password';

describe('password rule', () => {
  it('refuses the weak passwords the old 8–20 rule let through', () => {
    expect(passwordProblem('password1')).toBe(PASSWORD_MESSAGES.short);
    expect(passwordProblem('aaaaaaa1')).toBe(PASSWORD_MESSAGES.short);
    expect(passwordProblem('a1a1a1a1')).toBe(PASSWORD_MESSAGES.short);
    expect(passwordProblem('aaaaaaaaa1')).toBe(PASSWORD_MESSAGES.pattern);
  });

  it('refuses common passwords, a favourite with digits around it, repeats and runs', () => {
    for (const p of [
      'password123',
      'Qwertyuiop',
      '1qaz2wsx3edc',
      'woaini1314',
      'Password2026',
      '2026dragon!',
    ])
      expect(passwordProblem(p), p).toBe(PASSWORD_MESSAGES.common);
    for (const p of [
      'aaaaaaaaaa',
      'a1a1a1a1a1',
      'abcabcabcabc',
      '0123456789',
      'abcdefghijk',
      '9876543210',
      'ababababbb',
    ])
      expect(passwordProblem(p), p).toBe(PASSWORD_MESSAGES.pattern);
  });

  it('accepts long passphrases up to 64 characters, and refuses past that', () => {
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('晚上八点在图书馆三楼阅卷室集合')).toBeNull();
    expect(passwordProblem('x'.repeat(30) + 'Teach2026' + 'y'.repeat(25))).toBeNull();
    expect(passwordProblem('Teach2026x' + 'k'.repeat(55))).toBe(PASSWORD_MESSAGES.long);
  });

  it('refuses the account name or phone inside the password', () => {
    expect(passwordProblem('zhangsan-2026', ['ZhangSan', '13800000001'])).toBe(PASSWORD_MESSAGES.personal);
    expect(passwordProblem('x13800000001', ['zhangsan', '13800000001'])).toBe(PASSWORD_MESSAGES.personal);
    expect(passwordProblem('Teach2026x', ['li', null, undefined])).toBeNull();
  });

  it('gives the same messages through the request schema', () => {
    const r = password.safeParse('password1');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('密码至少 10 位');
    expect(password.safeParse('Teach2026x').success).toBe(true);
  });
});
