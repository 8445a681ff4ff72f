// 系统维护 (issue 31): the flag the system administrator sets, and the hook that refuses calls while it is set.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as contracts from '@yj/contracts';
import { FAILURES, type RouteContract } from '@yj/contracts';
import { auditLog } from '../../db/schema';
import { body, XHR, type Client } from '../../../test/app';
import { buildSchool, buildTeacher, buildUser, PASSWORD, signInAs } from '../../../test/factories';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();

const flagNow = async () => body(await t.app.inject({ method: 'GET', url: '/filter/api/anno/envFlag' })).data;
const soon = () => new Date(Date.now() + 2 * 3600_000).toISOString();

/** Every contract route, from the exports of @yj/contracts (each group is an object of contracts). */
const allContracts = (): RouteContract[] =>
  Object.values(contracts).flatMap((g) =>
    g && typeof g === 'object' && !Array.isArray(g)
      ? Object.values(g as Record<string, unknown>).filter(
          (r): r is RouteContract =>
            !!r && typeof r === 'object' && 'method' in r && 'path' in r && 'response' in r && 'access' in r,
        )
      : [],
  );

async function people() {
  const db = t.database.db;
  const school = await buildSchool(db);
  const teacher = await signInAs(t, await buildTeacher(db, school.id));
  const sysUser = await buildUser(db, { isAdmin: true });
  const sys = await signInAs(t, sysUser);
  return { school, teacher, sys, sysUser };
}

const set = (c: Client, readOnly: boolean, until: string | null = soon()) =>
  c.post('/filter/api/admin/envFlag', { message: '系统升级维护中', until, readOnly });

describe('系统维护: the flag', () => {
  it('is empty at first; set by the system administrator only, audited, cleared again', async () => {
    expect(await flagNow()).toEqual({});
    const { teacher, sys, sysUser } = await people();
    expect(body(await set(teacher, true)).errCode).toBe(FAILURES.forbidden.errCode);
    expect(body(await set(sys, true, new Date(Date.now() - 60_000).toISOString())).errCode).toBe(
      FAILURES.envFlagUntilPast.errCode,
    );
    expect(
      body(await sys.post('/filter/api/admin/envFlag', { message: ' ', until: null, readOnly: true })).code,
    ).toBe(1);

    const until = soon();
    expect(body(await set(sys, true, until))).toMatchObject({
      code: 0,
      data: { message: '系统升级维护中', readOnly: true },
    });
    expect(await flagNow()).toMatchObject({
      message: '系统升级维护中',
      readOnly: true,
      until,
      since: expect.any(String),
    });
    // replacing it keeps one flag in force
    expect(body(await set(sys, false, null)).data).toMatchObject({ readOnly: false, until: null });
    expect(body(await sys.post('/filter/api/admin/envFlag/clear')).data).toEqual({});
    expect(await flagNow()).toEqual({});

    const log = await t.database.db.select().from(auditLog).where(eq(auditLog.userId, sysUser.id));
    expect(log.filter((l) => l.action === 'envFlag.set')).toHaveLength(2);
    expect(log.filter((l) => l.action === 'envFlag.clear')).toHaveLength(1);
  });

  it('read-only: reads (GET and the POSTs marked reads) pass, writes are refused with the flag, the system administrator passes', async () => {
    const { school, teacher, sys } = await people();
    await set(sys, true);
    try {
      // a read POST (the home page's exams) and a GET go on
      expect(body(await teacher.post('/filter/api/home/exams', { page: 1, size: 10 })).code).toBe(0);
      expect(body(await teacher.post('/filter/api/user/getUserInfo')).code).toBe(0);
      expect(body(await teacher.get('/filter/api/message/unread/count')).code).toBe(0);
      // a write is refused before anything is read of it, with the flag's message and the flag as data
      const refused = body(
        await teacher.post('/filter/api/account/password/change', {
          oldPassword: PASSWORD,
          newPassword: 'Another#123',
        }),
      );
      expect(refused).toMatchObject({
        code: 1,
        errCode: FAILURES.envFlagWritesPaused.errCode,
        message: expect.stringContaining('系统升级维护中'),
        data: { message: '系统升级维护中', readOnly: true },
      });
      // the system administrator is never held back: they write, and clear it
      expect(
        body(await sys.post(`/filter/api/school/${school.id}/grade`, { name: '维护中新建年级' })).errCode,
      ).not.toBe(FAILURES.envFlagWritesPaused.errCode);
      // signing in and out pass
      const other = await buildTeacher(t.database.db, school.id);
      const again = await signInAs(t, other);
      expect(body(await again.post('/filter/api/user/logout')).code).toBe(0);
    } finally {
      expect(body(await sys.post('/filter/api/admin/envFlag/clear')).code).toBe(0);
    }
    expect(body(await teacher.post('/filter/api/message/sent', { page: 1, size: 10 })).code).toBe(0);
  });

  it('closed (not read-only): every call but signing in, the flag and health is refused; the system administrator passes', async () => {
    const { teacher, sys } = await people();
    await set(sys, false);
    try {
      for (const res of [
        await teacher.get('/filter/api/message/unread/count'),
        await teacher.post('/filter/api/user/getUserInfo'),
        await teacher.post('/filter/api/home/exams', { page: 1, size: 10 }),
      ])
        expect(body(res)).toMatchObject({
          errCode: FAILURES.envFlagClosed.errCode,
          message: expect.stringContaining('系统升级维护中'),
        });
      expect(body(await t.app.inject({ method: 'GET', url: '/filter/health' })).code).toBe(0);
      expect(await flagNow()).toMatchObject({ readOnly: false });
      expect(body(await sys.post('/filter/api/user/getUserInfo')).data).toMatchObject({ isAdmin: true });
      // a sign-in is let through (who signs in is known only after): the system administrator must get in
      const res = await t.app.inject({
        method: 'POST',
        url: '/filter/yue/user/login',
        headers: XHR,
        payload: { account: 'nobody-here', password: 'x' },
      });
      expect(body(res).errCode).not.toBe(FAILURES.envFlagClosed.errCode);
    } finally {
      await sys.post('/filter/api/admin/envFlag/clear');
    }
    expect(body(await teacher.post('/filter/api/user/getUserInfo')).code).toBe(0);
  });

  it('read-only, every POST route of the server: the ones marked reads (or signing in) pass, every other is refused', async () => {
    const { sys } = await people();
    const teacher = await signInAs(t, await buildUser(t.database.db));
    const passes = new Set(
      allContracts()
        .filter((c) => c.method === 'POST' && (c.reads || c.signIn))
        .map((c) => `POST /filter${c.path}`),
    );
    // the answer card's PDF (a file, not a contract route) is a read too
    passes.add('POST /filter/api/subject/:id/card/pdf');
    expect(passes.size).toBeGreaterThan(20);
    await set(sys, true);
    try {
      const posts = t.app.apiRoutes.filter(
        (r) => r.method === 'POST' || r.method === 'PUT' || r.method === 'DELETE',
      );
      expect(posts.length).toBeGreaterThan(100);
      const wrong: string[] = [];
      for (const r of posts) {
        // the login routes sign this client out: they are checked above
        if (r.url.includes('logout')) continue;
        const url = r.url.replace(/:[A-Za-z]+/g, '1');
        const res = await teacher.call(r.method as 'POST', url, {});
        const refused = body(res).errCode === FAILURES.envFlagWritesPaused.errCode;
        if (refused === passes.has(`${r.method} ${r.url}`))
          wrong.push(`${r.method} ${r.url} ${refused ? 'refused' : 'passed'}`);
      }
      expect(wrong).toEqual([]);
    } finally {
      await sys.post('/filter/api/admin/envFlag/clear');
    }
  });
});
