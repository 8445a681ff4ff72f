// Statements a signed-in read sends to the database. Every page and every marking call pays the session and
// capability check, so its count is held here (the speed itself lives in `npm run bench:api`).
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, type TestApp, testApp } from '../../test/app';
import { buildClassWithStudents, buildSchool, buildSchoolAdmin, signInAs } from '../../test/factories';
import { stillClock } from '../../test/still-clock';

let t: TestApp;
let letGo: () => void;
let statements = 0;
// Both drivers send every statement, prepared or not, through these.
const counted = [pg.Client.prototype, PGlite.prototype] as Array<{ query: (...a: unknown[]) => unknown }>;
const originals = counted.map((proto) => proto.query);

beforeAll(async () => {
  letGo = stillClock();
  t = await testApp();
  counted.forEach((proto, i) => {
    proto.query = function (this: unknown, ...a: unknown[]) {
      statements++;
      return originals[i]!.apply(this, a);
    };
  });
});
afterAll(async () => {
  counted.forEach((proto, i) => (proto.query = originals[i]!));
  letGo();
  await t.close();
});

async function cost(send: () => Promise<{ json(): unknown }>): Promise<number> {
  const before = statements;
  const res = await send();
  expect(body(res as Parameters<typeof body>[0]).code).toBe(0);
  return statements - before;
}

describe('the signed-in request path', () => {
  it('costs one statement for the session with the grants the capability check needs, and its own', async () => {
    const s = await buildSchool(t.database.db);
    const { banji } = await buildClassWithStudents(t.database.db, s.id, 3);
    const a = await buildSchoolAdmin(t.database.db, s.id);
    const c = await signInAs(t, a);

    expect(await cost(() => t.app.inject({ method: 'GET', url: '/filter/health' }))).toBe(1);
    // session + the user with their schools
    expect(await cost(() => c.post('/filter/api/user/getUserInfo'))).toBe(2);
    // session with the grants + the school's roster version + the page with its total
    const page = () => c.post(`/filter/api/school/${s.id}/students`, { page: 1, size: 20 });
    expect(await cost(page)).toBe(3);
    // again, nothing written: session + roster version, the page from the process's cache (student.repo.ts)
    expect(await cost(page)).toBe(2);
    // a filtered page (the screen's class filter) is remembered the same way, under its own key
    const ofClass = () =>
      c.post(`/filter/api/school/${s.id}/students`, { page: 1, size: 20, classId: banji.id });
    expect(await cost(ofClass)).toBe(3);
    expect(await cost(ofClass)).toBe(2);
  });
});
