import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, user } from '../../db/schema';
import { body, testApp, type TestApp } from '../../../test/app';
import { buildUser, PASSWORD } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/filter${url}`, headers: XHR, payload });
const login = (account: string) => post('/yue/user/login', { account, password: PASSWORD });
const lastCode = () => t.sms.at(-1)!.text.match(/\d{6}/)![0];

async function refusedTicket(account: string): Promise<string> {
  const b = body<{ captchaType: string; bindToken: string }>(await login(account));
  expect(b.errCode).toBe(12120);
  expect(b.message).toBe('账号尚未绑定手机号，请绑定后登录');
  expect(b.data.captchaType).toBe('bindPhone');
  return b.data.bindToken;
}

describe('binding a phone at sign-in', () => {
  it('a staff account without a phone binds one by SMS code, then is signed in; the ticket is used up', async () => {
    const u = await buildUser(t.database.db, { account: 'zhaolaoshi-1', phone: null });
    const bindToken = await refusedTicket(u.account);
    const phone = '13712340001';
    const sent = body(await post('/api/anno/user/bindPhone/code', { bindToken, phone }));
    expect(sent.code).toBe(0);
    expect(t.sms.at(-1)!.phone).toBe(phone);
    const wrong = body(await post('/api/anno/user/bindPhone', { bindToken, phone, code: '000000' }));
    expect(wrong.message).toMatch(/验证码错误/);
    const done = await post('/api/anno/user/bindPhone', { bindToken, phone, code: lastCode() });
    const b = body<{ token: string; user: { phone: string } }>(done);
    expect(b.code).toBe(0);
    expect(b.data.user.phone).toBe('137****0001');
    expect(done.headers['set-cookie']).toBeDefined();
    const [row] = await t.database.db.select().from(user).where(eq(user.id, u.id));
    expect(row!.phone).toBe(phone);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'account.phone.bind'));
    expect(audit.map((a) => a.userId)).toContain(u.id);
    // the ticket signs in once; the next sign-in goes straight in
    const again = body(await post('/api/anno/user/bindPhone', { bindToken, phone, code: lastCode() }));
    expect(again.errCode).toBe(12121);
    expect(body(await login(u.account)).code).toBe(0);
  });

  it('refuses a phone another account uses, and a made-up ticket', async () => {
    const other = await buildUser(t.database.db);
    const u = await buildUser(t.database.db, { account: 'zhaolaoshi-2', phone: null });
    const bindToken = await refusedTicket(u.account);
    const taken = body(await post('/api/anno/user/bindPhone/code', { bindToken, phone: other.phone }));
    expect(taken.message).toBe(`手机号 ${other.phone} 已被其他账号使用`);
    const fake = body(
      await post('/api/anno/user/bindPhone/code', { bindToken: 'x'.repeat(40), phone: '13712340002' }),
    );
    expect(fake.errCode).toBe(12121);
    const invalid = body(await post('/api/anno/user/bindPhone/code', { bindToken, phone: '12345' }));
    expect(invalid.message).toMatch(/手机号格式不正确/);
  });

  it('the bind ticket is not a session, and the system administrator without a phone is not asked', async () => {
    const u = await buildUser(t.database.db, { account: 'zhaolaoshi-3', phone: null });
    const bindToken = await refusedTicket(u.account);
    const asSession = await t.app.inject({
      method: 'POST',
      url: '/filter/api/user/getUserInfo',
      headers: { ...XHR, cookie: `yx_sid=${bindToken}` },
    });
    expect(body(asSession).code).toBe(1001);
    const admin = await buildUser(t.database.db, { account: 'sysadmin-bind', phone: null, isAdmin: true });
    expect(body(await login(admin.account)).code).toBe(0);
  });
});
