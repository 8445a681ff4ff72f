import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEMO_PASSWORD, SCHOOL_ADMIN, shot, journeySession } from './lib.ts';

// Issue 19, point 3: a teacher opens http://<school server>:8080/minions/ from another PC. The rest of the suite uses
// 127.0.0.1, where browsers forgive what they refuse elsewhere (a blank page from https-upgrade headers), so
// this journey always goes through one of this machine's own non-loopback addresses (run.mjs finds it).
const LAN_URL = process.env.E2E_LAN_URL;

const s = journeySession({ failOnConsoleErrors: false });

test('the app renders and signs in from another computer over plain http', { skip: !LAN_URL }, async () => {
  const { page, errors } = s;
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
  await page.goto(`${LAN_URL}/minions/login`);
  await page.getByRole('heading', { name: '账号登录' }).waitFor();
  await page.getByPlaceholder('账号或手机号').fill(SCHOOL_ADMIN);
  await page.getByPlaceholder('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL('**/minions/book/home');
  await page.getByTestId('welcome').waitFor();
  assert.ok(page.url().startsWith(`${LAN_URL}/`), `stayed on ${LAN_URL}, not ${page.url()}`);
  await shot(page, 'lan-home');
  assert.deepEqual(failed, []);
  assert.deepEqual(errors, []);
});
