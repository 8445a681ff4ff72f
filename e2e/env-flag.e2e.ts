// 系统维护 (issue 31): the system administrator sets 只读维护; a teacher sees the banner, a page still loads and a
// save is refused at once (never sent) with the flag's message; the administrator lifts it and the save works.
// Screens at 1366 × 768.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { APP, call, shot, waitForExamList, journeySession } from './lib.ts';
import { signedIn } from './marking-lib.ts';

const s = journeySession();
const MESSAGE = '系统升级维护中';
const TEACHER = '13800000006';
// a 1 × 1 PNG: the avatar the teacher saves
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function openEditor(admin: Page) {
  await admin.getByTestId('user-menu').click();
  await admin.getByRole('menuitem', { name: '系统维护' }).click();
  const editor = admin.getByRole('dialog', { name: '系统维护' });
  await editor.waitFor();
  return editor;
}

async function saveAvatar(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  const dialog = page.getByRole('dialog', { name: '个人中心' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
  return dialog;
}

test('只读维护: the teacher sees the banner, pages load, a save is refused at once; lifted, the save works', async () => {
  const admin = await signedIn(s, 'admin');
  const editor = await openEditor(admin);
  await editor.getByLabel('维护说明').fill(MESSAGE);
  await editor.getByText('只读维护：可以查看，不能保存或提交').click();
  await shot(admin, 'env-flag-editor');
  await editor.getByRole('button', { name: '开始维护' }).click();
  await admin.getByText('已开始只读维护').waitFor();
  // the administrator sees the banner too, and is not held back by it
  await admin.getByTestId('env-flag-banner').getByText(`系统维护中：${MESSAGE}`).waitFor();

  const teacher = await signedIn(s, TEACHER);
  const banner = teacher.getByTestId('env-flag-banner');
  await banner.getByText(`系统维护中：${MESSAGE}`).waitFor();
  await banner.getByText('维护期间可以查看，暂不能保存或提交').waitFor();
  assert.match(await banner.innerText(), /\d{1,2}:\d{2} 开始/, 'the banner says since when');
  // a page still loads: the home page's exams are a POST that only reads
  await teacher.goto(`${APP}/book/home`);
  await waitForExamList(teacher);
  await banner.waitFor();
  await shot(teacher, 'env-flag-teacher-home');

  // a save is refused at once, with the flag's message, and never reaches the server
  const sent: string[] = [];
  teacher.on('request', (r) => {
    if (r.url().includes('/avatar/upload')) sent.push(r.url());
  });
  const dialog = await saveAvatar(teacher);
  await teacher.getByText(`${MESSAGE}（维护期间只能查看，暂不能保存或提交）`).waitFor();
  await shot(teacher, 'env-flag-save-refused');
  assert.deepEqual(sent, [], 'the refused save was not sent');
  await dialog.getByRole('button', { name: 'Close' }).or(dialog.locator('.ant-modal-close')).first().click();

  // the administrator lifts it
  const again = await openEditor(admin);
  await again.getByText(`正在维护：${MESSAGE}`).waitFor();
  await shot(admin, 'env-flag-editor-set');
  await again.getByTestId('env-flag-clear').click();
  await admin
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /解\s*除/ })
    .click();
  await admin.getByText('维护已解除').waitFor();
  await admin.getByTestId('env-flag-banner').waitFor({ state: 'detached' });

  // the teacher's page reads the flag again (every minute; here a fresh load): the banner is gone, the save works
  await teacher.reload();
  await waitForExamList(teacher);
  assert.equal(await teacher.getByTestId('env-flag-banner').count(), 0, 'no banner once lifted');
  await saveAvatar(teacher);
  await teacher.getByText('头像已更新').waitFor();
  assert.equal(sent.length, 1, 'the save was sent this time');
  await teacher.context().close();
  await admin.context().close();
});

test('暂停使用: a teacher gets the maintenance page with the end announced; the administrator works on, then lifts it', async () => {
  const admin = await signedIn(s, 'admin');
  const until = new Date(Date.now() + 3 * 3600_000);
  await call(admin, 'POST', '/api/admin/envFlag', {
    message: '系统停机升级',
    until: until.toISOString(),
    readOnly: false,
  });
  // signing in passes (who signs in is known only after); then every screen is the maintenance one
  const teacher = await signedIn(s, TEACHER);
  await teacher.getByText('系统维护中，暂停使用').waitFor();
  const banner = teacher.getByTestId('env-flag-banner');
  await banner.getByText('系统维护中：系统停机升级').waitFor();
  await banner.getByText('维护期间暂停使用').waitFor();
  assert.match(await banner.innerText(), /预计 .*\d{2}:\d{2} 结束/, 'the banner says the end announced');
  await shot(teacher, 'env-flag-closed-teacher');
  // the system administrator is not held back: their home page loads
  await admin.goto(`${APP}/book/home`);
  await waitForExamList(admin);
  await call(admin, 'POST', '/api/admin/envFlag/clear');
  // 重新检查 reads the flag at once (else the next minute's read does): the teacher's screens are back
  await teacher.getByRole('button', { name: '重新检查' }).click();
  await teacher.getByTestId('welcome').waitFor();
  assert.equal(await banner.count(), 0, 'no banner once lifted');
  // a fresh load during maintenance: who-am-I is refused, the same screen shows; lifted, the page comes back
  await call(admin, 'POST', '/api/admin/envFlag', { message: '系统停机升级', until: null, readOnly: false });
  await teacher.reload();
  await teacher.getByText('系统维护中，暂停使用').waitFor();
  await call(admin, 'POST', '/api/admin/envFlag/clear');
  await teacher.getByRole('button', { name: '重新检查' }).click();
  await teacher.getByTestId('welcome').waitFor();
  await teacher.context().close();
  await admin.context().close();
});
