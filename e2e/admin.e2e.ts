import assert from 'node:assert/strict';
import { test } from 'node:test';
import { APP, login, SCHOOL_ADMIN, shot, waitForExamList, waitForPath, journeySession } from './lib.ts';
import { signedIn } from './marking-lib.ts';

const ADMIN = process.env.E2E_ADMIN_ACCOUNT ?? 'e2eadmin';
const INITIAL = process.env.E2E_ADMIN_PASSWORD ?? 'Init@2026yj';
const CHANGED = 'Admin2026x';
const NOTICE = '本周六 22:00-24:00 系统维护，期间暂停使用。';

const s = journeySession({ failOnConsoleErrors: false });

test('a new administrator must change the initial password at first sign-in', async () => {
  const { page } = s;
  await login(page, ADMIN, INITIAL);
  await page.getByRole('heading', { name: '设置新密码' }).waitFor();
  await page.getByPlaceholder('新密码', { exact: true }).fill('short');
  await page.getByPlaceholder('确认新密码').fill('different');
  await page.getByRole('button', { name: '确认修改并登录' }).click();
  await page.getByText('两次输入的密码不一致').waitFor();
  await shot(page, 'force-change-password');

  await page.getByPlaceholder('新密码', { exact: true }).fill(CHANGED);
  await page.getByPlaceholder('确认新密码').fill(CHANGED);
  await page.getByRole('button', { name: '确认修改并登录' }).click();
  await waitForPath(page, '/book/home');
  assert.match(await page.getByTestId('welcome').innerText(), /测试管理员/);
  await waitForExamList(page);
  await shot(page, 'home-system-admin');
});

test('the initial password no longer works; the new one does', async () => {
  const { page, context } = s;
  await context.clearCookies();
  await login(page, ADMIN, INITIAL);
  await page.getByTestId('login-error').waitFor();
  await login(page, ADMIN, CHANGED);
  await waitForPath(page, '/book/home');
});

test('the system notice is published, shown once per text, and withdrawn', async () => {
  const { page } = s;
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '系统公告' }).click();
  const editor = page.getByRole('dialog', { name: '系统公告' });
  await editor.getByLabel('公告内容').fill(NOTICE);
  await editor.getByLabel('提醒间隔').fill('48');
  await shot(page, 'sys-notice-editor');
  await editor.getByRole('button', { name: /发\s*布/ }).click();
  await page.getByText('公告已发布').waitFor();

  // A fresh visit shows the notice once.
  await page.goto(`${APP}/book/home`);
  const shown = page.getByRole('dialog', { name: '系统公告' });
  await shown.getByText(NOTICE).waitFor();
  await shot(page, 'sys-notice');
  await shown.getByRole('button', { name: '我知道了' }).click();
  await shown.waitFor({ state: 'hidden' });
  const cookie = (await s.context.cookies()).find((c) => c.name === 'sysNoticeSeen');
  assert.ok(cookie, 'the seen-notice cookie is set');
  // maxAge 48 h → expires in 2 days (spec §4).
  const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
  assert.ok(days > 1.9 && days <= 2.01, `cookie lifetime ${days} days`);

  await page.reload();
  await page.getByTestId('welcome').waitFor();
  await page.waitForTimeout(800);
  assert.equal(await page.getByText(NOTICE).count(), 0, 'the same text is not shown twice');

  // Withdraw it so other journeys start without a notice.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '系统公告' }).click();
  const again = page.getByRole('dialog', { name: '系统公告' });
  await again.getByLabel('公告内容').fill('');
  await again.getByRole('button', { name: /发\s*布/ }).click();
  await page.getByText('公告已清空').waitFor();
});

test('在线客服 links: set by the system administrator, the normal one for a teacher, VIP for a school admin', async () => {
  const { page } = s;
  await page.goto(`${APP}/book/home`);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '客服链接' }).click();
  const editor = page.getByRole('dialog', { name: '客服链接' });
  await editor.getByLabel('在线客服').fill('kefu.example.cn');
  await editor.getByRole('button', { name: /保\s*存/ }).click();
  await editor.getByText('请填写以 http:// 或 https:// 开头的链接').waitFor();
  await editor.getByLabel('在线客服').fill('https://kefu.example.cn/chat');
  await editor.getByLabel('VIP 客服').fill('https://kefu.example.cn/vip');
  await shot(page, 'service-links-editor');
  await editor.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText('客服链接已保存').waitFor();

  // a teacher sees 在线客服 in 帮助中心, not the VIP entry
  const teacher = await signedIn(s, '13800000010');
  await teacher.goto(`${APP}/book/help`);
  const links = teacher.getByTestId('service-links');
  await links.getByRole('link', { name: /在线客服/ }).waitFor();
  assert.equal(await links.getByRole('link', { name: /在线客服/ }).getAttribute('href'), 'https://kefu.example.cn/chat');
  assert.equal(await links.getByRole('link', { name: /VIP 客服/ }).count(), 0);
  await shot(teacher, 'service-links-teacher');
  // the school's administrator sees both
  const head = await signedIn(s, SCHOOL_ADMIN);
  await head.goto(`${APP}/book/help`);
  await head.getByTestId('service-links').getByRole('link', { name: /VIP 客服/ }).waitFor();
  await shot(head, 'service-links-school-admin');
});

test('no console errors along the way', () => {
  assert.deepEqual(s.errors, []);
});
