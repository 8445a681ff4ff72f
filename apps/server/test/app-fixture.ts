import { afterAll, beforeAll } from 'vitest';
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
