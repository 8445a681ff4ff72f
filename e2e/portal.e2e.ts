import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import type { PortalAccountList } from '@yj/contracts';
import {
  APP,
  BASE_URL,
  call,
  loginAsSchoolAdmin,
  journeySession,
  phonePage,
  shot,
  waitForPath,
  type Session,
} from './lib.ts';
import { publishedExam } from './report-lib.ts';

// Issue 32 "Students and parents see their results", on the real server and a phone's screen (375 × 812, Chromium's
// mobile emulation): the school publishes an exam, opens student accounts for a class and downloads the sheet; a
// student signs in with the sheet's password, changes it, opens the exam, the subject, the marked paper (zoomed)
// and the 错题; a parent signs in by SMS code, binds the child with the sheet's 绑定码 and sees the same; the school
// shows ranks, then turns them off, and the student's screen no longer shows them; asking for another student's
// results by id is refused. With an earlier exam of the class, 历次成绩 draws the two; the whole page shows the
// marking drawn on it; the student signs in again by the 考号 of the exam.

const EXAM = '2026学年学生端演示考试';
/** an earlier exam of the same class: 历次成绩 draws the two */
const EARLIER = '2026学年学生端月考';
const PARENT_PHONE = '13700000032';
const NEW_PASSWORD = 'Xuesheng-Mima-2026';

// the browser for the file, closed after; console errors fail the journey (e2e/lib.ts)
const s: Session = journeySession();

const phone = (label: string): Promise<Page> => phonePage(s, label);

/** The default SMS provider writes messages to the server log: the latest code sent to a phone. */
async function latestCode(page: Page, to: string): Promise<string> {
  const file = process.env.E2E_SERVER_LOG;
  assert.ok(file, 'the server log is known');
  for (let i = 0; i < 40; i++) {
    const codes = [...readFileSync(file, 'utf8').matchAll(new RegExp(`${to}[^\\n]*?验证码为 (\\d{6})`, 'g'))];
    const code = codes.at(-1)?.[1];
    if (code) return code;
    await page.waitForTimeout(250);
  }
  throw new Error(`no code for ${to} in the server log`);
}

/** The portal's JSON answer to a GET made by the page's own session. */
async function portalGet(page: Page, url: string): Promise<{ code: number; message: string }> {
  const res = await page.request.get(`${BASE_URL}/filter${url}`);
  return (await res.json()) as { code: number; message: string };
}

let sheetRow: { name: string; xuehao: string; password: string; code: string };
/** the student's 考号 in EXAM, for the sign-in by 考号 */
let kaohao = '';
let examId = 0;
let otherStudentId = 0;
let schoolName = '';

test(
  'the school publishes, opens accounts for a class and downloads the sheet',
  { timeout: 600_000 },
  async () => {
    const { page } = s;
    await loginAsSchoolAdmin(page);
    // an earlier, lighter exam of the first class (its first three sheets), then the journey's exam
    const earlier = await publishedExam(page, {
      name: EARLIER,
      startDate: '2026-11-10',
      prefix: '2031',
      seed: 3,
      classes: 1,
      perClass: 3,
    });
    const { exam, three, sitting } = await publishedExam(page, {
      name: EXAM,
      startDate: '2026-12-08',
      prefix: '2032',
      seed: 5,
    });
    examId = exam.examId;
    const me = await call<{ schoolName: string }>(page, 'POST', '/api/user/getUserInfo');
    schoolName = me.schoolName;
    await page.goto(`${APP}/book/school/${exam.schoolId}/base_info_/studentAccounts`);
    const panel = page.getByTestId('student-accounts');
    await panel.waitFor();
    await panel.locator('.ant-select').first().click();
    await page.locator('.ant-select-item-option', { hasText: three[0]!.name }).first().click();
    await panel.getByTestId('create-accounts').click();
    await page.getByText(/已开通 \d+ 个学生账号/).waitFor();
    await panel.locator('.ant-table-row', { hasText: '未首次登录' }).first().waitFor();
    await shot(page, 'portal-01-accounts');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByTestId('download-sheet').click(),
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await file.path())!);
    assert.equal(wb.worksheets.length, 1, 'one sheet: the class chosen');
    const rows: string[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    assert.deepEqual(rows[1], ['姓名', '学号', '初始密码', '家长绑定码', '状态']);
    // the first student of the class who sat both exams (the examinee rows carry the student's 学号)
    const xuehaoOf = (e: unknown) => (e as { xuehao: string }).xuehao;
    const satEarlier = new Set(earlier.sitting.map(xuehaoOf));
    const sat = sitting.find((e) => e.className === three[0]!.name && satEarlier.has(xuehaoOf(e)))!;
    assert.ok(sat, 'a student of the first class sat both exams');
    kaohao = sat.kaohao;
    const list = await call<PortalAccountList>(page, 'GET', `/api/school/${exam.schoolId}/portal/accounts`);
    const xuehao = xuehaoOf(sat);
    const row = rows.slice(2).find((r) => r[1] === xuehao);
    assert.ok(row, 'the sheet lists the student');
    sheetRow = { name: row[0]!, xuehao: row[1]!, password: row[2]!, code: row[3]! };
    otherStudentId = list.items.find((x) => x.xuehao !== sheetRow.xuehao)!.studentId;
    assert.match(sheetRow.password, /^\w{10}$/);
    assert.match(sheetRow.code, /^[A-Z0-9]{8}$/);

    // ranks shown for this exam, so the student sees them until the school turns them off
    await page.goto(`${APP}/book/exam/${examId}/scoreRelease`);
    const setting = page.getByTestId('publish-setting');
    await setting.getByText('显示班级和年级排名').click();
    await setting.getByTestId('save-publish-setting').click();
    await page.getByText('发布设置已保存').waitFor();
    await shot(page, 'portal-02-publish-setting');
  },
);

test(
  'a student signs in with the sheet, changes the password, and opens exam, subject, paper and 错题',
  { timeout: 180_000 },
  async () => {
    const page = await phone('student');
    await page.goto(`${APP}/portal`);
    await waitForPath(page, '/portal/login');
    await page.getByTestId('portal-school').click();
    await page.keyboard.type(schoolName.slice(0, 4));
    await page.locator('.ant-select-item-option', { hasText: schoolName }).first().click();
    await page.getByPlaceholder('学号').fill(sheetRow.xuehao);
    await page.getByPlaceholder('密码', { exact: true }).fill(sheetRow.password);
    await shot(page, 'portal-03-login');
    await page.locator('form button[type=submit]').click();
    await page.getByPlaceholder('新密码', { exact: true }).fill(NEW_PASSWORD);
    await page.getByPlaceholder('确认新密码').fill(NEW_PASSWORD);
    await shot(page, 'portal-04-change-password');
    await page.getByRole('button', { name: '确认修改并登录' }).click();
    await waitForPath(page, '/portal');
    const exams = page.getByTestId('portal-exams');
    await exams.getByText(EXAM).waitFor();
    // 历次成绩: the two exams, oldest on the left
    const trend = page.getByTestId('portal-trend');
    await trend.getByTestId('portal-trend-chart').locator('canvas').waitFor();
    await shot(page, 'portal-05-exams');
    await trend.getByTestId('portal-trend-mode').getByText('年级排名').click();
    await page.waitForTimeout(300);
    await trend.screenshot({
      path: new URL('./screenshots/portal-05b-trend-rank.png', import.meta.url).pathname,
    });

    await exams.getByText(EXAM).click();
    const exam = page.getByTestId('portal-exam');
    await exam.getByText('数学').waitFor();
    assert.ok(
      await exam.getByText('班级排名').first().isVisible(),
      'ranks shown while the school shows them',
    );
    await shot(page, 'portal-06-exam');

    await exam.getByText('数学').click();
    const subject = page.getByTestId('portal-subject');
    await subject.locator('.ant-table-row').first().waitFor();
    await shot(page, 'portal-07-questions');
    await subject.getByRole('tab', { name: '答题卡' }).click();
    const block = subject.getByTestId('portal-block').first();
    await block.locator('img').first().waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector('[data-testid="portal-block"] img') as HTMLImageElement | null;
      return !!img && img.complete && img.naturalWidth > 10;
    });
    await shot(page, 'portal-08-paper');
    await block.locator('img').first().click();
    await page.locator('.ant-image-preview-img').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: new URL('./screenshots/portal-09-zoom.png', import.meta.url).pathname });
    await page.keyboard.press('Escape');
    // the whole page with the marking drawn where it was made (the block's score at least), zoomable
    const marked = subject.locator('[data-testid="portal-page"][data-marked="true"] img').first();
    await marked.waitFor({ timeout: 30_000 });
    await marked.scrollIntoViewIfNeeded();
    await shot(page, 'portal-08b-marked-page');
    await marked.click();
    await page.locator('.ant-image-preview-img').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({
      path: new URL('./screenshots/portal-08c-marked-page-zoom.png', import.meta.url).pathname,
    });
    await page.keyboard.press('Escape');
    await subject.getByRole('tab', { name: /错题/ }).click();
    await subject.getByTestId('portal-lost').locator('.ant-table-row').first().waitFor();
    await shot(page, 'portal-10-lost');

    // another student's results by id: refused
    for (const url of [
      `/api/portal/exams?studentId=${otherStudentId}`,
      `/api/portal/exams/${examId}?studentId=${otherStudentId}`,
    ])
      assert.equal((await portalGet(page, url)).message, '无权限', url);
    // nothing of the staff's either
    assert.equal((await portalGet(page, '/api/exam/' + examId + '/detail')).message, '无权限');

    // the school turns ranks off: the student's screen no longer shows them
    const admin = s.page;
    await admin.reload();
    const setting = admin.getByTestId('publish-setting');
    await setting.getByText('不显示排名').click();
    await setting.getByTestId('save-publish-setting').click();
    await admin.getByText('发布设置已保存').waitFor();
    await page.goto(`${APP}/portal/exam/${examId}`);
    await page.getByTestId('portal-exam').getByText('数学').waitFor();
    assert.equal(await page.getByText('班级排名').count(), 0, 'no rank after the school turned ranks off');
    assert.equal(await page.getByText('年级排名').count(), 0);
    await shot(page, 'portal-11-no-rank');
    await page.context().close();
  },
);

test('a student signs in by the 考号 of an exam chosen from the school’s', { timeout: 120_000 }, async () => {
  const page = await phone('student-kaohao');
  await page.goto(`${APP}/portal/login`);
  await page.getByTestId('portal-school').click();
  await page.keyboard.type(schoolName.slice(0, 4));
  await page.locator('.ant-select-item-option', { hasText: schoolName }).first().click();
  await page.getByTestId('portal-by').getByText('用考号登录').click();
  await page.getByTestId('portal-exam').click();
  await page.locator('.ant-select-item-option', { hasText: EXAM }).first().click();
  await page.getByPlaceholder('考号').fill(kaohao);
  await page.getByPlaceholder('密码', { exact: true }).fill(NEW_PASSWORD);
  await shot(page, 'portal-11b-login-kaohao');
  await page.locator('form button[type=submit]').click();
  await waitForPath(page, '/portal');
  await page.getByTestId('portal-exams').getByText(EXAM).waitFor();
  await page.getByTestId('portal-title').getByText(sheetRow.name).waitFor();
  await page.context().close();
});

test(
  'a parent signs in by SMS code, binds the child with the code and sees the same',
  { timeout: 120_000 },
  async () => {
    const page = await phone('parent');
    await page.goto(`${APP}/portal/login`);
    await page.getByTestId('portal-side').getByText('家长').click();
    await page.getByPlaceholder('手机号').fill(PARENT_PHONE);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/秒后重发/).waitFor();
    await page.getByPlaceholder('短信验证码').fill(await latestCode(page, PARENT_PHONE));
    await shot(page, 'portal-12-parent-login');
    await page.locator('form button[type=submit]').click();
    await waitForPath(page, '/portal/children');
    await page.getByLabel('孩子姓名').fill(sheetRow.name);
    await page.getByLabel('学号').fill(sheetRow.xuehao);
    await page.getByLabel('绑定码').fill('WRONG234');
    await page.getByRole('button', { name: /^绑\s?定$/ }).click();
    await page.getByText('姓名、学号或绑定码不正确').first().waitFor();
    await shot(page, 'portal-13-bind-refused');
    await page.getByRole('button', { name: '知道了' }).click();
    await page.getByLabel('绑定码').fill(sheetRow.code);
    await shot(page, 'portal-13-bind');
    await page.getByRole('button', { name: /^绑\s?定$/ }).click();
    await waitForPath(page, '/portal');
    await page.getByTestId('portal-title').getByText(sheetRow.name).waitFor();
    await page.getByTestId('portal-exams').getByText(EXAM).click();
    await page.getByTestId('portal-exam').getByText('数学').click();
    await page.getByTestId('portal-subject').getByRole('tab', { name: '答题卡' }).click();
    await page.getByTestId('portal-block').first().locator('img').first().waitFor();
    await shot(page, 'portal-14-parent-paper');
    assert.equal((await portalGet(page, `/api/portal/exams?studentId=${otherStudentId}`)).message, '无权限');
    await page.context().close();
  },
);
