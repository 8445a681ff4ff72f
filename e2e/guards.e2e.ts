import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  APP,
  DEMO_EXAM,
  DEMO_PASSWORD,
  call,
  createExamWithOneSubject,
  demoExam,
  login,
  loginAsSchoolAdmin,
  shot,
  waitForPath,
  journeySession,
} from './lib.ts';

// What a new user found in the browser (issue 12): ten questions lost on leaving 题目设置, a double click
// sending two saves, a teacher who only marks offered screens that fail on save, and an all-subject scan
// table whose numbers did not add up. An exam of its own for the edits; the demo exam is only read.

/** A demo teacher who only marks 语文 in the demo exam (no other spec signs in with it). */
const MARKER = '13800000011';

const s = journeySession();

test('unsaved questions: leaving asks first, 留在本页 keeps them; a double click saves once', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const { subjectId } = await createExamWithOneSubject(page, {
    name: '2026学年未保存提醒考试',
    startDate: '2026-11-24',
    course: '数学',
    fullScore: 150,
  });
  await page.goto(`${APP}/book/subject/${subjectId}/setting/question`);
  await page.getByTestId('totals-bar').waitFor();

  // said the way a teacher says it: 一到十, 每题五分
  await page.getByTestId('quick-entry').fill('一到十 单选 A-D 每题五分');
  await page.getByTestId('quick-entry-add').click();
  const rows = page.locator('[data-testid="objective-table"] .ant-table-row');
  assert.equal(await rows.count(), 10);
  assert.equal(await page.getByLabel('第 10 题分值', { exact: true }).inputValue(), '5');
  await page.getByTestId('unsaved-objective').waitFor();

  // 题块设置 with the ten questions unsaved: a confirm, and 留在本页 keeps everything
  await page.getByRole('button', { name: '题块设置' }).click();
  const confirm = page.locator('.ant-modal-confirm', { hasText: '有未保存的修改，确定离开吗？' });
  await confirm.waitFor();
  await shot(page, 'guards-01-unsaved-confirm');
  await confirm.getByRole('button', { name: '留在本页' }).click();
  await confirm.waitFor({ state: 'detached' });
  await waitForPath(page, `/book/subject/${subjectId}/setting/question`);
  assert.equal(await rows.count(), 10);

  // closing the tab gets the browser's own warning too
  const unload = page.waitForEvent('dialog');
  void page.close({ runBeforeUnload: true });
  const dialog = await unload;
  assert.equal(dialog.type(), 'beforeunload');
  await dialog.dismiss();
  assert.equal(page.isClosed(), false);

  // 保存 double-clicked: one request, even when the answer comes before the second click (a fast server,
  // a slow hand): the second click of the gesture (the browser's click count 2) does not act
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/setting/questions/objective')) saves.push(r.url());
  });
  const saveButton = page.getByTestId('save-objective');
  await saveButton.scrollIntoViewIfNeeded();
  const box = (await saveButton.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // the gesture's first click, its save answered and shown; then the same gesture's second click
  await page.mouse.down();
  await page.mouse.up();
  await page.locator('.ant-message-notice', { hasText: '客观题已保存' }).first().waitFor();
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
  await page.getByTestId('unsaved-objective').waitFor({ state: 'detached' });
  assert.equal(saves.length, 1, 'one save for a double click');

  // Enter held down on the focused 保存: its first keydown saves; the key's auto-repeat (keydown after
  // keydown, marked repeat) would click again at every repeat once the save is answered
  await saveButton.focus();
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/setting/questions/objective'),
  );
  await page.keyboard.down('Enter');
  await answered;
  await page.locator('[data-testid="save-objective"].ant-btn-loading').waitFor({ state: 'detached' });
  await page.keyboard.down('Enter');
  await page.keyboard.down('Enter');
  await page.keyboard.up('Enter');

  // saved: leaving no longer asks; by the next page a second save would have been sent
  await page.getByRole('button', { name: '题块设置' }).click();
  await waitForPath(page, `/book/subject/${subjectId}/setting/block`);
  assert.equal(saves.length, 2, 'one save for a double click, one for Enter held down');
  await shot(page, 'guards-02-saved-and-left');
});

test('the all-subject scan table adds up and an empty subject shows an empty bar', async () => {
  const { page } = s;
  const exam = await demoExam(page);
  await page.goto(`${APP}/book/exam/${exam.id}/allscan`);
  const table = page.getByTestId('all-scan-schools');
  await table.locator('.ant-table-row').first().waitFor();
  const heads = await table.locator('thead th').allInnerTexts();
  const col = (name: string) => heads.indexOf(name);
  for (const name of ['考生', '应扫答卷', '已扫描', '缺考', '未扫']) assert.ok(col(name) >= 0, name);
  for (const row of await table.locator('.ant-table-row').all()) {
    const cells = (await row.locator('td').allInnerTexts()).map((t) => t.trim());
    const n = (name: string) => Number(cells[col(name)]);
    assert.equal(
      n('应扫答卷'),
      n('考生') * exam.subjects.length,
      `${cells[0]}: a sheet per examinee and subject`,
    );
    assert.equal(n('已扫描') + n('缺考') + n('未扫'), n('应扫答卷'), `${cells[0]}: the sheets add up`);
  }
  // a subject with nothing uploaded: "0/0 页" on an empty bar, not a full one
  const empty = page.locator('[data-testid="all-scan"] .ant-progress', { hasText: '0/0 页' }).first();
  await empty.waitFor();
  assert.equal(await empty.getAttribute('aria-valuenow'), '0');
  await shot(page, 'guards-03-allscan-adds-up');
});

test('a teacher who only marks sees no settings or scan controls, and read-only settings', async () => {
  const { page, context } = s;
  const chinese = (await demoExam(page)).subjects.find((x) => x.name === '语文');
  assert.ok(chinese);
  await context.clearCookies();
  await login(page, MARKER, DEMO_PASSWORD);
  await page.waitForURL('**/minions/book/home');

  await page.goto(`${APP}/book/subject/${chinese.id}`);
  await page.getByTestId('subject-abilities').getByText('参与阅卷').waitFor();
  const header = page.getByTestId('subject-detail');
  for (const name of ['题目设置', '题块设置', '在线答题卡', '答题卡模板', '扫描与识别'])
    assert.equal(await header.getByRole('button', { name }).count(), 0, `${name} is not offered`);
  await shot(page, 'guards-04-marker-subject');

  // typed in the address bar: readable, but nothing to type into or save
  await page.goto(`${APP}/book/subject/${chinese.id}/setting/question`);
  await page.getByTestId('read-only').waitFor();
  assert.equal(await page.getByTestId('save-objective').count(), 0);
  assert.equal(await page.getByTestId('quick-entry').isDisabled(), true);
  await shot(page, 'guards-05-marker-questions-read-only');

  await page.goto(`${APP}/book/subject/${chinese.id}/setting/block`);
  await page.getByTestId('block-setting').waitFor();
  await page.getByTestId('read-only').waitFor();
  assert.equal(await page.getByTestId('save-blocks').count(), 0);

  // the scan page: one plain refusal, no upload area and no failed blocks
  await page.goto(`${APP}/book/subject/${chinese.id}/answerCard`);
  await page.getByTestId('no-access').waitFor();
  assert.equal(await page.getByText('点击或将扫描的答题卡拖到此处').count(), 0);
  assert.equal(await page.getByText('加载失败').count(), 0);
  await shot(page, 'guards-06-marker-scan');
  const perm = await call<{ scanRead: boolean; editSetting: boolean }>(
    page,
    'GET',
    `/yue/api/subject/${chinese.id}/operation/permission`,
  );
  assert.deepEqual([perm.scanRead, perm.editSetting], [false, false]);

  // issue 31, point 11: no control that can only answer 无权限, no menu entry that leads nowhere
  const menu = page.locator('.ant-layout-header .ant-menu');
  assert.equal(await menu.getByText('答题卡制作').count(), 0, '答题卡制作 is offered to card makers only');
  await menu.getByText('下载中心').click();
  await waitForPath(page, '/book/download/center');
  await page.getByText('下载中心').first().waitFor();

  await page.goto(`${APP}/book/inSchool`);
  const row = page.locator('[data-testid="exam-table"] .ant-table-row', { hasText: DEMO_EXAM });
  await row.getByRole('link', { name: '详情' }).waitFor();
  assert.equal(await row.getByRole('link', { name: '编辑' }).count(), 0, 'no 编辑 for a marker');
  assert.equal(await row.getByRole('button', { name: /更多操作/ }).count(), 0, 'no 更多 for a marker');
  await shot(page, 'guards-07-marker-exam-list');

  await page.goto(`${APP}/book/subject/${chinese.id}/acard/template/home`);
  await page.getByTestId('acard-locked').getByText('没有修改本科目模板的权限').waitFor();
  assert.equal(await page.getByTestId('new-acard').count(), 0, 'no 新建在线答题卡');
  await page.goto(`${APP}/book/subject/${chinese.id}/acard/template/create`);
  await page.getByTestId('card-save-locked').getByText('没有修改本科目模板的权限').waitFor();
  assert.equal(await page.getByRole('button', { name: '保存为模板' }).count(), 0, 'no greyed 保存为模板');
  await shot(page, 'guards-08-marker-card-read-only');
});

test('signed out, the app asks who is signed in once, and signing in asks no more', async () => {
  const { page, context } = s;
  await context.clearCookies();
  let calls = 0;
  const count = (r: { url: () => string }) => {
    if (r.url().includes('/api/user/getUserInfo')) calls += 1;
  };
  page.on('request', count);
  // the address a teacher types: / → /book/home finds no session → the login page
  await page.goto(`${APP}/`);
  await page.getByPlaceholder('账号或手机号').waitFor();
  await page.locator('form button[type=submit]').waitFor();
  assert.equal(calls, 1, 'one getUserInfo on the way to the login page');
  calls = 0;
  await page.getByPlaceholder('账号或手机号').fill('13800000001');
  await page.getByPlaceholder('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL('**/minions/book/home');
  await page.getByTestId('welcome').waitFor();
  assert.equal(calls, 0, 'the sign-in answer already holds the user');
  page.off('request', count);
});
