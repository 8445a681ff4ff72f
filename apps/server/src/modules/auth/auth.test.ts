import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, session } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { body, XHR } from '../../../test/app';
import { buildSchool, buildSchoolAdmin, buildUser, PASSWORD, signInAs } from '../../../test/factories';
import { guardRepo } from './guard.repo';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();

const login = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/filter/yue/user/login', headers: XHR, payload });
/** POST /api/user/getUserInfo with exactly these headers: who the server takes the caller for. */
const userInfo = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/filter/api/user/getUserInfo', headers });

describe('POST /yue/user/login', () => {
  it('signs a school admin in by phone with the session cookies and profile', async () => {
    const s = await buildSchool(t.database.db, { name: '第一中学' });
    const u = await buildSchoolAdmin(t.database.db, s.id, { name: '李主任' });
    const res = await login({ account: u.phone, password: PASSWORD });
    const b = body<{ token: string; user: Record<string, unknown>; gotoHfsURL: string }>(res);
    expect(b.code).toBe(0);
    expect(b.data.user).toMatchObject({
      name: '李主任',
      schoolId: s.id,
      schoolName: '第一中学',
      isSchoolAdmin: true,
      isAdmin: false,
    });
    expect(b.data.user.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(b.data.gotoHfsURL).toBe('/minions/book/home');
    const cookies = res.cookies;
    const sid = cookies.find((c) => c.name === 'yx_sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', value: b.data.token });
    expect(cookies.find((c) => c.name === 'schoolId')?.value).toBe(String(s.id));
    // only the hash of the token is stored
    const rows = await t.database.db
      .select()
      .from(session)
      .where(eq(session.tokenHash, sha256(b.data.token)));
    expect(rows).toHaveLength(1);
  });

  it('answers 用户名或密码错误 for a wrong password and for an unknown account alike', async () => {
    const u = await buildUser(t.database.db);
    const wrong = body(await login({ account: u.account, password: 'nope12345' }));
    const unknown = body(await login({ account: 'nobody-here', password: 'nope12345' }));
    expect(wrong).toMatchObject({ code: 1, message: '用户名或密码错误', data: null });
    expect(unknown).toMatchObject({ code: 1, message: '用户名或密码错误', data: null });
  });

  it('demands the picture captcha after three failures and accepts the right answer', async () => {
    const u = await buildUser(t.database.db);
    for (let i = 0; i < 2; i++)
      expect(body(await login({ account: u.account, password: 'bad-pass1' })).data).toBeNull();
    const third = body<{ captchaType: string; url: string; verifyKey: string }>(
      await login({ account: u.account, password: 'bad-pass1' }),
    );
    expect(third.message).toBe('用户名或密码错误');
    expect(third.data.captchaType).toBe('picture');
    expect(third.data.url).toMatch(/^data:image\/svg\+xml;base64,/);

    // even the right password is refused without the captcha now
    const noCaptcha = body<{ verifyKey: string }>(await login({ account: u.account, password: PASSWORD }));
    expect(noCaptcha.message).toBe('请输入图形验证码');
    const wrongCaptcha = body(
      await login({
        account: u.account,
        password: PASSWORD,
        verifyKey: noCaptcha.data.verifyKey,
        captcha: 'zzzz',
      }),
    );
    expect(wrongCaptcha.message).toBe('图形验证码错误，请重新输入');

    await guardRepo(t.database.db).putCaptcha('known-key-123', sha256('ab3d'), new Date(Date.now() + 60_000));
    const ok = body(
      await login({ account: u.account, password: PASSWORD, verifyKey: 'known-key-123', captcha: 'AB3D' }),
    );
    expect(ok.code).toBe(0);
    // a captcha answers once
    const reused = body(
      await login({ account: u.account, password: 'bad-pass1', verifyKey: 'known-key-123', captcha: 'ab3d' }),
    );
    expect(reused.message).toBe('用户名或密码错误');
  });

  it('refreshes a captcha picture for a verify key', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/filter/cas/passport/captcha/refresh?verifyKey=abcdefgh12',
    });
    expect(body(res).data).toMatchObject({
      verifyKey: 'abcdefgh12',
      url: expect.stringMatching(/^data:image\/svg/),
    });
  });

  it('names the missing field when the body is incomplete', async () => {
    const b = body<Array<{ field: string; message: string }>>(await login({ account: 'x' }));
    expect(b.code).toBe(1);
    expect(b.data.map((e) => e.field)).toContain('password');
  });

  it('refuses a disabled account', async () => {
    const u = await buildUser(t.database.db, { status: 0 });
    expect(body(await login({ account: u.account, password: PASSWORD })).message).toBe(
      '账号已停用，请联系学校管理员',
    );
  });
});

describe('forced password change at first sign-in', () => {
  it('hands out a change ticket, then a session once the new password is set', async () => {
    const u = await buildUser(t.database.db, { mustChangePassword: true, account: 'firstlogin' });
    const first = body<{ needChangePwd: boolean; changeToken: string }>(
      await login({ account: 'firstlogin', password: PASSWORD }),
    );
    expect(first).toMatchObject({ code: 1, message: '首次登录请修改密码', data: { needChangePwd: true } });
    // the ticket is not a session
    const asSession = await t.app.inject({
      method: 'POST',
      url: '/filter/api/user/getUserInfo',
      headers: { ...XHR, cookie: `yx_sid=${first.data.changeToken}` },
    });
    expect(body(asSession).code).toBe(1001);

    const change = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/filter/api/anno/user/changePwdLogin',
        headers: XHR,
        payload: { changeToken: first.data.changeToken, newPassword },
      });
    const weak = body<Array<{ field: string }>>(await change('short'));
    expect(weak.code).toBe(1);
    expect(weak.data[0]?.field).toBe('newPassword');
    // the old 8–20 rule let this one through
    expect(body(await change('password1')).message).toBe('参数错误：newPassword 密码至少 10 位');
    expect(body(await change('firstlogin-2026')).message).toBe('密码不能包含账号或手机号');
    const done = body<{ user: { mustChangePassword: boolean } }>(await change('Fresh-Start-26'));
    expect(done.code).toBe(0);
    expect(done.data.user.mustChangePassword).toBe(false);
    expect(body(await change('Fresh-Start-27')).message).toBe('修改密码的凭证已失效，请重新登录');
    expect(body(await login({ account: 'firstlogin', password: 'Fresh-Start-26' })).code).toBe(0);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.userId, u.id));
    expect(audit.map((a) => a.action)).toContain('account.password.forcedChange');
  });
});

describe('sessions', () => {
  it('answers 1000 without a session and 1001 for an unknown or expired one', async () => {
    const none = await userInfo(XHR);
    expect(body(none)).toMatchObject({ code: 1000 });
    const bogus = await userInfo({ ...XHR, cookie: 'yx_sid=not-a-token' });
    expect(body(bogus)).toMatchObject({ code: 1001, message: '登录已过期，请重新登录' });

    const u = await buildUser(t.database.db);
    const c = await signInAs(t, u);
    expect(body(await c.post('/filter/api/user/getUserInfo')).code).toBe(0);
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.tokenHash, sha256(c.token)));
    expect(body(await c.post('/filter/api/user/getUserInfo')).code).toBe(1001);
  });

  it('slides the expiry forward when a session is used', async () => {
    const u = await buildUser(t.database.db);
    const c = await signInAs(t, u);
    const soon = new Date(Date.now() + 60_000);
    await t.database.db
      .update(session)
      .set({ expiresAt: soon, lastSeenAt: new Date(Date.now() - 3600_000) })
      .where(eq(session.tokenHash, sha256(c.token)));
    await c.post('/filter/api/user/getUserInfo');
    const [row] = await t.database.db
      .select()
      .from(session)
      .where(eq(session.tokenHash, sha256(c.token)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + t.config.sessionIdleMs - 60_000);
  });

  it('ends a session SESSION_MAX_DAYS after sign-in however busy it is', async () => {
    expect(t.config.sessionMaxMs).toBe(30 * 24 * 3600_000);
    const u = await buildUser(t.database.db);
    const c = await signInAs(t, u);
    const setAge = (days: number) =>
      t.database.db
        .update(session)
        .set({
          createdAt: new Date(Date.now() - days * 24 * 3600_000),
          lastSeenAt: new Date(Date.now() - 5 * 60_000),
          expiresAt: new Date(Date.now() + 3600_000),
        })
        .where(eq(session.tokenHash, sha256(c.token)));
    await setAge(29);
    expect(body(await c.post('/filter/api/user/getUserInfo')).code).toBe(0);
    // sliding stops at the limit: the new expiry is 30 days after sign-in, not 168 h from now
    const [row] = await t.database.db
      .select()
      .from(session)
      .where(eq(session.tokenHash, sha256(c.token)));
    expect(row!.expiresAt.getTime()).toBe(row!.createdAt.getTime() + t.config.sessionMaxMs);
    await setAge(31);
    expect(body(await c.post('/filter/api/user/getUserInfo')).code).toBe(1001);
  });

  it('marks the cookies Secure when a TLS proxy says the browser used HTTPS, even without TRUST_PROXY', async () => {
    expect(t.config.trustProxy).toBe(false);
    const u = await buildUser(t.database.db);
    const viaProxy = await t.app.inject({
      method: 'POST',
      url: '/filter/yue/user/login',
      headers: { ...XHR, 'x-forwarded-proto': 'https' },
      payload: { account: u.account, password: PASSWORD },
    });
    expect(viaProxy.cookies.find((k) => k.name === 'yx_sid')?.secure).toBe(true);
    const plain = await login({ account: u.account, password: PASSWORD });
    expect(plain.cookies.find((k) => k.name === 'yx_sid')?.secure).toBeFalsy();
  });

  it('accepts the token in the yx_sid header (scan agent) without the XHR header', async () => {
    const u = await buildUser(t.database.db);
    const c = await signInAs(t, u);
    const res = await userInfo({ yx_sid: c.token });
    expect(body(res).code).toBe(0);
  });

  it('refuses a cookie-borne mutating call without X-Requested-With', async () => {
    const u = await buildUser(t.database.db);
    const c = await signInAs(t, u);
    const res = await userInfo({ cookie: c.cookie });
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(1);
  });

  it('logs out: the token stops working and the cookies are cleared', async () => {
    const u = await buildUser(t.database.db);
    const c = await signInAs(t, u);
    const out = await c.post('/filter/api/user/logout');
    expect(body(out).code).toBe(0);
    expect(out.cookies.find((k) => k.name === 'yx_sid')?.value).toBe('');
    expect(body(await c.post('/filter/api/user/getUserInfo')).code).toBe(1001);
  });
});
