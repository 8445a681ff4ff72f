import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  APP,
  DEMO_PASSWORD,
  journeyContext,
  login,
  loginAsSchoolAdmin,
  phonePage,
  shot,
  waitForPath,
  journeySession,
  smsCodeFromLog,
} from './lib.ts';

const s = journeySession();

test(
  'a teacher without a phone binds one by SMS code at sign-in, then enters; the phone signs in next time',
  { skip: !process.env.E2E_SERVER_LOG && 'needs the server log (run through e2e/run.mjs)' },
  async () => {
    const { page } = s;
    const phone = '13712345678';
    await login(page, 'zhaolaoshi', DEMO_PASSWORD);
    await page.getByText('绑定手机号', { exact: true }).waitFor();
    await page.getByPlaceholder('本人手机号').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/验证码已发送/).waitFor();
    await shot(page, 'account-bind-phone');
    const code = await smsCodeFromLog(page, phone);
    assert.ok(code, 'the code was written to the server log');
    await page.getByPlaceholder('短信验证码').fill(code);
    await page.getByRole('button', { name: '绑定并登录' }).click();
    await waitForPath(page, '/book/home');
    await page.context().clearCookies();
    await login(page, phone, DEMO_PASSWORD);
    await waitForPath(page, '/book/home');
    await page.context().clearCookies();
  },
);

test('扫码登录: the PC shows a QR, a signed-in phone confirms at 375 px, the PC is signed in', async () => {
  const pc = await (await journeyContext(s.browser, 'pc')).newPage();
  await pc.goto(`${APP}/login`);
  await pc.getByRole('button', { name: '扫码登录' }).click();
  const qr = pc.getByTestId('scan-login-qr');
  await qr.waitFor();
  await shot(pc, 'account-scan-login-pc');
  const url = (await qr.getAttribute('data-url')) ?? '';
  assert.ok(url?.includes('/minions/scan-login?code='), 'the QR opens the confirm page');

  // the phone is not signed in yet: it signs in and comes back to the confirmation
  const phone = await phonePage(s, 'phone');
  await phone.goto(url);
  await waitForPath(phone, '/login');
  await phone.getByPlaceholder('账号或手机号').fill('13800000014');
  await phone.getByPlaceholder('密码', { exact: true }).fill(DEMO_PASSWORD);
  await phone.locator('form button[type=submit]').click();
  await waitForPath(phone, '/scan-login');
  await phone.getByRole('button', { name: '确认登录' }).waitFor();
  await shot(phone, 'account-scan-login-phone');
  await phone.getByRole('button', { name: '确认登录' }).click();
  await phone.getByText('已确认登录').waitFor();
  await shot(phone, 'account-scan-login-phone-done');

  await waitForPath(pc, '/book/home');
  // the same QR again: used
  await phone.goto(url);
  await phone.getByText(/二维码已(使用|失效)/).waitFor();
  await pc.context().close();
  await phone.context().close();
});

test('the school prints its 学生 / 家长 QR; scanned on a phone it opens the sign-in with the school chosen', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  await page.goto(`${APP}/book/school`);
  await page.getByRole('tab', { name: '其他', exact: true }).click();
  const qr = page.getByTestId('portal-qr');
  await qr.waitFor();
  await shot(page, 'account-portal-qr');
  const url = (await qr.getAttribute('data-url')) ?? '';
  assert.match(url, /\/minions\/portal\/login\?school=\d+$/);
  const phone = await phonePage(s, 'parent');
  await phone.goto(url);
  await phone.getByText('阳光实验中学 · 学生和家长查看已发布的考试成绩').waitFor();
  await phone.getByTestId('portal-school').getByText('阳光实验中学').waitFor();
  await shot(phone, 'account-portal-qr-login');
  await phone.context().close();
});
