// The session cache (issue 13): a signed-in request reuses its session for SESSION_CACHE_MS. A sign-out, and any
// request of the process that writes a session or a grant (a role taken away, an account disabled), make the
// next request read the session and its grants again; other writes (marking submits, students…) keep it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { user } from '../../db/schema';
import { memoryQueue } from '../../infra/queue';
import { fsStorage } from '../../infra/storage';
import { body, signIn, testApp, XHR, type TestApp } from '../../../test/app';
import { buildClassWithStudents, buildSchool, buildSchoolAdmin, PASSWORD } from '../../../test/factories';

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
  return { u, cookie, schoolId: s.id };
}

/** Two administrators of one school, both signed in to `app`; b's students page read once (now remembered). */
async function twoAdmins(app: FastifyInstance) {
  const s = await buildSchool(t.database.db);
  await buildClassWithStudents(t.database.db, s.id, 2);
  const a = await buildSchoolAdmin(t.database.db, s.id);
  const b = await buildSchoolAdmin(t.database.db, s.id);
  const ca = await signIn(t.app, a.phone!, PASSWORD);
  const cb = await signIn(app, b.phone!, PASSWORD);
  const page = () => cb.post(`/filter/api/school/${s.id}/students`, { page: 1, size: 20 });
  expect(body(await page()).code).toBe(0);
  return { schoolId: s.id, a: ca, b, page };
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

  it('keeps remembered sessions across writes that change no grant', async () => {
    const { u, cookie, schoolId } = await signedIn();
    const { banji } = await buildClassWithStudents(t.database.db, schoolId, 0);
    const classId = banji.id;
    expect(body(await tasks(cookie)).code).toBe(0);
    // disabled behind the process's back: only the remembered session can still answer
    await t.database.db.update(user).set({ status: 0 }).where(eq(user.id, u.id));
    // a change request that writes no grant (a student added; a refused sign-in) leaves the cache alone
    const add = await t.app.inject({
      method: 'POST',
      url: `/filter/api/school/${schoolId}/students/upload/one`,
      headers: { ...XHR, cookie },
      payload: { name: '甲', xuehao: 'k1', classId },
    });
    expect(body(add).code).toBe(0);
    await t.app.inject({
      method: 'POST',
      url: '/filter/yue/user/login',
      headers: XHR,
      payload: { account: 'nobody-here', password: 'nope12345' },
    });
    expect(body(await tasks(cookie)).code).toBe(0);
  });

  it('a role taken away stops working at once in the same process', async () => {
    const { schoolId, a, b, page } = await twoAdmins(t.app);
    const removed = await a.call('DELETE', `/filter/api/school/${schoolId}/admin`, { userId: b.id });
    expect(body(removed).code).toBe(0);
    expect(body(await page()).code).not.toBe(0);
  });

  it('another process sees a role taken away within its SESSION_CACHE_MS', async () => {
    const cacheMs = 300;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-app2-'));
    const queue = memoryQueue({ error: () => {} });
    // a second server on the same database, with its own cache
    const other = await buildApp(
      loadConfig({
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        SESSION_CACHE_MS: String(cacheMs),
      }),
      {
        database: t.database,
        queue,
        storage: fsStorage(path.join(dataDir, 'files')),
        sms: { send: async () => {} },
      },
    );
    try {
      await other.ready();
      const { schoolId, a, b, page } = await twoAdmins(other);
      const readAt = Date.now();
      const removed = await a.call('DELETE', `/filter/api/school/${schoolId}/admin`, { userId: b.id });
      expect(body(removed).code).toBe(0);
      // the other process may answer from its cache until cacheMs after its last read, never longer
      await new Promise((res) => setTimeout(res, Math.max(0, readAt + cacheMs + 50 - Date.now())));
      expect(body(await page()).code).not.toBe(0);
    } finally {
      await other.close();
      await queue.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
