import { describe, expect, it } from 'vitest';
import { applyEnvelope } from './envelope-rule';

describe('envelope rule (spec §7)', () => {
  it('code 0 returns data', () => {
    expect(applyEnvelope('/api/x', { code: 0, message: 'ok', data: { a: 1 } })).toEqual({ a: 1 });
    expect(applyEnvelope('/api/x', { code: 0, message: 'ok', data: 0 })).toBe(0);
  });

  it('code 0 with null data returns the whole envelope', () => {
    const env = { code: 0, message: 'ok', data: null };
    expect(applyEnvelope('/api/user/logout', env)).toBe(env);
  });

  it('a body without code is returned whole', () => {
    expect(applyEnvelope('/api/x', { status: 'ok' })).toEqual({ status: 'ok' });
    expect(applyEnvelope('/api/x', 'plain')).toBe('plain');
  });

  it('portal paths return the whole body even on failure', () => {
    const env = { code: 1, message: '失败', data: null };
    expect(applyEnvelope('/portal/loginUserInfo', env)).toBe(env);
  });

  it('any other code rejects with the body', () => {
    const env = { code: 1, message: '用户名或密码错误', data: null };
    expect(() => applyEnvelope('/yue/user/login', env)).toThrow();
    try {
      applyEnvelope('/yue/user/login', env);
    } catch (e) {
      expect(e).toBe(env);
    }
  });
});
