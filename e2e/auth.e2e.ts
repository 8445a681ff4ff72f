import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  APP,
  DEMO_PASSWORD,
  JOURNEY_ACCOUNTS,
  SCHOOL_ADMIN,
  appPath,
  login,
  loginAsSchoolAdmin,
  shot,
  waitForExamList,
  waitForPath,
  journeySession,
} from './lib.ts';

/** 8×8 blue PNG. */
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQz3+NFTEMLQkAoOReQWgyRl8AAAAASUVORK5CYII=';

const s = journeySession({ failOnConsoleErrors: false });

test('an unknown address lands on the login page', async () => {
  const { page } = s;
  await page.goto(`${APP}/no/such/page`);
  await waitForPath(page, '/login');
  // The bare base address opens the app, which asks an anonymous visitor to sign in.
  await page.goto(`${APP}/`);
  await waitForPath(page, '/login');
  await page.getByRole('heading', { name: '账号登录' }).waitFor();
  await shot(page, 'login');
});

test('a wrong password says 用户名或密码错误', async () => {
  const { page } = s;
  await login(page, JOURNEY_ACCOUNTS.wrongPassword, 'Wrong@1234');
  const alert = page.getByTestId('login-error');
  await alert.waitFor();
  assert.match(await alert.innerText(), /用户名或密码错误/);
  assert.equal(appPath(page), '/login');
  await shot(page, 'login-wrong-password');
});

test('repeated failures bring up the picture captcha', async () => {
  const { page } = s;
  await page.goto(`${APP}/login`);
  for (let i = 0; i < 3; i++) {
    await page.getByPlaceholder('账号或手机号').fill(JOURNEY_ACCOUNTS.captcha);
    await page.getByPlaceholder('密码', { exact: true }).fill(`Wrong@${i}000`);
    await page.locator('form button[type=submit]').click();
    await page.getByTestId('login-error').waitFor();
    if (i < 2) await page.waitForTimeout(300);
  }
  const dialog = page.getByRole('dialog', { name: '请输入图形验证码' });
  await dialog.waitFor();
  assert.ok(await dialog.getByTestId('captcha-image').isVisible());
  await shot(page, 'login-captcha');

  // A wrong answer is refused and a fresh picture is offered.
  await dialog.getByPlaceholder('图形验证码').fill('zzzz');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await page
    .getByRole('dialog', { name: '请输入图形验证码' })
    .getByText('图形验证码错误，请重新输入')
    .waitFor();
  await page
    .getByRole('dialog', { name: '请输入图形验证码' })
    .getByRole('button', { name: /取\s*消/ })
    .click();
  assert.equal(appPath(page), '/login');
});

test('the school administrator signs in and sees the home page', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  assert.match(await page.getByTestId('welcome').innerText(), /王校长/);
  assert.match(await page.getByTestId('current-school').innerText(), /阳光实验中学/);
  await page.getByTestId('school-stats').getByText('210').waitFor();
  await waitForExamList(page);
  await shot(page, 'home-school-admin');
});

test('searching 我的考试 for a name that matches nothing says so and offers to clear', async () => {
  const { page } = s;
  const search = page.getByPlaceholder('搜索考试名称');
  await search.fill('不存在的考试');
  await search.press('Enter');
  await page.getByText('没有找到名称包含“不存在的考试”的考试').waitFor();
  await shot(page, 'home-search-empty');
  await page.getByRole('button', { name: '清除搜索' }).click();
  await waitForExamList(page);
  assert.equal(await search.inputValue(), '');
});

test('messages: the badge counts unread ones and clearing it never goes below zero', async () => {
  const { page } = s;
  const badge = page.getByTestId('unread-badge');
  await badge.locator('.ant-badge-count').waitFor();
  assert.equal((await badge.locator('.ant-badge-count').innerText()).trim(), '1');
  await page.getByRole('button', { name: /消息/ }).click();
  const item = page.getByTestId('message-item').first();
  await item.waitFor();
  await shot(page, 'messages-popover');
  await item.click();
  await badge.locator('.ant-badge-count').waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');
});

test('personal centre and change-password dialogs', async () => {
  const { page } = s;
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  const profile = page.getByRole('dialog', { name: '个人中心' });
  await profile.getByText('138****0001').waitFor();
  await shot(page, 'profile');

  // A file that is not a picture is refused before upload; a small PNG becomes the avatar.
  const input = profile.locator('input[type=file]');
  await input.setInputFiles({
    name: '成绩单.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  });
  await page.getByText('请选择图片文件（JPG、PNG 等）').waitFor();
  await input.setInputFiles({
    name: 'avatar.png',
    mimeType: 'image/png',
    buffer: Buffer.from(TINY_PNG, 'base64'),
  });
  await page.getByText('头像已更新').waitFor();
  const img = profile.locator('.ant-avatar img');
  await img.waitFor();
  // the uploaded avatar loads (on a busy machine the picture arrives after its element)
  await img.evaluate((el: HTMLImageElement) =>
    el.complete && el.naturalWidth > 0
      ? true
      : new Promise<boolean>((ok, fail) => {
          el.addEventListener('load', () => ok(el.naturalWidth > 0), { once: true });
          el.addEventListener('error', () => fail(new Error('the uploaded avatar does not load')), {
            once: true,
          });
        }),
  );
  await shot(page, 'profile-avatar');
  await page.keyboard.press('Escape');
  await profile.waitFor({ state: 'hidden' });

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await dialog.getByRole('button', { name: '确认修改' }).click();
  await dialog.getByText('请输入原密码', { exact: true }).waitFor();
  await shot(page, 'change-password');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
});

test('help page', async () => {
  const { page } = s;
  await page.getByRole('link', { name: '帮助中心' }).first().click();
  await waitForPath(page, '/book/help');
  await page.getByRole('heading', { name: '平台能做什么' }).waitFor();
  await page.getByText('题目和答案里的数学公式如何显示？').click();
  await page.locator('.katex').first().waitFor();
  await shot(page, 'help');

  // issue 31 (view/video): a task's 观看视频 plays its recorded VP9 WebM in Chromium, in a dialog and full-page
  await page.getByTestId('watch-video-create-exam').click();
  await expectPlaying(page, 'help-video-create-exam');
  await shot(page, 'help-video-dialog');
  await page.getByRole('link', { name: '全屏页面观看' }).click();
  await waitForPath(page, '/book/view/video/create-exam');
  await page.getByText('操作视频：创建考试').waitFor();
  await expectPlaying(page, 'help-video-create-exam');
  await shot(page, 'help-video-page');
  await page.goto(`${APP}/book/view/video/no-such-topic`);
  await page.getByText('没有找到这个操作视频').waitFor();
  await page.getByRole('link', { name: '返回帮助中心' }).click();
  await waitForPath(page, '/book/help');
});

/** The video is decoded (a frame at hand, a known length) and its time goes on. */
async function expectPlaying(page: Page, testId: string): Promise<void> {
  const video = page.getByTestId(testId);
  await video.waitFor();
  await page.waitForFunction(
    (el) => el instanceof HTMLVideoElement && el.readyState >= 2 && el.duration > 0 && el.currentTime > 0.5,
    await video.elementHandle(),
    { timeout: 15_000 },
  );
  assert.equal(await video.evaluate((el: HTMLVideoElement) => el.error), null);
}

test('logout returns to login and the shell stays closed', async () => {
  const { page } = s;
  await page.getByTestId('user-menu').click();
  const logout = page.getByRole('menuitem', { name: '退出登录' });
  await logout.waitFor();
  await logout.click();
  await waitForPath(page, '/login');
  await page.goto(`${APP}/book/home`);
  await waitForPath(page, '/login');
});

test('a teacher changes the password and signs in with the new one', async () => {
  const { page, context } = s;
  await login(page, JOURNEY_ACCOUNTS.changesPassword, DEMO_PASSWORD);
  await waitForPath(page, '/book/home');
  await waitForExamList(page);
  await shot(page, 'home-teacher');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await dialog.getByLabel('原密码').fill(DEMO_PASSWORD);
  await dialog.getByLabel('新密码', { exact: true }).fill('Teach2026x');
  await dialog.getByLabel('确认新密码').fill('Teach2026x');
  await dialog.getByRole('button', { name: '确认修改' }).click();
  await page.getByText('密码已修改，下次登录请使用新密码').waitFor();
  await context.clearCookies();
  await login(page, JOURNEY_ACCOUNTS.changesPassword, 'Teach2026x');
  await waitForPath(page, '/book/home');
});

test('an expired session sends the user back to /minions/login', async () => {
  const { page, context } = s;
  await context.clearCookies();
  await loginAsSchoolAdmin(page);
  // A forged session id is what the server sees once the real session has expired.
  await context.addCookies([
    { name: 'yx_sid', value: 'expired-session-id', domain: new URL(APP).hostname, path: '/' },
  ]);
  // 帮助中心 reads the customer-service links: the first call the server refuses sends the user to sign in.
  await page.getByRole('link', { name: '帮助中心' }).first().click();
  await waitForPath(page, '/login');

  // The same on a fresh page load.
  await context.clearCookies();
  await loginAsSchoolAdmin(page);
  await context.clearCookies();
  await page.goto(`${APP}/book/help`);
  await waitForPath(page, '/login');
  await page.getByRole('heading', { name: '账号登录' }).waitFor();

  // Signing in again returns to where the user was.
  await page.getByPlaceholder('账号或手机号').fill(SCHOOL_ADMIN);
  await page.getByPlaceholder('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.locator('form button[type=submit]').click();
  await waitForPath(page, '/book/help');
});

test('no console errors along the way', () => {
  assert.deepEqual(s.errors, []);
});
