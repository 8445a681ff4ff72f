// The session cache (issue 13): a signed-in request reuses its session for SESSION_CACHE_MS, but a sign-out and
// any change request of the process make the next request read the session and its grants again.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema';
import { body, signIn, testApp, XHR, type TestApp } from '../../../test/app';
import { buildSchool, buildSchoolAdmin, PASSWORD } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  // longer than any test here: only an invalidation can end a remembered session
  t = await testApp({ SESSION_CACHE_MS: '10000' });
});
afterAll(() => t.close());

const tasks = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/filter/api/marking/tasks', headers: { ...XHR, cookie } });

async function signedIn() {
  const s = await buildSchool(t.database.db);
  const u = await buildSchoolAdmin(t.database.db, s.id);
  const { cookie } = await signIn(t.app, u.phone!, PASSWORD);
  return { u, cookie };
}

describe('session cache', () => {
  it('forgets a session at sign-out: the next request is refused', async () => {
    const { cookie } = await signedIn();
    expect(body(await tasks(cookie)).code).toBe(0);
    const out = await t.app.inject({
      method: 'POST',
      url: '/filter/api/user/logout',
      headers: { ...XHR, cookie },
    });
    expect(body(out).code).toBe(0);
    expect(body(await tasks(cookie)).code).toBe(1001);
  });

  it('reads the session again after any change request of the process', async () => {
    const { u, cookie } = await signedIn();
    expect(body(await tasks(cookie)).code).toBe(0);
    // disabled behind the process's back: the remembered session still answers
    await t.database.db.update(user).set({ status: 0 }).where(eq(user.id, u.id));
    expect(body(await tasks(cookie)).code).toBe(0);
    // any change request (here a refused sign-in) may have touched a grant: everything is read again
    await t.app.inject({
      method: 'POST',
      url: '/filter/yue/user/login',
      headers: XHR,
      payload: { account: 'nobody-here', password: 'nope12345' },
    });
    expect(body(await tasks(cookie)).code).toBe(1001);
  });
});
