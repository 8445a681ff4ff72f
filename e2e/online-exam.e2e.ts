import assert from 'node:assert/strict';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import type { SitterList } from '@yj/contracts';
import {
  APP,
  BASE_URL,
  call,
  createExamWithOneSubject,
  journeySession,
  phonePage,
  loginAsSchoolAdmin,
  shot,
  waitForPath,
  type CreatedExam,
  type Session,
} from './lib.ts';
import {
  assignMarkers,
  keyScore,
  pressReviewDone,
  pressReviewStart,
  signedIn,
  taskRow,
} from './marking-lib.ts';
import { TEACHER } from './report-lib.ts';

// Issue 34 "在线考试", on the real server: the school sets a subject online (window, duration, each question's
// text with a formula and its options), launches it; a student on a phone (375 × 812, Chromium's mobile
// emulation) signs in, starts, answers the objective questions by choosing and the written one by typing (the
// network dropping meanwhile: the answer waits on the phone and is sent on reconnection), reloads midway and finds
// every answer again, submits and gets a receipt; the school sees the student submitted, the
// objective part scored, the leaving of the page counted, and reopens the student's window for a reason. The
// student photographs the working on paper for the written question (taken sideways, turned upright on the
// phone) and hands in again; the school starts marking with no scanning at all, a teacher marks the typed written
// answer on the marking screen, scores are published, and the student sees the subject's total on 学生端.

const EXAM = '2026学年在线考试演示';
const NEW_PASSWORD = 'Xuesheng-Mima-2034';
const s: Session = journeySession();

let exam: CreatedExam;
let student: { name: string; xuehao: string; password: string };
/** a classmate who did not sit in the window: given a 补考 */
let absentee: { name: string; xuehao: string; password: string };
let schoolName = '';
/** the student's phone, kept open for the second hand-in after the school reopens */
let studentPage: Page;

/** A time in Beijing as the date picker takes it, `minutes` from now. */
const beijing = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000 + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

const phone = (label: string): Promise<Page> => phonePage(s, label);

test(
  'the school sets a subject online with its questions and launches it',
  { timeout: 600_000 },
  async () => {
    const { page } = s;
    await loginAsSchoolAdmin(page);
    exam = await createExamWithOneSubject(page, {
      name: EXAM,
      startDate: '2026-12-10',
      course: '数学',
      fullScore: 20,
    });
    const setting = `/api/api/subject/${exam.subjectId}/setting/questions`;
    await call(page, 'POST', `${setting}/objective`, {
      questions: [
        { no: '1', kind: 'single', options: 4, score: 3, answer: 'B' },
        { no: '2', kind: 'multi', options: 4, score: 4, answer: 'ACD', partialScore: 2 },
        { no: '3', kind: 'trueFalse', options: 2, score: 3, answer: 'A' },
      ],
    });
    await call(page, 'POST', `${setting}/subjective`, { questions: [{ no: '4', score: 10 }] });
    const classes = await call<Array<{ id: number; name: string }>>(
      page,
      'POST',
      `/api/school/${exam.schoolId}/banjis`,
      {
        gradeId: exam.gradeId,
      },
    );
    // the grade's last class: the portal journey opens the first class's accounts in the same database and
    // expects them new, and the quiz journey takes the school's last class
    const classId = classes.at(-1)!.id;
    await call(page, 'POST', `/api/exam/${exam.examId}/examinees/add`, {
      classIds: [classId],
      rule: { kind: 'sequence', prefix: '2034', digits: 4 },
      roomSize: 30,
    });
    await call(page, 'POST', `/api/school/${exam.schoolId}/portal/accounts`, { classIds: [classId] });
    const sheet = await page.request.get(
      `${BASE_URL}/filter/api/school/${exam.schoolId}/portal/accounts/sheet?classId=${classId}`,
      { headers: { 'X-Requested-With': 'XMLHttpRequest' } },
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await sheet.body()) as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    const [first, second] = rows.slice(2).filter((r) => /^\w{10}$/.test(r[2] ?? ''));
    assert.ok(first && second, 'two students of the class with an initial password');
    student = { name: first[0]!, xuehao: first[1]!, password: first[2]! };
    absentee = { name: second[0]!, xuehao: second[1]!, password: second[2]! };
    schoolName = (await call<{ schoolName: string }>(page, 'POST', '/api/user/getUserInfo')).schoolName;

    await page.goto(`${APP}/book/subject/${exam.subjectId}/setting/question`);
    await page.getByRole('button', { name: '在线考试' }).click();
    await waitForPath(page, `/book/subject/${exam.subjectId}/setting/online`);
    const card = page.getByTestId('online-setting');
    await card.getByRole('switch', { name: '在线考试' }).click();
    await card.getByPlaceholder('开始时间').click();
    await card.getByPlaceholder('开始时间').fill(beijing(-10));
    await page.keyboard.press('Enter');
    await card.getByPlaceholder('结束时间').fill(beijing(120));
    await page.keyboard.press('Enter');
    await card.getByLabel('考试时长').fill('40');
    // 题序打乱 / 选项打乱: the student's own order; the answers and the score below are the unshuffled ones
    await card.getByRole('switch', { name: '题序打乱' }).click();
    await card.getByRole('switch', { name: '选项打乱' }).click();
    await card.getByLabel('第 1 题题干').fill('若 $x^2 = 4$ 且 $x > 0$，则 $x$ 等于');
    for (const [i, t] of ['1', '2', '3', '4'].entries())
      await card.getByLabel(`第 1 题选项 ${String.fromCharCode(65 + i)}`).fill(t);
    await card.getByLabel('第 2 题题干').fill('下列数中是质数的有');
    for (const [i, t] of ['2', '4', '5', '7'].entries())
      await card.getByLabel(`第 2 题选项 ${String.fromCharCode(65 + i)}`).fill(t);
    await card.getByLabel('第 3 题题干').fill('$\\sqrt{2}$ 是无理数');
    await card.getByLabel('第 4 题题干').fill('证明：对任意实数 $a, b$，有 $$a^2 + b^2 \\ge 2ab$$');
    await card.locator('.katex').first().waitFor();
    await shot(page, 'online-01-setting');
    await card.getByRole('button', { name: '保存设置' }).click();
    await page.getByText('在线考试设置已保存').waitFor();
    await card.getByRole('button', { name: '在线考试发布' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^发\s?布$/ })
      .click();
    await page.getByText('在线考试已发布，考生可在学生端作答').waitFor();
    await card.getByTestId('online-state').getByText('已发布').waitFor();
    await page.getByTestId('online-sitters').locator('.ant-table-row').first().waitFor();
    await shot(page, 'online-02-launched');
  },
);

test(
  'a student on a phone answers, reloads and resumes, submits and gets a receipt',
  { timeout: 300_000 },
  async () => {
    const page = await phone('student');
    studentPage = page;
    await portalSignIn(page, student);
    const list = page.getByTestId('online-exams');
    await list.getByText(`${EXAM} · 数学`).waitFor();
    await shot(page, 'online-03-portal-list');
    await list.getByText(`${EXAM} · 数学`).click();
    await page.getByTestId('online-start').waitFor();
    await shot(page, 'online-04-before-start');
    await page.getByRole('button', { name: '开始作答' }).click();

    const q = (no: string) => page.getByTestId(`online-q-${no}`);
    // options are shuffled for this student: chosen by their text (1: 2 is B; 2: 2 and 5 are A and C)
    const option = (no: string, text: string) =>
      q(no).locator('.ant-radio-wrapper, .ant-checkbox-wrapper', {
        hasText: new RegExp(`^[A-D]\\. ${text}$`),
      });
    const shown = (no: string) =>
      q(no).locator('.ant-radio-wrapper, .ant-checkbox-wrapper').allTextContents();
    await q('1').locator('.katex').first().waitFor();
    await option('1', '2').click();
    await option('2', '2').click();
    await option('2', '5').click();
    await option('3', '对').click();
    const order = [await shown('1'), await shown('2')];
    const status = page.getByTestId('online-save-status');
    await status.getByText('已保存').waitFor();
    await shot(page, 'online-05-answering');

    // reload midway: the choices and the typed text come back from the server
    await page.reload();
    await option('1', '2').and(page.locator('.ant-radio-wrapper-checked')).waitFor();
    assert.equal(await q('2').locator('.ant-checkbox-wrapper-checked').count(), 2, 'both choices of 2 kept');
    assert.deepEqual([await shown('1'), await shown('2')], order, 'the same order after a reload');
    // the network drops while typing: the answer waits on the device and goes once the network is back
    await page.context().setOffline(true);
    const written = q('4').getByLabel('第 4 题作答');
    await written.fill('因为 $(a-b)^2 \\ge 0$，展开得 $a^2 - 2ab + b^2 \\ge 0$，移项即得。');
    await status.getByText(/网络断开/).waitFor();
    await shot(page, 'online-06a-offline');
    await page.context().setOffline(false);
    // the browser reports the save it could not send while offline: the drop was this journey's own doing
    for (let i = s.errors.length - 1; i >= 0; i--)
      if (s.errors[i]!.includes('ERR_INTERNET_DISCONNECTED')) s.errors.splice(i, 1);
    await status.getByText('已保存').waitFor({ timeout: 20_000 });
    await page.reload();
    await q('4').getByLabel('第 4 题作答').waitFor();
    assert.match(await q('4').getByLabel('第 4 题作答').inputValue(), /展开得/);
    await shot(page, 'online-06-resumed');

    await page.getByRole('button', { name: /^交\s?卷$/ }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^交\s?卷$/ })
      .click();
    const receipt = page.getByTestId('online-receipt');
    await receipt.getByText(/回执号：/).waitFor();
    await receipt.getByText('已作答 4 / 4 题').waitFor();
    await shot(page, 'online-07-receipt');
  },
);

test(
  'the school sees the student submitted and scored, and reopens the window for a reason',
  { timeout: 300_000 },
  async () => {
    const { page } = s;
    await page.reload();
    const sitters = page.getByTestId('online-sitters');
    const row = sitters.locator('.ant-table-row', { hasText: student.name });
    await row.getByText('已交卷').waitFor();
    const data = await call<SitterList>(
      page,
      'GET',
      `/api/subject/${exam.subjectId}/online/sitters?state=submitted`,
    );
    // 1: B right 3; 2: AC of ACD, partial 2; 3: A right 3
    assert.equal(data.items[0]!.objectiveScore, 8);
    assert.equal(data.items[0]!.answered, 4);
    await shot(page, 'online-08-sitters');
    await row.getByRole('button', { name: '重新开放' }).click();
    const modal = page.locator('.ant-modal', { hasText: '重新开放：' });
    await modal.getByPlaceholder('如：考试中网络中断').fill('考试中网络中断，补足时间');
    await modal.getByRole('button', { name: '重新开放' }).click();
    await page.getByText(`已为 ${student.name} 重新开放作答`).waitFor();
    await row.getByText('作答中').waitFor();
    await shot(page, 'online-09-reopened');
  },
);

test(
  'a student who did not sit is given a 补考 window, sits it on a phone and hands in',
  { timeout: 300_000 },
  async () => {
    const { page } = s;
    const card = page.getByTestId('online-makeup');
    await card.getByPlaceholder('姓名或考号').fill(absentee.name);
    await card.getByPlaceholder('姓名或考号').press('Enter');
    const row = card.locator('.ant-table-row', { hasText: absentee.name });
    await row.getByText('未开始').waitFor();
    // who handed in is not offered: only those who never started can be selected
    assert.equal(await card.locator('.ant-table-row', { hasText: student.name }).count(), 0);
    await row.locator('.ant-checkbox-input').check();
    await card.getByRole('button', { name: '为所选考生安排补考（1）' }).click();
    const modal = page.locator('.ant-modal', { hasText: '安排补考（1 名考生）' });
    await modal.getByText(absentee.name).waitFor();
    await modal.getByPlaceholder('开始时间').click();
    await modal.getByPlaceholder('开始时间').fill(beijing(-1));
    await page.keyboard.press('Enter');
    await modal.getByPlaceholder('结束时间').fill(beijing(60));
    await page.keyboard.press('Enter');
    await modal.getByLabel('作答时长').fill('30');
    await shot(page, 'online-09b-makeup-arrange');
    await modal.getByRole('button', { name: '确认安排补考' }).click();
    await page.getByText('已为 1 名考生安排补考').waitFor();
    await card.getByText('已安排补考 1').click();
    const arranged = card.locator('.ant-table-row', { hasText: absentee.name });
    await arranged.getByText('补考中').waitFor();
    await arranged.getByText(/· 30 分钟/).waitFor();
    await shot(page, 'online-09c-makeup-list');

    const sp = await phone('makeup student');
    await portalSignIn(sp, absentee);
    const list = sp.getByTestId('online-exams');
    await list.getByText('补考').waitFor();
    await list.getByText(/· 30 分钟/).waitFor();
    await shot(sp, 'online-09d-makeup-portal');
    await list.getByText(`${EXAM} · 数学`).click();
    await sp.getByRole('button', { name: '开始作答' }).click();
    const q = (no: string) => sp.getByTestId(`online-q-${no}`);
    await q('1')
      .locator('.ant-radio-wrapper', { hasText: /^[A-D]\. 2$/ })
      .click();
    await q('4').getByLabel('第 4 题作答').fill('由 $(a-b)^2 \\ge 0$ 即得。');
    await sp.getByTestId('online-save-status').getByText('已保存').waitFor();
    await sp.getByRole('button', { name: /^交\s?卷$/ }).click();
    await sp
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^交\s?卷$/ })
      .click();
    await sp.getByTestId('online-receipt').getByText('已作答 2 / 4 题').waitFor();
    await shot(sp, 'online-09e-makeup-receipt');
    await sp.context().close();

    await page.reload();
    await page.getByTestId('online-makeup').getByText('已安排补考 1').click();
    await page
      .getByTestId('online-makeup')
      .locator('.ant-table-row', { hasText: absentee.name })
      .getByText('已交卷（补考）')
      .waitFor();
  },
);

test(
  'the student hands in again; marking starts with no scan, the typed answer is marked, the result published',
  { timeout: 600_000 },
  async () => {
    const sp = studentPage;
    await sp.reload();
    // the working on paper, photographed sideways: uploaded for question 4, turned upright, then handed in
    const q4 = sp.getByTestId('online-q-4');
    await q4.locator('input[type=file]').setInputFiles({
      name: 'IMG_0412.png',
      mimeType: 'image/png',
      buffer: await workOnPaper(),
    });
    const thumb = q4.getByTestId('online-photo');
    await thumb.locator('img').waitFor();
    await thumb.getByRole('button', { name: '旋转' }).click();
    await thumb.locator('img[style*="rotate(90deg)"]').waitFor();
    await thumb.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await shot(sp, 'online-09a-photo-uploaded');
    await sp.getByRole('button', { name: /^交\s?卷$/ }).click();
    await sp
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^交\s?卷$/ })
      .click();
    await sp
      .getByTestId('online-receipt')
      .getByText(/回执号：/)
      .waitFor();

    const { page } = s;
    const { blocks } = await call<{ blocks: Array<{ id: number }> }>(
      page,
      'POST',
      `/api/subject/${exam.subjectId}/setting/block`,
      { blocks: [{ name: '第4题', nos: ['4'], markCount: 1, regions: [] }] },
    );
    const blockId = blocks[0]!.id;
    await assignMarkers(page, exam.subjectId, blockId, [TEACHER]);
    // the class's other students did not sit, not even a 补考: recorded absent, as the school would
    const all = await call<{ items: Array<{ id: number; name: string }> }>(
      page,
      'POST',
      `/api/exam/${exam.examId}/examinees`,
      { page: 1, size: 200 },
    );
    await call(page, 'POST', `/api/subject/${exam.subjectId}/absent`, {
      ids: all.items.filter((e) => e.name !== student.name && e.name !== absentee.name).map((e) => e.id),
      absent: true,
    });
    // 开始阅卷 with nothing scanned: an online subject has no 扫描完成 to wait for
    await page.goto(`${APP}/book/exam/${exam.examId}/startReviewManage`);
    const row = page.getByTestId('review-manage').locator('.ant-table-row', { hasText: '数学' });
    await pressReviewStart(page);
    await row.getByText('阅卷中').waitFor();

    const marker = await signedIn(s, TEACHER);
    await marker.goto(`${APP}/book/review/task`);
    await taskRow(marker, EXAM, '第4题').getByRole('button', { name: '开始阅卷' }).click();
    await waitForPath(marker, `/book/subject/${exam.subjectId}/mark/${blockId}/normal/1`);
    await marker.getByTestId('mark-image').first().waitFor();
    // the photo on the question's page under the typed text, upright: the marker sees the work on paper
    await marker
      .getByTestId('mark-image')
      .first()
      .evaluate((img) => (img instanceof HTMLImageElement ? img.decode() : undefined));
    await shot(marker, 'online-10-marking-typed');
    await keyScore(marker, 8, 1);
    // the 补考 paper in the same pool, marked like the rest
    await keyScore(marker, 8, 2);
    await marker.context().close();

    await page.goto(`${APP}/book/exam/${exam.examId}/startReviewManage`);
    await pressReviewDone(page);
    await row.getByText('阅卷完成').waitFor();
    await markAndPublishRest(page);

    // 学生端: the subject's total, the objective 8 and the written 8
    await sp.goto(`${APP}/portal`);
    await sp.getByTestId('portal-exams').getByText(EXAM).click();
    const mine = sp.getByTestId('portal-exam');
    await mine.getByText('数学').waitFor();
    await mine.getByText('16', { exact: true }).first().waitFor();
    await shot(sp, 'online-11-student-result');
    await sp.context().close();
  },
);

/** 学生端 sign-in of a student with the initial password, changed to NEW_PASSWORD on the way. */
async function portalSignIn(page: Page, who: { xuehao: string; password: string }): Promise<void> {
  await page.goto(`${APP}/portal`);
  await waitForPath(page, '/portal/login');
  await page.getByTestId('portal-school').click();
  await page.keyboard.type(schoolName.slice(0, 4));
  await page.locator('.ant-select-item-option', { hasText: schoolName }).first().click();
  await page.getByPlaceholder('学号').fill(who.xuehao);
  await page.getByPlaceholder('密码', { exact: true }).fill(who.password);
  await page.locator('form button[type=submit]').click();
  await page.getByPlaceholder('新密码', { exact: true }).fill(NEW_PASSWORD);
  await page.getByPlaceholder('确认新密码').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: '确认修改并登录' }).click();
  await waitForPath(page, '/portal');
}

/**
 * A phone's photo of working on paper, taken sideways (the page's top to the left): a PNG of 900 × 600 with
 * the lines written across it turned a quarter anticlockwise, so one quarter turn clockwise sets it upright.
 */
async function workOnPaper(): Promise<Buffer> {
  const lines = ['解：由 (a−b)² ≥ 0', '得 a² − 2ab + b² ≥ 0', '所以 a² + b² ≥ 2ab'];
  const text = lines
    .map((l, i) => `<text x="40" y="${90 + i * 70}" font-size="44" fill="#1d2a6b">${l}</text>`)
    .join('');
  const upright = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect width="100%" height="100%" fill="#f3efe2"/><g font-family="Noto Sans CJK SC, sans-serif">${text}</g><line x1="30" y1="320" x2="570" y2="320" stroke="#c8c2ad" stroke-width="2"/></svg>`;
  return sharp(Buffer.from(upright)).rotate(270).png().toBuffer();
}

/** 核查 then 发布 on the subject's scoreCheck (the tail of report-lib's markAndPublish). */
async function markAndPublishRest(page: Page): Promise<void> {
  await page.goto(`${APP}/book/subject/${exam.subjectId}/score/scoreCheck`);
  await page.getByText('核查通过').waitFor();
  await page.getByTestId('publish-release').click();
  await page
    .locator('.ant-modal-confirm:not(.ant-zoom-appear)')
    .getByRole('button', { name: /^发\s?布$/ })
    .click();
  await page.getByTestId('publish-state').getByText('已发布').waitFor();
  await shot(page, 'online-12-published');
}
