import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, testApp, XHR, type TestApp } from '../../../test/app';
import { buildUser, PASSWORD } from '../../../test/factories';
import { CAPTCHA_AFTER_FAILURES } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  // the per-address limit is not what this file tests
  t = await testApp({ LOGIN_RATE_LIMIT: '1000' });
});
afterAll(() => t.close());

const login = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/filter/yue/user/login', headers: XHR, payload });

describe('captcha after repeated failures', () => {
  it('lets at most three of 25 simultaneous wrong guesses reach the password check', async () => {
    const u = await buildUser(t.database.db);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login({ account: u.account, password: `guess-${i}-2026` })),
    );
    const messages = answers.map((r) => body(r).message);
    // 用户名或密码错误 is the answer of a checked password; the others were stopped by the captcha
    const checked = messages.filter((m) => m === '用户名或密码错误').length;
    expect(checked).toBeLessThanOrEqual(CAPTCHA_AFTER_FAILURES);
    expect(messages.filter((m) => m === '请输入图形验证码').length).toBe(25 - checked);
    // and the right password now needs the captcha too
    expect(body(await login({ account: u.account, password: PASSWORD })).message).toBe('请输入图形验证码');
  });

  it('starts the count again after a successful sign-in', async () => {
    const u = await buildUser(t.database.db);
    for (let i = 0; i < 2; i++) await login({ account: u.account, password: 'wrong-pass-1' });
    expect(body(await login({ account: u.account, password: PASSWORD })).code).toBe(0);
    for (let i = 0; i < 2; i++)
      expect(body(await login({ account: u.account, password: 'wrong-pass-1' })).data).toBeNull();
  });
});
