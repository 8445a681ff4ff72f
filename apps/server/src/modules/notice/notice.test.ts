import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { body } from '../../../test/app';
import { buildSchool, buildTeacher, buildUser, signInAs } from '../../../test/factories';
import { appFixture } from '../../../test/app-fixture';
import { signInSchoolAdmin } from '../../../test/school-scene';

const t = appFixture();

const current = async () =>
  body(await t.app.inject({ method: 'GET', url: '/filter/api/anno/getSysNotice' })).data;

describe('system notice', () => {
  it('is empty at first, edited only by a system admin, audited, and cleared by an empty text', async () => {
    expect(await current()).toBeNull();
    const teacher = await signInAs(t, await buildUser(t.database.db));
    expect(
      body(await teacher.post('/filter/api/admin/sysNotice', { text: '停机维护', maxAge: 24 })).message,
    ).toBe('无权限');

    const sys = await buildUser(t.database.db, { isAdmin: true });
    const admin = await signInAs(t, sys);
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
    const sys = await signInAs(t, await buildUser(t.database.db, { isAdmin: true }));
    expect(body(await sys.get('/filter/api/admin/system/warnings'))).toMatchObject({
      code: 0,
      data: [{ kind: 'smsToLog', message: expect.stringContaining('验证码只写入服务器日志') }],
    });
    const teacher = await signInAs(t, await buildUser(t.database.db));
    expect(body(await teacher.get('/filter/api/admin/system/warnings')).message).toBe('无权限');
  });
});

describe('在线客服 links', () => {
  it('are set by the system admin only (checked, audited); teachers see the normal one, administrators the VIP one too', async () => {
    const db = t.database.db;
    const school = await buildSchool(db);
    const teacher = await signInAs(t, await buildTeacher(db, school.id));
    const head = await signInSchoolAdmin(t, school.id);
    const sys = await buildUser(db, { isAdmin: true });
    const admin = await signInAs(t, sys);
    const links = async (c: typeof teacher) => body(await c.get('/filter/api/help/serviceLinks')).data;
    expect(await links(teacher)).toEqual({ normal: null, vip: null });

    const both = { normal: 'https://kefu.example.cn/chat', vip: 'https://kefu.example.cn/vip' };
    expect(body(await teacher.post('/filter/api/admin/serviceLinks', both)).message).toBe('无权限');
    expect(body(await head.post('/filter/api/admin/serviceLinks', both)).message).toBe('无权限');
    const bad = body(
      await admin.post('/filter/api/admin/serviceLinks', { normal: 'javascript:alert(1)', vip: '' }),
    );
    expect([bad.code, bad.message]).toEqual([1, '参数错误：normal 请填写以 http:// 或 https:// 开头的链接']);
    expect(body(await admin.post('/filter/api/admin/serviceLinks', both)).data).toEqual(both);

    expect(await links(teacher)).toEqual({ normal: both.normal, vip: null });
    expect(await links(head)).toEqual(both);
    expect(body(await admin.get('/filter/api/admin/serviceLinks')).data).toEqual(both);
    expect(body(await teacher.get('/filter/api/admin/serviceLinks')).message).toBe('无权限');

    // an empty link removes it
    await admin.post('/filter/api/admin/serviceLinks', { normal: both.normal, vip: '' });
    expect(await links(head)).toEqual({ normal: both.normal, vip: null });
    const log = await db.select().from(auditLog).where(eq(auditLog.action, 'serviceLinks.update'));
    expect(log).toHaveLength(2);
    expect(log[1]?.detail).toMatchObject({ before: both, after: { vip: null } });
  });
});
