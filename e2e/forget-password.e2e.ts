import assert from 'node:assert/strict';
import { test } from 'node:test';
import { APP, JOURNEY_ACCOUNTS, login, shot, waitForPath, journeySession, smsCodeFromLog } from './lib.ts';

const PHONE = JOURNEY_ACCOUNTS.forgetsPassword;
const NEW_PASSWORD = 'Reset2026x';

const s = journeySession({ failOnConsoleErrors: false });

test(
  'forgot password: phone code, new password twice, then sign in with it',
  { skip: !process.env.E2E_SERVER_LOG && 'needs the server log (run through e2e/run.mjs)' },
  async () => {
    const { page } = s;
    await page.goto(`${APP}/login`);
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await waitForPath(page, '/forgetPwd');
    await page.getByPlaceholder('账号绑定的手机号').fill(PHONE);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/验证码已发送/).waitFor();
    await page.getByRole('button', { name: /秒后重发/ }).waitFor();
    assert.ok(await page.getByRole('button', { name: /秒后重发/ }).isDisabled());
    await shot(page, 'forget-password');

    const code = await smsCodeFromLog(page, PHONE);
    assert.ok(code, 'the code was written to the server log');
    await page.getByPlaceholder('短信验证码').fill(code);
    await page.getByRole('button', { name: '下一步' }).click();

    await page.getByPlaceholder('新密码', { exact: true }).fill(NEW_PASSWORD);
    await page.getByPlaceholder('确认新密码').fill(NEW_PASSWORD);
    await shot(page, 'forget-password-new');
    await page.getByRole('button', { name: '重置密码' }).click();
    await page.getByText('密码已重置').waitFor();
    await shot(page, 'forget-password-done');
    await page.getByRole('button', { name: '返回登录' }).click();
    await waitForPath(page, '/login');

    await login(page, PHONE, NEW_PASSWORD);
    await waitForPath(page, '/book/home');
  },
);

test('a wrong code is refused with a message', async () => {
  const { page, context } = s;
  await context.clearCookies();
  await page.goto(`${APP}/forgetPwd`);
  await page.getByPlaceholder('账号绑定的手机号').fill(JOURNEY_ACCOUNTS.wrongCode);
  await page.getByPlaceholder('短信验证码').fill('000000');
  await page.getByRole('button', { name: '下一步' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  assert.match(await dialog.innerText(), /验证码/);
  await shot(page, 'forget-password-wrong-code');
});

test('no console errors along the way', () => {
  assert.deepEqual(s.errors, []);
});
