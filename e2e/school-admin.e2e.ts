import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import {
  APP,
  appPath,
  DEMO_PASSWORD,
  login,
  loginAsSchoolAdmin,
  shot,
  waitForPath,
  journeySession,
} from './lib.ts';

// Everything this journey makes lives in its own grade, so other journeys' classes and counts stay as seeded.
const GRADE = '初一';
const CLASS_1 = '初一(1)班';
const CLASS_2 = '初一(2)班';
// A random tail keeps xuehao and phones unique when the spec is run again against the same server.
const TAG = String(Date.now()).slice(-6);
const TEACHER = { name: '周明远', phone: `139${TAG}${String(Math.floor(Math.random() * 90) + 10)}` };
const ADMIN = { name: '郑晓岚', phone: `137${TAG}${String(Math.floor(Math.random() * 90) + 10)}` };
const TEACHER_ACCOUNT = '13800000005';

const s = journeySession({ failOnConsoleErrors: false });
let dir: string;
let baseInfo = '';

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'yj-school-e2e-'));
});
after(async () => {
  rmSync(dir, { recursive: true, force: true });
});

/** An import file as a school would fill it in: header row, then one row per student. */
async function studentsXlsx(name: string, rows: string[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('学生名单');
  ws.addRow(['姓名', '学号', '年级', '班级', '性别']);
  for (const r of rows) ws.addRow(r);
  const file = path.join(dir, name);
  await wb.xlsx.writeFile(file);
  return file;
}

async function openCard(page: Page, label: string): Promise<void> {
  // exact: 学生 is also the start of 学生账号 (the portal's tab)
  await page.getByRole('tab', { name: label, exact: true }).click();
}

/** An option of the open antd Select dropdown (its role=option nodes are hidden a11y helpers). */
function option(page: Page, title: string) {
  return page.locator(
    `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${title}"]`,
  );
}

function dialog(page: Page, name: string | RegExp) {
  return page.getByRole('dialog', { name });
}

test('the school admin opens 学校管理 from the header and lands on the students card', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  await page.getByRole('menuitem', { name: '学校管理' }).click();
  await page.waitForURL(/\/minions\/book\/school\/\d+\/base_info_$/);
  baseInfo = appPath(page);
  assert.match(await page.getByTestId('school-name').innerText(), /阳光实验中学/);
  await page.locator('[data-testid="students-panel"] .ant-table-row').first().waitFor();
  await shot(page, 'school-students');
});

test('students: search with no match shows how to clear it; a failed list says so', async () => {
  const { page } = s;
  await page.getByPlaceholder('搜索姓名或学号').fill('不存在的学生');
  await page.getByPlaceholder('搜索姓名或学号').press('Enter');
  await page.getByText('没有符合条件的学生，请调整搜索或筛选条件').waitFor();
  await shot(page, 'school-students-empty-search');
  await page.getByRole('button', { name: '清除筛选' }).click();
  await page.locator('[data-testid="students-panel"] .ant-table-row').first().waitFor();

  // The server failing is shown in place, with a way to retry.
  await page.route('**/filter/api/school/*/students', (r) =>
    r.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"code":500,"message":"Internal Server Error","data":null}',
    }),
  );
  await page.goto(`${APP}${baseInfo}`);
  await page.getByText('学生名单加载失败').waitFor();
  await shot(page, 'school-students-error');
  await page.unroute('**/filter/api/school/*/students');
  await page.getByRole('button', { name: '重新加载' }).click();
  await page.locator('[data-testid="students-panel"] .ant-table-row').first().waitFor();

  // Delete-all waits for the exact school name; cancelled here.
  await page.getByRole('button', { name: '删除全部学生' }).click();
  const confirm = dialog(page, '删除全部学生');
  const ok = confirm.getByRole('button', { name: '我已了解后果，删除全部' });
  assert.equal(await ok.isDisabled(), true, 'disabled until the name is typed');
  await confirm.getByLabel('输入学校名称以确认').fill('阳光实验');
  assert.equal(await ok.isDisabled(), true, 'a partial name is not enough');
  await shot(page, 'school-students-delete-all');
  await confirm
    .getByRole('button', { name: '取 消' })
    .or(confirm.getByRole('button', { name: '取消' }))
    .click();
});

test('grades: the admin adds a grade and a class', async () => {
  const { page } = s;
  await openCard(page, '年级班级');
  await page.getByTestId('grades-panel').getByText('高一', { exact: true }).waitFor();
  await page.getByRole('button', { name: '新增年级' }).click();
  const g = dialog(page, '新增年级');
  await g.getByLabel('年级名称').fill(GRADE);
  await g.getByLabel('入学年份').fill('2026');
  await g.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText(`已添加年级 ${GRADE}`).waitFor();
  await page.getByText(`${GRADE}还没有班级`).waitFor();
  await shot(page, 'school-grades-empty-classes');

  await page.getByRole('button', { name: '新增班级' }).click();
  const c = dialog(page, /新增班级/);
  await c.getByLabel('班级名称').fill(CLASS_1);
  await shot(page, 'school-class-add');
  await c.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText(`已添加班级 ${CLASS_1}`).waitFor();
  await page.getByTestId('grades-panel').getByRole('cell', { name: CLASS_1 }).waitFor();
  await shot(page, 'school-grades');
});

test('students: an import with a bad row is refused with the row and column, then the fixed file goes in', async () => {
  const { page } = s;
  await openCard(page, '学生');
  await page.getByRole('button', { name: '批量导入' }).first().click();
  const modal = dialog(page, '批量导入学生');
  await modal.getByText('点击或将 Excel 文件拖到此处').waitFor();
  await shot(page, 'school-import');

  const rows = [
    ['林小雨', `E${TAG}01`, GRADE, CLASS_1, '女'],
    ['陈子航', `E${TAG}02`, GRADE, CLASS_1, '男'],
    ['', `E${TAG}03`, GRADE, CLASS_2, '男'],
    ['苏婉清', `E${TAG}04`, GRADE, CLASS_2, '女'],
  ];
  await modal.locator('input[type=file]').setInputFiles(await studentsXlsx('学生名单-有错.xlsx', rows));
  const errors = modal.getByTestId('import-errors');
  await errors.waitFor();
  // Row 4 of the sheet (header is row 1) has no name.
  await errors.getByRole('cell', { name: '第 4 行' }).waitFor();
  await errors.getByRole('cell', { name: '姓名', exact: true }).waitFor();
  await errors.getByText('姓名不能为空').waitFor();
  await modal.getByRole('button', { name: '仅导入正确的行' }).waitFor();
  await shot(page, 'school-import-errors');

  await modal.getByRole('button', { name: '重新选择文件' }).click();
  rows[2]![0] = '何嘉怡';
  await modal.locator('input[type=file]').setInputFiles(await studentsXlsx('学生名单.xlsx', rows));
  await modal.getByText('导入完成').waitFor();
  const summary = await modal.innerText();
  assert.match(summary, /新增 4 名学生/);
  // 初一(2)班 did not exist: the import made it.
  assert.match(summary, /新建班级 1 个/);
  await shot(page, 'school-import-done');
  await modal.getByRole('button', { name: /完\s*成/ }).click();

  await page.getByPlaceholder('搜索姓名或学号').fill(`E${TAG}`);
  await page.getByPlaceholder('搜索姓名或学号').press('Enter');
  await page.getByRole('cell', { name: '何嘉怡' }).waitFor();
  // The unfiltered page may still be on screen (it holds the new students too) until the search answers.
  const tableRows = '[data-testid="students-panel"] .ant-table-row';
  await page
    .waitForFunction((sel) => document.querySelectorAll(sel).length === 4, tableRows, { timeout: 10_000 })
    .catch(() => undefined);
  assert.equal(await page.locator(tableRows).count(), 4);
  await shot(page, 'school-students-imported');
});

test('students: editing moves a student to another class', async () => {
  const { page } = s;
  await page
    .getByRole('row', { name: /何嘉怡/ })
    .getByRole('button', { name: '编辑' })
    .click();
  const form = dialog(page, '编辑学生');
  assert.equal(await form.getByLabel('姓名').inputValue(), '何嘉怡');
  await form.getByLabel('班级').click();
  await option(page, CLASS_1).click();
  await shot(page, 'school-student-edit');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText('已保存 何嘉怡 的信息').waitFor();
  await page
    .getByRole('row', { name: /何嘉怡/ })
    .getByRole('cell', { name: CLASS_1 })
    .waitFor();
});

test('students: closing 新增学生 with a name typed asks first; untouched it closes at once', async () => {
  const { page } = s;
  const ask = page.locator('.ant-modal-confirm', { hasText: '有未保存的修改，确定关闭吗？' });
  await page.getByRole('button', { name: '新增学生' }).first().click();
  const form = dialog(page, '新增学生');
  // just after 编辑学生 was saved: nothing of that student is left in the new one
  assert.equal(await form.getByLabel('学号').inputValue(), '');
  await form.getByLabel('姓名').fill('林小满');
  await page.keyboard.press('Escape');
  await ask.waitFor();
  await shot(page, 'school-student-add-unsaved');
  assert.equal(await page.locator('.ant-modal-confirm').count(), 1, 'one confirm for one close');
  // 继续编辑: the dialog stays with what was typed
  await ask.getByRole('button', { name: '继续编辑' }).click();
  await ask.waitFor({ state: 'detached' });
  assert.equal(await form.getByLabel('姓名').inputValue(), '林小满');
  // 取消 asks as well; 关闭 drops the name
  await form.getByRole('button', { name: /取\s*消/ }).click();
  await ask.getByRole('button', { name: /关\s*闭/ }).click();
  await form.waitFor({ state: 'detached' });
  // opened again it is empty, and closing it untouched asks nothing
  await page.getByRole('button', { name: '新增学生' }).first().click();
  assert.equal(await form.getByLabel('姓名').inputValue(), '');
  await page.keyboard.press('Escape');
  await form.waitFor({ state: 'detached' });
  assert.equal(await ask.count(), 0, 'no confirm when nothing was typed');
});

test('students: “仅导入正确的行” writes the good rows and skips the bad one', async () => {
  const { page } = s;
  await page.getByRole('button', { name: '批量导入' }).first().click();
  const modal = dialog(page, '批量导入学生');
  const rows = [
    ['吴思远', `E${TAG}05`, GRADE, CLASS_2, '男'],
    ['郑雨桐', `E${TAG}05`, GRADE, CLASS_2, '女'],
  ];
  await modal.locator('input[type=file]').setInputFiles(await studentsXlsx('学生名单-补录.xlsx', rows));
  await modal
    .getByTestId('import-errors')
    .getByText(/与第 2 行重复/)
    .waitFor();
  await modal.getByRole('button', { name: '仅导入正确的行' }).click();
  await modal.getByText('导入完成').waitFor();
  assert.match(await modal.innerText(), /新增 1 名学生.*跳过有错误的 1 行/);
  await shot(page, 'school-import-only-valid');
  await modal.getByRole('button', { name: /完\s*成/ }).click();
});

test('teachers: adding a new teacher shows the one-time initial password', async () => {
  const { page } = s;
  await openCard(page, '老师');
  await page.locator('[data-testid="teachers-panel"] .ant-table-row').first().waitFor();
  await shot(page, 'school-teachers');
  await page.getByRole('button', { name: '新增老师' }).first().click();
  const form = dialog(page, '新增老师');
  await form.getByLabel('姓名').fill(TEACHER.name);
  await form.getByLabel('手机号').fill('1380000');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await form.getByText('手机号格式不正确').waitFor();
  await form.getByLabel('手机号').fill(TEACHER.phone);
  await form.getByLabel('任教学科').click();
  await option(page, '数学').click();
  // A multiple Select stays open after a choice; clicking the title closes it.
  await form.getByText('新增老师', { exact: true }).click();
  await form.getByLabel('任教班级').click();
  await option(page, CLASS_1).click();
  await form.getByText('新增老师', { exact: true }).click();
  await shot(page, 'school-teacher-add');
  await form.getByRole('button', { name: /保\s*存/ }).click();

  const created = dialog(page, '账号已创建');
  const password = (await created.getByTestId('initial-password').innerText()).trim();
  assert.ok(password.length >= 8, `initial password shown: "${password}"`);
  await created.getByText(TEACHER.phone).waitFor();
  await shot(page, 'school-teacher-initial-password');
  await created.getByRole('button', { name: '我已记下' }).click();
  await page.getByPlaceholder('搜索姓名或手机号').fill(TEACHER.name);
  await page.getByPlaceholder('搜索姓名或手机号').press('Enter');
  await page.getByTestId('teachers-panel').getByText('未激活').waitFor();
  await page
    .getByRole('row', { name: new RegExp(TEACHER.name) })
    .getByRole('cell', { name: CLASS_1 })
    .waitFor();
});

test('the other cards: schedule, exams, organisation, administrators', async () => {
  const { page } = s;
  await openCard(page, '任课表');
  await page.getByTestId('schedule-panel').getByRole('cell', { name: CLASS_1 }).waitFor();
  await page.getByTestId('schedule-panel').getByRole('cell', { name: TEACHER.name }).waitFor();
  await shot(page, 'school-schedule');

  await openCard(page, '本校考试');
  await page
    .locator('[data-testid="exams-panel"] .ant-table-row, [data-testid="exams-panel"] .ant-empty')
    .first()
    .waitFor();
  await shot(page, 'school-exams');

  await openCard(page, '组织机构');
  await page.getByTestId('org-current-school').waitFor();
  assert.equal(
    await page.getByRole('button', { name: '新建学校' }).count(),
    0,
    'only system admins create schools',
  );
  await shot(page, 'school-organization');

  await openCard(page, '管理员');
  const admins = page.getByTestId('admins-panel');
  await admins.getByText('王校长').waitFor();
  await shot(page, 'school-admins');

  // A new administrator gets an account and a one-time password; then is removed again.
  await page.getByRole('button', { name: '添加管理员' }).click();
  const form = dialog(page, '添加管理员');
  await form.getByLabel('手机号').fill(ADMIN.phone);
  await form.getByLabel('姓名').fill(ADMIN.name);
  await form.getByRole('button', { name: /添\s*加/ }).click();
  const created = dialog(page, '账号已创建');
  await created.getByTestId('initial-password').waitFor();
  await created.getByRole('button', { name: '我已记下' }).click();
  await admins.getByText(ADMIN.name).waitFor();
  await shot(page, 'school-admins-added');
  await page
    .getByRole('row', { name: new RegExp(ADMIN.name) })
    .getByRole('button', { name: /移\s*除/ })
    .click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /移\s*除/ })
    .click();
  await page.getByText(`已移除管理员 ${ADMIN.name}`).waitFor();
  await admins.getByText(ADMIN.name).waitFor({ state: 'detached' });
});

test("升学去向: graduates' admissions imported from Excel, the year's figures, one added by hand", async () => {
  const { page } = s;
  await openCard(page, '升学去向');
  const panel = page.getByTestId('admissions-panel');
  await panel.waitFor();
  await panel.getByRole('button', { name: '批量导入' }).first().click();
  const modal = dialog(page, '批量导入升学去向');
  await modal.getByText('点击或将 Excel 文件拖到此处').waitFor();
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('升学去向');
  ws.addRow(['毕业年份', '姓名', '学号', '班级', '录取院校', '录取专业', '录取批次', '院校层次']);
  ws.addRow([2025, `林${TAG}`, '', '高三(1)班', '南京大学', '物理学', '本科批', '211']);
  ws.addRow([2025, `陈${TAG}`, '', '高三(1)班', '复旦大学', '数学', '本科批', '985']);
  ws.addRow([2025, `何${TAG}`, '', '高三(2)班', '某职业技术学院', '护理', '专科批', '专科院校']);
  const file = path.join(dir, '升学去向.xlsx');
  await wb.xlsx.writeFile(file);
  await modal.locator('input[type=file]').setInputFiles(file);
  await modal.getByText('导入完成').waitFor();
  assert.match(await modal.innerText(), /新增 3 条/);
  await modal.getByRole('button', { name: /完\s*成/ }).click();

  // the newest year's figures stand above the list
  const summary = page.getByTestId('admission-summary');
  await summary.getByText('2025 届升学情况').waitFor();
  await summary.getByText('211（含 985）').waitFor();

  await panel.getByRole('button', { name: '新增毕业生' }).click();
  const form = dialog(page, '新增升学记录');
  await form.getByLabel('姓名').fill(`苏${TAG}`);
  await form.getByLabel('班级').fill('高三(3)班');
  await form.getByLabel('录取院校').fill('浙江大学');
  await form.getByLabel('录取批次').click();
  await option(page, '强基计划').click();
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText(`已添加 苏${TAG} 的升学记录`).waitFor();

  await panel.getByPlaceholder('搜索姓名、学号、院校或专业').fill(TAG);
  await panel.getByPlaceholder('搜索姓名、学号、院校或专业').press('Enter');
  await panel.getByRole('cell', { name: `苏${TAG}` }).waitFor();
  const rows = '[data-testid="admissions-panel"] .ant-table-row';
  await page
    .waitForFunction((sel) => document.querySelectorAll(sel).length === 4, rows, { timeout: 10_000 })
    .catch(() => undefined);
  assert.equal(await page.locator(rows).count(), 4);
  await shot(page, 'school-admissions');
});

test('the record card lists the operations just made, with readable details', async () => {
  const { page } = s;
  await openCard(page, '操作记录');
  const panel = page.getByTestId('records-panel');
  await panel.getByText('新增老师').first().waitFor();
  for (const label of [
    '新增年级',
    '新增班级',
    '导入学生',
    '修改学生',
    '添加管理员',
    '移除管理员',
    '导入升学去向',
  ])
    await panel.getByText(label).first().waitFor();
  await panel.getByText(`何嘉怡：班级：${CLASS_2} → ${CLASS_1}`).waitFor();
  await panel.getByText(`${CLASS_1}（行政班）`).waitFor();
  await panel.getByText('新增 4 名，更新 0 名，跳过 0 行，新建班级 1 个').waitFor();
  assert.match(await panel.innerText(), /王校长/);
  await shot(page, 'school-records');
});

test('a teacher of the school does not see 学校管理 and is refused at the address', async () => {
  const { page, context } = s;
  await context.clearCookies();
  await login(page, TEACHER_ACCOUNT, DEMO_PASSWORD);
  await waitForPath(page, '/book/home');
  await page.getByTestId('welcome').waitFor();
  assert.equal(await page.getByRole('menuitem', { name: '学校管理' }).count(), 0);
  await page.goto(`${APP}${baseInfo}`);
  await page.getByText('无权限').waitFor();
  await shot(page, 'school-teacher-refused');
});

test('a system administrator picks a school and may create bureaus and schools', async () => {
  const { page, context } = s;
  await context.clearCookies();
  await login(page, 'admin', DEMO_PASSWORD);
  await waitForPath(page, '/book/home');
  await page.getByRole('menuitem', { name: '学校管理' }).click();
  await waitForPath(page, '/book/school');
  await page.getByTestId('school-picker').getByText('阳光实验中学').waitFor();
  await shot(page, 'school-picker');
  await page.getByTestId('school-picker').getByText('阳光实验中学').click();
  await page.waitForURL(/\/base_info_$/);
  await openCard(page, '组织机构');
  await page.getByRole('button', { name: '新建学校' }).click();
  await dialog(page, '新建学校').getByLabel('学校名称').waitFor();
  await shot(page, 'school-create-school');
});
