import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../src/infra/db';
import { testApp, type TestApp } from './app';

/**
 * The test file's app (testApp), made fresh before its tests and closed after them. The object is filled in
 * place when `beforeAll` runs, so the file holds it from the start and reads it inside tests and hooks.
 */
export function appFixture(...args: Parameters<typeof testApp>): TestApp {
  // filled by beforeAll: until then the tests that read it have not started
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await testApp(...args));
  });
  afterAll(() => ('close' in t ? t.close() : undefined));
  return t;
}

/**
 * A test file's server and scene: `build` makes the scene once the server runs, `ready` adds what the file needs,
 * and the server closes after the file's tests. Both are filled in place when `beforeAll` runs (as appFixture's
 * app), so the file holds them from the start and reads them inside tests and hooks; `db()` is the server's
 * database, there.
 */
export function withScene<S extends object>(
  build: (t: TestApp) => Promise<S>,
  ready?: () => void | Promise<void>,
  timeout?: number,
): { t: TestApp; scene: S; db: () => Db } {
  const t = appFixture();
  // filled by beforeAll, after appFixture's: until then the tests that read it have not started
  const scene = {} as S;
  beforeAll(async () => {
    Object.assign(scene, await build(t));
    await ready?.();
  }, timeout);
  return { t, scene, db: () => t.database.db };
}
