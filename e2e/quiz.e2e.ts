import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { QuizResult, QuizTrendView, TemplateItem } from '@yj/contracts';
import ExcelJS from 'exceljs';
import { createRng, randomAnswers, simulateSheet } from '@yj/scan-sim';
import { APP, call, loginAsSchoolAdmin, journeySession, shot, waitForPath } from './lib.ts';
import {
  keyScore,
  pressReviewDone,
  pressReviewStart,
  signedIn,
  taskRow,
  uploadSheets,
} from './marking-lib.ts';

// Issue 33 "课堂小测": a teacher creates a 10-question quiz (and one subjective question) for a class they teach,
// makes its A4 card, scans 30 simulated sheets of it, marks the subjective question, sees the class result (and its
// 讲评 view) and publishes it alone; a student of the class signs in to the portal and sees the quiz.

const TEACHER = '13800000008';
const QUIZ = '第三周函数小测';
const KEYS = 'ABCDABCDAB';
const SHEETS = 30;
const NEW_PASSWORD = 'Xuesheng-Mima-2026';

const s = journeySession();

interface Scene {
  schoolId: number;
  classId: number;
  className: string;
  student: { xuehao: string; name: string; password: string };
}
let scene: Scene;
let teacher: Page;
let examId = 0;
let subjectId = 0;

/** The option student `i` marks for question `q` (1-based): the key, but every fourth answer is the next letter. */
const chosen = (i: number, q: number) => {
  const key = KEYS[q - 1]!;
  return (i + q) % 4 === 0 ? 'ABCD'[('ABCD'.indexOf(key) + 1) % 4]! : key;
};

test('the school gives a teacher a class, and the class student accounts', { timeout: 120_000 }, async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const me = await call<{ schoolId: number }>(page, 'POST', '/api/user/getUserInfo');
  const schoolId = me.schoolId;
  const accounts = await call<{ classes: Array<{ id: number; name: string; gradeName: string }> }>(
    page,
    'GET',
    `/api/school/${schoolId}/portal/accounts`,
  );
  // the last class of the school: the one the other journeys use least
  const cls = accounts.classes.at(-1)!;
  assert.ok(cls, 'a class to give');
  const t = await call<{ userId: number; name: string; phone: string; subjects: string[] }>(
    page,
    'GET',
    `/api/school/${schoolId}/teachers/one?phone=${TEACHER}`,
  );
  await call(page, 'POST', `/api/school/${schoolId}/teachers/update`, {
    oldInfo: { userId: t.userId, phone: TEACHER },
    newInfo: { name: t.name, phone: TEACHER, subjects: t.subjects, classIds: [cls.id] },
  });
  await call(page, 'POST', `/api/school/${schoolId}/portal/accounts`, { classIds: [cls.id] });
  const list = await call<{
    items: Array<{ studentId: number; xuehao: string; name: string; className: string }>;
  }>(page, 'GET', `/api/school/${schoolId}/portal/accounts?classId=${cls.id}&page=1&size=100`);
  const first = list.items.sort((a, b) => a.xuehao.localeCompare(b.xuehao))[0]!;
  const reset = await call<{ password: string }>(
    page,
    'POST',
    `/api/school/${schoolId}/portal/accounts/${first.studentId}/reset`,
  );
  scene = {
    schoolId,
    classId: cls.id,
    className: cls.name,
    student: { xuehao: first.xuehao, name: first.name, password: reset.password },
  };
});

test('the teacher creates the quiz in one form and makes its A4 card', { timeout: 120_000 }, async () => {
  teacher = await signedIn(s, TEACHER);
  await teacher.getByRole('menuitem', { name: '课堂小测' }).click();
  await waitForPath(teacher, '/book/quiz');
  await teacher.getByTestId('quiz-create-link').click();
  await waitForPath(teacher, '/book/quiz/create');
  await teacher.getByTestId('quiz-name').fill(QUIZ);
  await teacher.getByTestId('quiz-course').click();
  await teacher.locator('.ant-select-item-option').first().click();
  await teacher.getByTestId('quiz-classes').getByText(scene.className).click();
  await teacher.getByTestId('quiz-keys').fill(`1-10 ${KEYS}`);
  await teacher.getByTestId('quiz-subjective').fill('10');
  await teacher.getByTestId('quiz-summary').getByText('共 10 道客观题、1 道主观题，总分 40 分').waitFor();
  await shot(teacher, 'quiz-01-create');
  await teacher.getByTestId('quiz-submit').dblclick();
  await teacher.getByTestId('quiz-page').waitFor();
  examId = Number(new URL(teacher.url()).pathname.split('/').at(-1));
  const mine = await call<{ total: number; items: Array<{ subjectId: number }> }>(
    teacher,
    'POST',
    '/api/quiz/list',
    {
      keyword: QUIZ,
    },
  );
  assert.equal(mine.total, 1, 'a double click creates one quiz');
  subjectId = mine.items[0]!.subjectId;
  await teacher.getByTestId('quiz-make-card').click();
  await teacher.getByText('A4 答题卡已生成').waitFor();
  await shot(teacher, 'quiz-02-page');
});

test(
  '30 sheets are scanned, the subjective question marked, marking finished',
  { timeout: 600_000 },
  async () => {
    const templates = await call<TemplateItem[]>(teacher, 'GET', `/api/subject/${subjectId}/templates`);
    const card = templates.find((t) => t.cardType === 'online')!.body;
    const examinees = await call<{ items: Array<{ kaohao: string }> }>(
      teacher,
      'POST',
      `/api/exam/${examId}/examinees`,
      { page: 1, size: 100 },
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'yj-e2e-quiz-'));
    const files: string[] = [];
    for (const [i, e] of examinees.items.slice(0, SHEETS).entries()) {
      for (const p of card.pages) {
        const a = randomAnswers(p, createRng(700 + i), 'clean', p.index === 0 ? e.kaohao : undefined);
        for (const no of Object.keys(a.objective)) a.objective[no] = [chosen(i, Number(no))];
        a.absent = false;
        const sheet = await simulateSheet(card, p.index, a, {
          seed: 700 + i * 7 + p.index,
          difficulty: 'clean',
          feed: 0,
          ink: { '11': { kind: 'full' } },
        });
        const f = path.join(dir, `${String(files.length + 1).padStart(4, '0')}.jpg`);
        writeFileSync(f, sheet.jpeg);
        files.push(f);
      }
    }
    await uploadSheets(teacher, subjectId, files, SHEETS);
    await shot(teacher, 'quiz-03-scanned');
    // the scan screen's trail is the quiz's: 课堂小测 → the quiz (its page), never 校内考试
    const crumbs = teacher.locator('.ant-breadcrumb');
    await crumbs.getByText('课堂小测').waitFor();
    assert.equal(await crumbs.getByText('校内考试').count(), 0);
    await crumbs.getByRole('link', { name: QUIZ }).click();
    await waitForPath(teacher, `/book/quiz/${examId}`);

    await teacher.goto(`${APP}/book/exam/${examId}/startReviewManage`);
    const start = (force: boolean) =>
      teacher.waitForResponse((r) =>
        r.url().includes(`/subject/${subjectId}/review/start${force ? '?force' : ''}`),
      );
    const asked = start(false);
    await pressReviewStart(teacher);
    // 30 of the 35 sheets and no 扫描完成: the start says so, and the teacher starts anyway
    if (((await (await asked).json()) as { code: number }).code !== 0) {
      const forced = start(true);
      await teacher.getByTestId('review-force-start').click();
      await forced;
    }
    await teacher.getByTestId('review-manage').locator('.ant-tag', { hasText: '阅卷中' }).waitFor();
    await teacher.goto(`${APP}/book/review/task`);
    await taskRow(teacher, QUIZ, '第11题').getByRole('button', { name: '开始阅卷' }).click();
    for (let n = 1; n <= SHEETS; n++) await keyScore(teacher, n % 11, n);
    await teacher.getByText('本题块暂无可阅试卷').waitFor();
    await shot(teacher, 'quiz-04-marked');
    await teacher.goto(`${APP}/book/exam/${examId}/startReviewManage`);
    await pressReviewDone(teacher);
    await teacher.getByTestId('review-manage').locator('.ant-tag', { hasText: '阅卷完成' }).waitFor();
    await shot(teacher, 'quiz-05-done');
  },
);

test('the class result, its 讲评 view, and publishing by the teacher', { timeout: 120_000 }, async () => {
  await teacher.goto(`${APP}/book/quiz/${examId}/result`);
  const page = teacher.getByTestId('quiz-result-page');
  await page.waitFor();
  const r = await call<QuizResult>(teacher, 'GET', `/api/quiz/${examId}/result`);
  assert.equal(r.sat, SHEETS);
  // question 1 (key A): students i with (i + 1) % 4 === 0 chose B
  const wrong1 = r.students
    .slice(0, SHEETS)
    .filter((_, i) => (i + 1) % 4 === 0)
    .map((x) => x.name);
  assert.deepEqual(r.questions[0]!.wrong, wrong1);
  assert.deepEqual(
    r.questions[0]!.choices.map((c) => [c.answer, c.count]),
    [
      ['A', SHEETS - wrong1.length],
      ['B', wrong1.length],
    ],
  );
  await teacher.getByTestId('quiz-average').getByText(String(r.average)).waitFor();
  await teacher.getByTestId('quiz-questions').getByText(wrong1.join('、')).first().waitFor();
  await shot(teacher, 'quiz-06-result');
  await teacher.getByText('讲评视图').click();
  await teacher
    .getByTestId('quiz-projector')
    .getByText(/第 1 题 · 得分率/)
    .waitFor();
  await shot(teacher, 'quiz-07-projector');
  // the 5 students without a sheet are registered 缺考, then the teacher publishes alone
  await teacher.getByTestId('quiz-absent').click();
  await teacher.getByText('已为 5 名未扫描的学生登记缺考').waitFor();
  await teacher.getByTestId('quiz-absent').waitFor({ state: 'detached' });
  await teacher.getByTestId('quiz-publish').click();
  await teacher.getByText('成绩已发布').first().waitFor();
  await teacher.getByTestId('quiz-result-status').getByText('已发布').waitFor();
  // the teacher's quizzes, apart from the exams
  await teacher.getByRole('menuitem', { name: '课堂小测' }).click();
  await teacher.getByTestId('quiz-table').getByText(QUIZ).waitFor();
  await shot(teacher, 'quiz-08-list');
});

test('a student of the class sees the quiz in the portal', { timeout: 120_000 }, async () => {
  const context = await s.browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    locale: 'zh-CN',
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => s.errors.push(`student: ${e.message}`));
  const me = await call<{ schoolName: string }>(s.page, 'POST', '/api/user/getUserInfo');
  await page.goto(`${APP}/portal`);
  await waitForPath(page, '/portal/login');
  await page.getByTestId('portal-school').click();
  await page.keyboard.type(me.schoolName.slice(0, 4));
  await page.locator('.ant-select-item-option', { hasText: me.schoolName }).first().click();
  await page.getByPlaceholder('学号').fill(scene.student.xuehao);
  await page.getByPlaceholder('密码', { exact: true }).fill(scene.student.password);
  await page.locator('form button[type=submit]').click();
  await page.getByPlaceholder('新密码', { exact: true }).fill(NEW_PASSWORD);
  await page.getByPlaceholder('确认新密码').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: '确认修改并登录' }).click();
  await waitForPath(page, '/portal');
  const exams = page.getByTestId('portal-exams');
  await exams.getByText(QUIZ).waitFor();
  await shot(page, 'quiz-09-portal');
  await exams.getByText(QUIZ).click();
  await page.getByTestId('portal-exam').waitFor();
  await shot(page, 'quiz-10-portal-quiz');
  await context.close();
});

test(
  '学情趋势: the class over its quizzes, by student and question type, exported',
  { timeout: 120_000 },
  async () => {
    const r = await call<QuizResult>(teacher, 'GET', `/api/quiz/${examId}/result`);
    const t = await call<QuizTrendView>(teacher, 'GET', `/api/quiz/trend?classId=${scene.classId}`);
    assert.deepEqual(
      t.quizzes.map((q) => q.name),
      [QUIZ],
    );
    // the class's 得分率: the points of those who sat over their full marks; objective: the keyed questions only
    const sat = r.students.filter((x) => x.total !== null);
    const pct = (a: number, b: number) => Math.round((a / b) * 1000) / 10;
    const objective = r.questions.filter((q) => q.answer !== null);
    const earned = (nos: typeof objective) =>
      sat.reduce((n, x) => n + nos.reduce((m, q) => m + (x.scores[q.no] ?? 0), 0), 0);
    assert.equal(t.quizzes[0]!.sat, SHEETS);
    assert.equal(
      t.quizzes[0]!.rate,
      pct(
        sat.reduce((n, x) => n + x.total!, 0),
        SHEETS * r.fullScore,
      ),
    );
    assert.equal(
      t.quizzes[0]!.objectiveRate,
      pct(earned(objective), SHEETS * objective.reduce((n, q) => n + q.full, 0)),
    );
    const first = t.students.find((x) => x.xuehao === scene.student.xuehao)!;
    const mine = r.students.find((x) => x.xuehao === scene.student.xuehao)!;
    assert.deepEqual(first.rates, [pct(mine.total!, r.fullScore)]);

    await teacher.goto(`${APP}/book/quiz`);
    await teacher.getByRole('tab', { name: '学情趋势' }).click();
    const trend = teacher.getByTestId('quiz-trend');
    await trend.getByTestId('quiz-trend-chart').locator('canvas').waitFor();
    const table = trend.getByTestId('quiz-trend-students');
    await table.getByText(scene.student.name).first().waitFor();
    // sorted by 总得分率, highest first: the first row is a best student's
    await table.getByRole('columnheader', { name: '总得分率' }).click();
    await table.getByRole('columnheader', { name: '总得分率' }).click();
    const best = Math.max(...t.students.map((x) => x.rate ?? -1));
    await table.locator('.ant-table-row').first().getByText(`${best}%`).first().waitFor();
    await shot(teacher, 'quiz-11-trend');
    const [file] = await Promise.all([
      teacher.waitForEvent('download'),
      trend.getByTestId('quiz-trend-export').click(),
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await file.path())!);
    const rows: string[][] = [];
    wb.worksheets[0]!.eachRow((row) =>
      rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))),
    );
    assert.deepEqual(rows[0], ['学号', '姓名', QUIZ, '参加次数', '总得分率', '客观题得分率', '主观题得分率']);
    assert.equal(rows.length - 1, t.students.length, 'one row a student');
  },
);

test(
  'the school administrator sees the school’s quizzes and any class’s trend, creating none',
  { timeout: 120_000 },
  async () => {
    const { page } = s;
    await page.goto(`${APP}/book/home`);
    await page.getByRole('menuitem', { name: '课堂小测' }).click();
    await waitForPath(page, '/book/quiz');
    await page.getByTestId('quiz-table').getByText(QUIZ).waitFor();
    assert.equal(
      await page.getByTestId('quiz-create-link').count(),
      0,
      'no 新建小测 for who teaches nothing',
    );
    await shot(page, 'quiz-12-admin-list');
    await page.getByRole('tab', { name: '学情趋势' }).click();
    await page.getByTestId('quiz-trend-class').click();
    await page.locator('.ant-select-item-option', { hasText: scene.className }).first().click();
    await page.getByTestId('quiz-trend-students').getByRole('columnheader', { name: QUIZ }).waitFor();
    await shot(page, 'quiz-13-admin-trend');
  },
);

test(
  'a second quiz printed 个性化: one A4 copy a student, name and 考号 barcode printed',
  { timeout: 120_000 },
  async () => {
    const created = await call<{ examId: number; subjectId: number }>(teacher, 'POST', '/api/quiz/create', {
      name: '第四周个性化小测',
      course: '数学',
      classIds: [scene.classId],
      options: 4,
      objectiveScore: 3,
      keys: '1-5 ABCDA',
      subjective: [{ score: 6 }],
    });
    await teacher.goto(`${APP}/book/quiz/${created.examId}`);
    await teacher.getByTestId('quiz-page').waitFor();
    // a colleague asked to mark, then not: the tag's × asks first
    await teacher.getByTestId('quiz-marker-pick').click();
    const colleague = (await teacher.locator('.ant-select-item-option').first().textContent())!;
    await teacher.locator('.ant-select-item-option').first().click();
    await teacher.keyboard.press('Escape');
    await teacher.getByTestId('quiz-marker-add').click();
    const tag = teacher.locator('.ant-tag', { hasText: colleague });
    await tag.waitFor();
    await tag.locator('.ant-tag-close-icon').click();
    await teacher
      .locator('.ant-modal-confirm-title', { hasText: `不再请${colleague}阅这份小测？` })
      .waitFor();
    await shot(teacher, 'quiz-15-remove-marker');
    await teacher.getByRole('dialog').getByRole('button', { name: '移 出' }).click();
    await tag.waitFor({ state: 'detached' });
    await teacher.getByTestId('quiz-card-kind').getByText('个性化（每人一张，印姓名和条码）').click();
    await teacher.getByTestId('quiz-make-card').click();
    await teacher.getByText('A4 答题卡已生成（个性化：每人一张）').waitFor();
    await shot(teacher, 'quiz-14-personal-card');
    const [file] = await Promise.all([
      teacher.waitForEvent('download'),
      teacher.getByTestId('quiz-personal-pdf').click(),
    ]);
    assert.match(file.suggestedFilename(), /个性化/);
    const mupdf = await import('mupdf');
    const { readFile } = await import('node:fs/promises');
    const doc = mupdf.Document.openDocument(await readFile((await file.path())!), 'application/pdf');
    const students = (await call<{ students: number }>(teacher, 'GET', `/api/quiz/${created.examId}`))
      .students;
    assert.equal(doc.countPages(), students, 'one page a student');
    const text = Array.from({ length: doc.countPages() }, (_, i) =>
      doc.loadPage(i).toStructuredText('preserve-whitespace').asText(),
    ).join('\n');
    assert.ok(text.includes(scene.student.name), 'the student’s name is printed on their copy');
  },
);
