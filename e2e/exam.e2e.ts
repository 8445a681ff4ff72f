import assert from 'node:assert/strict';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import {
  APP,
  BASE_URL,
  DEMO_PASSWORD,
  login,
  loginAsSchoolAdmin,
  optionOf,
  shot,
  waitForExamList,
  waitForPath,
  journeySession,
} from './lib.ts';

// Names of this spec's own data: the demo's exam (2026学年第一学期高一期中考试) is never touched.
// 37 characters, as school exams are often named: the subject page's header must still show it whole (issue 31)
const EXAM = '阳光实验中学2026学年第一学期高一年级十二月第二次月考暨期末模拟联合测试';
const JOINT = '2026学年第一学期高一期末联考';
const SECOND_SCHOOL = '阳光第二中学';
/** demo teachers: 13800000005 teaches 物理, 13800000006 teaches 化学 (and will mark 数学) */
const PHYSICS_TEACHER = '13800000005';
const REVIEWER = '13800000006';

const s = journeySession();
let examId = 0;

/** The dropdown of one antd Select (its listbox is `<input id>_list`): a closing neighbour never matches. */
/**
 * Opens an antd Select by its label and picks the option whose text starts with `text`. On a loaded machine a
 * click can land while the list is still sliding in and select nothing: the pick is checked and tried again.
 */
async function pick(page: Page, label: string, text: string, scope = page.locator('body')): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  const select = input.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  for (let attempt = 1; ; attempt++) {
    if ((await input.getAttribute('aria-expanded')) !== 'true') await input.click();
    await (await optionOf(page, input, text)).click();
    try {
      await select.filter({ hasText: text }).waitFor({ timeout: 5_000 });
      if ((await input.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape');
      return;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
}

/** Types into a searchable Select and picks the first match. */
async function searchPick(
  page: Page,
  label: string,
  query: string,
  scope = page.locator('body'),
): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  const select = input.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  // as in pick: a click that lands while the list slides in selects nothing, so check and try again
  for (let attempt = 1; ; attempt++) {
    await input.click();
    await input.fill('');
    await input.pressSequentially(query);
    await (await optionOf(page, input, query)).click();
    await page.keyboard.press('Escape');
    try {
      // the chosen item shows the teacher's name, not the phone searched for: any chosen item will do
      await select.locator('.ant-select-selection-item').first().waitFor({ timeout: 5_000 });
      return;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
}

async function fillDate(
  page: Page,
  placeholder: string,
  value: string,
  scope = page.locator('body'),
): Promise<void> {
  const input = scope.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** An examinee import sheet in the template's columns. */
async function examineeSheet(rows: Array<[string, string, string, number]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('考生');
  ws.addRow(['学号', '考号', '学校', '考场', '座位号', '试卷类型']);
  for (const [xuehao, kaohao, kaochang, seat] of rows) ws.addRow([xuehao, kaohao, '', kaochang, seat, 'A']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function waitForMessage(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

test('the school admin creates a two-subject exam step by step', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  await page.getByRole('menuitem', { name: '考试管理' }).click();
  await waitForPath(page, '/book/inSchool');
  await page.locator('[data-testid="exam-table"] .ant-table-row').first().waitFor();
  await shot(page, 'exam-list');

  await page.getByRole('button', { name: '创建考试' }).first().click();
  await waitForPath(page, '/book/singleCreateExam');
  // Step 1 refuses to go on while empty.
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByText('请输入考试名称').waitFor();
  await shot(page, 'exam-create-basics-invalid');

  await page.getByLabel('考试名称').fill(EXAM);
  await pick(page, '年级', '高一');
  await fillDate(page, '开考日期', '2026-12-10');
  await fillDate(page, '结束日期（可不填）', '2026-12-11');
  await page.getByRole('button', { name: '下一步' }).click();

  await pick(page, '第 1 个科目', '数学');
  await page.getByRole('button', { name: '添加科目' }).click();
  await pick(page, '第 2 个科目', '物理');
  assert.equal(await page.getByLabel('第 1 个科目满分').inputValue(), '150', '语数英 default to 150');
  assert.equal(await page.getByLabel('第 2 个科目满分').inputValue(), '100');
  await shot(page, 'exam-create-subjects');
  await page.getByRole('button', { name: '创建考试并继续' }).click();

  await page.waitForURL(/singleCreateExam\?examId=\d+/);
  examId = Number(new URL(page.url()).searchParams.get('examId'));
  await page.getByText('还没有考生').waitFor();
  await shot(page, 'exam-create-examinees-empty');

  // Step 3: the 高一 classes with a class + seat rule, previewed before anything is written.
  await page.getByRole('button', { name: '添加考生' }).first().click();
  const add = page.getByRole('dialog', { name: '添加考生' });
  await add.getByTestId('kaohao-preview').waitFor();
  await add.getByLabel('考号前缀').fill('27');
  await add.getByText('270101').waitFor();
  await shot(page, 'exam-add-examinees');
  await add.getByRole('button', { name: /添加 \d+ 名考生/ }).click();
  await waitForMessage(page, /已添加 \d+ 名考生/);
  await page.locator('[data-testid="examinee-table"] .ant-table-row', { hasText: '270101' }).waitFor();

  // Inline edit of one examinee's room and seat.
  // by position: once editing, the kaohao is an input and no longer row text
  const row = page.locator('[data-testid="examinee-table"] .ant-table-row').first();
  await row.getByText('270101').waitFor();
  await row.getByRole('button', { name: /^编\s?辑/ }).click();
  await row.getByLabel('考场').fill('99');
  await shot(page, 'exam-examinee-inline-edit');
  await row.getByRole('button', { name: /^保\s?存/ }).click();
  await waitForMessage(page, '已保存');
  await row.getByText('99', { exact: true }).waitFor();
  await shot(page, 'exam-create-examinees');

  // Step 4: a subject manager for 物理 and a 化学 teacher who marks 数学.
  await page.getByRole('button', { name: '下一步：人员' }).click();
  await page.getByTestId('staff-panel').waitFor();
  await page.getByRole('button', { name: '添加人员' }).click();
  let dialog = page.getByRole('dialog', { name: '添加人员' });
  await pick(page, '角色', '学科负责人', dialog);
  await pick(page, '科目', '物理', dialog);
  await searchPick(page, '选择老师', PHYSICS_TEACHER, dialog);
  await dialog.getByRole('button', { name: /^添\s?加/ }).click();
  await waitForMessage(page, '已添加 1 位物理学科负责人');
  await dialog.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: '添加人员' }).click();
  dialog = page.getByRole('dialog', { name: '添加人员' });
  await pick(page, '角色', '阅卷老师', dialog);
  await pick(page, '科目', '数学', dialog);
  // 13800000006 teaches 化学, so the list is widened to every teacher
  await dialog.getByLabel('只看本学科老师').click();
  await searchPick(page, '选择老师', REVIEWER, dialog);
  await shot(page, 'exam-add-reviewer');
  await dialog.getByRole('button', { name: /^添\s?加/ }).click();
  await waitForMessage(page, '已添加 1 位数学阅卷老师');
  // the page behind is used only once the dialog is gone: under load, a CI run once found no 完成 button for
  // 30 s right after this step (the screenshot shows it), with the dialog possibly still closing
  await dialog.waitFor({ state: 'hidden' });
  await page.locator('[data-testid="staff-panel"] .ant-table-row', { hasText: REVIEWER }).waitFor();
  await shot(page, 'exam-create-staff');

  const finish = page.getByRole('button', { name: /^完\s?成/ });
  try {
    await finish.waitFor({ timeout: 15_000 });
  } catch {
    // Seen in two fresh-clone CI runs, never alone: the screenshot just above shows 完成, then no button was
    // found and the page sent no request for 30 s (cause not found yet). Keep what the page shows for the next
    // look, then reload: the wizard resumes at its step from the server, and the journey goes on from there.
    await shot(page, 'exam-create-finish-missing');
    const text = await page
      .locator('body')
      .innerText({ timeout: 5_000 })
      .catch(() => '(the page did not answer)');
    console.log(`[exam.e2e] 完成 not found; the page shows: ${text.replace(/\s+/g, ' ').slice(0, 400)}`);
    // Why a role query misses a button that is on screen: a loading icon in its name ("loading 完 成": an AntD
    // button still loading ignores clicks too, which would also explain review-start's click that sent nothing),
    // or an aria-hidden / inert ancestor. Print both.
    const why = await page
      .evaluate(() =>
        [...document.querySelectorAll('button')]
          .filter((b) => /完\s?成/.test(b.textContent ?? ''))
          .map((b) => {
            const hidden: string[] = [];
            for (let e: Element | null = b; e; e = e.parentElement)
              if (e.getAttribute('aria-hidden') === 'true' || e.hasAttribute('inert'))
                hidden.push(`${e.tagName}.${e.className}`);
            return `${b.outerHTML.slice(0, 300)} hidden-by=[${hidden.join(' ')}]`;
          })
          .join(' | '),
      )
      .catch(() => '(no answer)');
    console.log(`[exam.e2e] 完成 buttons: ${why}`);
    await page.reload();
  }
  await finish.click();
  await waitForPath(page, `/book/exam/${examId}`);
  const physics = page.getByTestId('subject-card-物理');
  await physics.getByText('设置中').waitFor();
  await physics.getByText('学科负责人：').waitFor();
  assert.equal(await page.getByText('考试创建向导尚未完成').count(), 0, 'the wizard is complete');
  await shot(page, 'exam-detail-admin');
});

test('the admin sees the dynamic log, marks absentees, copies and deletes a copy', async () => {
  const { page } = s;
  await page.goto(`${APP}/book/exam/${examId}/dynamicLog`);
  const log = page.getByTestId('dynamic-log');
  await log.getByText('创建考试').waitFor();
  await log.getByText('修改考生').waitFor();
  // the inline edit shows as a before/after pair
  await log.getByText('99', { exact: true }).waitFor();
  await log.getByText(/阅卷老师（数学）/).waitFor();
  await shot(page, 'exam-dynamic-log');

  // Edit: 物理 full score 100 → 120; the log then shows the change.
  await page.goto(`${APP}/book/exam/${examId}/edit`);
  await page.getByLabel('第 2 个科目满分').fill('120');
  await shot(page, 'exam-edit');
  await page.getByRole('button', { name: /^保\s?存/ }).click();
  await waitForPath(page, `/book/exam/${examId}`);
  await page.getByTestId('subject-card-物理').getByText('满分 120 分').waitFor();
  await page.goto(`${APP}/book/exam/${examId}/dynamicLog`);
  await log.locator('del', { hasText: '物理 100分' }).waitFor();

  // Import: a bad row is listed by row and column and nothing is written; the fixed file goes in.
  await page.goto(`${APP}/book/exam/${examId}/studentManagement`);
  await page.getByRole('button', { name: /导\s?入$/ }).click();
  const dialog = page.getByRole('dialog', { name: '导入考生' });
  const input = dialog.locator('input[type=file]');
  const bad = await examineeSheet([
    ['20260101', '270101', '99', 5],
    ['99999999', '279999', '01', 1],
  ]);
  await input.setInputFiles({
    name: '考生.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: bad,
  });
  await dialog.getByRole('button', { name: '开始导入' }).click();
  await dialog.getByTestId('import-errors').getByText('学号 99999999 在该校不存在').waitFor();
  await shot(page, 'exam-import-errors');
  const good = await examineeSheet([['20260101', '270101', '99', 5]]);
  await input.setInputFiles({
    name: '考生.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: good,
  });
  await dialog.getByRole('button', { name: '开始导入' }).click();
  await waitForMessage(page, '导入完成：新增 0 人，更新 1 人');
  await page.locator('[data-testid="examinee-table"] .ant-table-row').first().getByText('A 卷').waitFor();

  await page.goto(`${APP}/book/exam/${examId}`);
  await page.getByTestId('subject-card-数学').getByRole('link', { name: '数学' }).click();
  await page.getByTestId('subject-abilities').waitFor();
  // with every action of an administrator, the title keeps its width (it was squeezed to a character a line)
  const title = await page.getByTestId('subject-detail').locator('h4').first().boundingBox();
  assert.ok(title && title.width >= 360 && title.height < 80, `title box ${JSON.stringify(title)}`);
  await shot(page, 'subject-detail-admin');
  await page.getByRole('button', { name: '考生与缺考' }).click();
  const table = page.getByTestId('examinee-table');
  await table.locator('.ant-table-row').first().waitFor();
  await table.locator('.ant-table-row .ant-checkbox-input').nth(1).check();
  await page.getByRole('button', { name: '标记缺考' }).click();
  await waitForMessage(page, '缺考');
  await table.getByText('缺考', { exact: true }).waitFor();
  await shot(page, 'subject-students');

  // Hide through the 隐藏考试 screen (reached from the list), find it with 显示已隐藏, and restore it.
  await page.goto(`${APP}/book/inSchool`);
  const listRow = () => page.locator('[data-testid="exam-table"] .ant-table-row', { hasText: EXAM });
  await listRow()
    .getByRole('button', { name: /更多操作/ })
    .click();
  await page.getByRole('menuitem', { name: '隐藏考试' }).click();
  await waitForPath(page, `/book/exam/${examId}/hide`);
  const hide = page.getByTestId('exam-hide');
  await hide.getByTestId('hide-state').getByText('这场考试正常显示').waitFor();
  await hide.getByTestId('hide-subjects').getByText('数学 · 设置中').waitFor();
  await hide
    .getByTestId('hide-effects')
    .getByText(/不会删除任何内容/)
    .waitFor();
  await hide
    .getByTestId('hide-effects')
    .getByText(/可随时在本页恢复显示/)
    .waitFor();
  await page.locator('.ant-menu-item-selected', { hasText: '考试管理' }).waitFor();
  await shot(page, 'exam-hide');
  await hide.getByRole('switch', { name: '隐藏这场考试' }).click();
  const confirmHide = page.getByRole('dialog').filter({ hasText: '数据不会删除' });
  await confirmHide.waitFor();
  await shot(page, 'exam-hide-confirm');
  await confirmHide.getByRole('button', { name: /^隐\s?藏$/ }).click();
  await waitForMessage(page, '考试已隐藏');
  await hide.getByTestId('hide-state').getByText('这场考试已隐藏').waitFor();
  assert.equal(await hide.getByRole('switch', { name: '隐藏这场考试' }).isChecked(), true);
  await shot(page, 'exam-hidden');

  await page.goto(`${APP}/book/inSchool`);
  await page.locator('[data-testid="exam-table"] .ant-table-row').first().waitFor();
  await listRow().waitFor({ state: 'detached' });
  await page.getByLabel('显示已隐藏的考试').click();
  await listRow().getByText('已隐藏').waitFor();
  await shot(page, 'exam-list-hidden');
  await listRow()
    .getByRole('button', { name: /更多操作/ })
    .click();
  await page.getByRole('menuitem', { name: '恢复显示' }).click();
  await waitForPath(page, `/book/exam/${examId}/hide`);
  await hide.getByRole('switch', { name: '隐藏这场考试' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '恢复显示' }).click();
  await waitForMessage(page, '考试已恢复显示');
  await hide.getByTestId('hide-state').getByText('这场考试正常显示').waitFor();
  await hide.getByRole('button', { name: '返回考试详情' }).first().click();
  await waitForPath(page, `/book/exam/${examId}`);
  await page.getByTestId('exam-detail').waitFor();
  assert.equal(await page.getByText('已隐藏', { exact: true }).count(), 0, 'the exam shows again');

  // Copy, then delete the copy after confirming.
  await page.goto(`${APP}/book/exam/${examId}`);
  await page.getByRole('button', { name: /^更\s?多/ }).click();
  await page.getByRole('menuitem', { name: '复制考试' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^复\s?制/ })
    .click();
  await page.getByRole('heading', { name: `${EXAM}（副本）` }).waitFor();
  await page.getByRole('button', { name: /^更\s?多/ }).click();
  await page.getByRole('menuitem', { name: '删除考试' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '删除考试' });
  await confirm.getByText('无法恢复').waitFor();
  await shot(page, 'exam-delete-confirm');
  await confirm.getByRole('button', { name: /^删\s?除/ }).click();
  await waitForPath(page, '/book/inSchool');
  await page.locator('[data-testid="exam-table"] .ant-table-row', { hasText: EXAM }).first().waitFor();
  // in the table only: the closing confirm dialog still names the copy for a moment
  assert.equal(
    await page.locator('[data-testid="exam-table"] .ant-table-row', { hasText: `${EXAM}（副本）` }).count(),
    0,
    'the copy is gone',
  );
});

test('the admin sets who holds each role on the 权限设置 screen', async () => {
  const { page } = s;
  // Without an exam in the address the screen asks for one.
  await page.goto(`${APP}/book/exam/permission/setting`);
  const chooser = page.getByTestId('exam-permission-chooser');
  await chooser.getByText('选择一场考试').waitFor();
  await page.locator('.ant-menu-item-selected', { hasText: '考试管理' }).waitFor();
  await chooser.getByLabel('选择考试').click();
  await chooser.getByLabel('选择考试').pressSequentially('十二月');
  await (await optionOf(page, chooser.getByLabel('选择考试'), EXAM)).waitFor();
  await shot(page, 'exam-permission-chooser');
  await (await optionOf(page, chooser.getByLabel('选择考试'), EXAM)).click();
  await page.waitForURL((u) => u.searchParams.get('examId') === String(examId));
  await page.getByRole('heading', { name: `${EXAM} · 权限设置` }).waitFor();

  // From the exam screen too; every role is a row with what it may do, read from the capability table.
  await page.goto(`${APP}/book/exam/${examId}`);
  await page.getByRole('button', { name: '权限设置' }).click();
  await waitForPath(page, '/book/exam/permission/setting');
  const reviewers = page.getByTestId('permission-role-4');
  await reviewers.getByText('参与阅卷').waitFor();
  await reviewers.getByText('（限所负责科目）').first().waitFor();
  await reviewers.getByText('数学：').waitFor();
  assert.equal(await page.locator('[data-testid^="permission-role-"]').count(), 10, 'one row per role');
  await page
    .getByTestId('permission-role-1')
    .getByText(/管理考试/)
    .waitFor();
  await page.getByTestId('permission-role-5').getByText('仅联考使用').waitFor();

  // A 物理 reviewer is added, shown under 物理, and removed after confirming.
  await page.getByRole('button', { name: '添加阅卷老师' }).click();
  const dialog = page.getByRole('dialog', { name: '添加人员' });
  await dialog.getByText(/可以：查看考试、科目和考生名单；.*参与阅卷/).waitFor();
  await pick(page, '科目', '物理', dialog);
  await searchPick(page, '选择老师', PHYSICS_TEACHER, dialog);
  await dialog.getByRole('button', { name: /^添\s?加/ }).click();
  await waitForMessage(page, '已添加 1 位物理阅卷老师');
  await reviewers.getByText('物理：').waitFor();
  await shot(page, 'exam-permission');

  await reviewers.getByRole('button', { name: /^移除 .+（物理 · 阅卷老师）$/ }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '移除人员' });
  await confirm.getByText(/物理 · 阅卷老师/).waitFor();
  await shot(page, 'exam-permission-remove');
  await confirm.getByRole('button', { name: /^移\s?除/ }).click();
  await waitForMessage(page, /已移除 .+ 的阅卷老师角色/);
  await reviewers.getByText('物理：').waitFor({ state: 'detached' });
  await reviewers.getByText('数学：').waitFor();
});

test('the reviewer sees the exam on the home page and only what the role allows', async () => {
  const { page, context } = s;
  await context.clearCookies();
  await login(page, REVIEWER, DEMO_PASSWORD);
  await waitForPath(page, '/book/home');
  await waitForExamList(page);
  const row = page.locator('[data-testid="my-exams"] .ant-table-row', { hasText: EXAM });
  await row.getByText('阅卷老师').waitFor();
  await shot(page, 'home-reviewer');
  await row.getByRole('link', { name: EXAM }).click();
  await waitForPath(page, `/book/exam/${examId}`);
  await page.getByTestId('subject-card-数学').getByTestId('my-abilities').getByText('阅卷').waitFor();
  assert.equal(await page.getByRole('button', { name: '编辑考试' }).count(), 0, 'no edit');
  assert.equal(await page.getByRole('button', { name: /^更\s?多/ }).count(), 0, 'no copy/hide/delete');
  assert.equal(await page.getByRole('button', { name: '人员分工' }).count(), 0, 'no staff screen');
  assert.equal(await page.getByRole('button', { name: '权限设置' }).count(), 0, 'no permission screen');
  // a marker reads no roster (exam.roster.read): students' names are for those who teach them (issue 28)
  assert.equal(await page.getByRole('button', { name: '考生名单' }).count(), 0, 'no roster for a marker');
  await shot(page, 'exam-detail-reviewer');

  await page.getByTestId('subject-card-数学').getByRole('link', { name: '数学' }).click();
  const abilities = page.getByTestId('subject-abilities');
  await abilities.getByText('参与阅卷').waitFor();
  assert.equal(await page.getByTestId('staff-panel').count(), 0, 'no staff management on the subject');
  assert.equal(await page.getByRole('button', { name: '考生名单' }).count(), 0, 'no roster on the subject');
  await shot(page, 'subject-detail-reviewer');

  await page.goto(`${APP}/book/staffInformation/${examId}`);
  await page.getByText('只有考试管理员可以查看和调整人员分工').waitFor();
  await page.goto(`${APP}/book/exam/${examId}/edit`);
  await page.getByText('只有考试管理员可以修改考试').waitFor();
  await shot(page, 'exam-edit-forbidden');

  // 权限设置 is read-only for a reviewer; 隐藏考试 is refused.
  await page.goto(`${APP}/book/exam/permission/setting?examId=${examId}`);
  await page.getByTestId('permission-role-4').getByText('参与阅卷').waitFor();
  await page.getByText('人员名单和调整只对考试管理员开放').waitFor();
  assert.equal(await page.getByRole('button', { name: /^添加/ }).count(), 0, 'no add for a reviewer');
  assert.equal(await page.getByRole('button', { name: /^移除/ }).count(), 0, 'no remove for a reviewer');
  await shot(page, 'exam-permission-reviewer');
  await page.goto(`${APP}/book/exam/${examId}/hide`);
  await page.getByText('只有考试管理员可以隐藏或恢复考试').waitFor();
  assert.equal(await page.getByRole('switch').count(), 0, 'no hide switch for a reviewer');
});

/** Signs in through the API (as run.mjs seeded) and returns the session cookie. */
async function apiLogin(account: string): Promise<string> {
  const res = await fetch(`${BASE_URL}/filter/yue/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ account, password: DEMO_PASSWORD }),
  });
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('yx_sid='));
  assert.ok(sid, 'login sets yx_sid');
  return sid.split(';')[0]!;
}

interface Org {
  id: number;
  children: Org[];
  schools: Array<{ id: number; name: string }>;
}

test('a joint exam across two schools is created by the bureau from the organisation tree', async () => {
  // The demo has one school: the system admin adds a second one under the same bureau.
  const cookie = await apiLogin('admin');
  const headers = { cookie, 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  const tree = (await (await fetch(`${BASE_URL}/filter/api/org/organizeAll`, { headers })).json()) as {
    data: Org[];
  };
  const bureauOf = (orgs: Org[]): Org | undefined =>
    orgs.map((o) => (o.schools.length ? o : bureauOf(o.children))).find(Boolean);
  const bureau = bureauOf(tree.data);
  assert.ok(bureau, 'the demo bureau with its school');
  const created = (await (
    await fetch(`${BASE_URL}/filter/api/admin/school`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: SECOND_SCHOOL,
        orgId: bureau.id,
        adminPhone: '13900000099',
        adminName: '李校长',
      }),
    })
  ).json()) as { code: number; message: string };
  assert.equal(created.code, 0, created.message);

  const { page, context } = s;
  await context.clearCookies();
  await loginAsSchoolAdmin(page);
  await page.getByRole('menuitem', { name: '联考' }).click();
  await waitForPath(page, '/book/jointExam/home');
  // The list may already hold a 联考 of the demo school (the bureau journey makes one in the same database).
  await page.getByTestId('exam-list-page').waitFor();
  await shot(page, 'joint-list-empty');
  // A school's administrator holds one school: a joint exam needs two, so no 创建联考 that could only be
  // refused; the page says who creates joint exams, whether the list is empty or not.
  await page.getByTestId('joint-who-creates').getByText('联考由教育局管理员或系统管理员创建').waitFor();
  assert.equal(await page.getByRole('button', { name: '创建联考' }).count(), 0);
  await shot(page, 'joint-list-own-school-only');

  await context.clearCookies();
  await login(page, 'admin', DEMO_PASSWORD);
  await waitForPath(page, '/book/home');
  await page.getByRole('menuitem', { name: '联考' }).click();
  await waitForPath(page, '/book/jointExam/home');
  await page.getByRole('button', { name: '创建联考' }).first().click();
  await waitForPath(page, '/book/create/jointExam');
  assert.equal(await page.getByTestId('joint-schools-hint').count(), 0);

  await page.getByLabel('联考名称').fill(JOINT);
  await page.getByLabel('年级').fill('高一');
  await page.keyboard.press('Escape');
  await fillDate(page, '开考日期', '2027-01-15');
  const picker = page.getByTestId('school-picker');
  await picker.getByPlaceholder('搜索学校名称').fill('第二');
  await picker.getByText(SECOND_SCHOOL).click();
  await picker.getByPlaceholder('搜索学校名称').fill('');
  await picker.getByText('阳光实验中学').click();
  await page.getByTestId('chosen-schools').getByText(SECOND_SCHOOL).waitFor();
  await page.getByText('已选 2 所学校').waitFor();
  await pick(page, '第 1 个科目', '语文');
  await shot(page, 'joint-create');
  await page.getByRole('button', { name: '创建联考' }).click();

  await page.waitForURL(/\/book\/exam\/\d+$/);
  await page.getByText('参加学校').first().waitFor();
  await page.getByRole('cell', { name: SECOND_SCHOOL }).waitFor();
  await shot(page, 'joint-detail');
  await page.getByRole('button', { name: '人员分工' }).click();
  await page.getByRole('button', { name: '同步到学校' }).waitFor();
  await shot(page, 'joint-staff');

  await page.getByRole('menuitem', { name: '联考' }).click();
  await page
    .locator('[data-testid="exam-table"] .ant-table-row', { hasText: JOINT })
    .getByText('2 所')
    .waitFor();
  await shot(page, 'joint-list');
});
