import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { body, signIn, testApp, type TestApp } from '../../../test/app';
import { buildUser, PASSWORD } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const current = async () =>
  body(await t.app.inject({ method: 'GET', url: '/filter/api/anno/getSysNotice' })).data;

describe('system notice', () => {
  it('is empty at first, edited only by a system admin, audited, and cleared by an empty text', async () => {
    expect(await current()).toBeNull();
    const teacher = await signIn(t.app, (await buildUser(t.database.db)).account, PASSWORD);
    expect(
      body(await teacher.post('/filter/api/admin/sysNotice', { text: '停机维护', maxAge: 24 })).message,
    ).toBe('无权限');

    const sys = await buildUser(t.database.db, { isAdmin: true });
    const admin = await signIn(t.app, sys.account, PASSWORD);
    expect(
      body(await admin.post('/filter/api/admin/sysNotice', { text: '本周六 22:00 停机维护', maxAge: 0 }))
        .code,
    ).toBe(1);
    expect(
      body(await admin.post('/filter/api/admin/sysNotice', { text: '本周六 22:00 停机维护', maxAge: 48 }))
        .code,
    ).toBe(0);
    expect(await current()).toMatchObject({ text: '本周六 22:00 停机维护', maxAge: 48 });
    await admin.post('/filter/api/admin/sysNotice', { text: '', maxAge: 24 });
    expect(await current()).toBeNull();
    const log = await t.database.db.select().from(auditLog).where(eq(auditLog.userId, sys.id));
    expect(log.filter((l) => l.action === 'notice.update')).toHaveLength(2);
  });
});

describe('system warnings', () => {
  it('tells the system administrator that reset codes only reach the log without an SMS gateway; nobody else', async () => {
    const sys = await signIn(t.app, (await buildUser(t.database.db, { isAdmin: true })).account, PASSWORD);
    expect(body(await sys.get('/filter/api/admin/system/warnings'))).toMatchObject({
      code: 0,
      data: [{ kind: 'smsToLog', message: expect.stringContaining('验证码只写入服务器日志') }],
    });
    const teacher = await signIn(t.app, (await buildUser(t.database.db)).account, PASSWORD);
    expect(body(await teacher.get('/filter/api/admin/system/warnings')).message).toBe('无权限');
  });
});
