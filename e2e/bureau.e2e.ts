import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { typicalCard } from '@yj/scan-sim';
import {
  APP,
  call,
  DEMO_PASSWORD,
  login,
  journeySession,
  optionOf,
  shot,
  typicalObjective,
  waitForPath,
  type Session,
} from './lib.ts';
import { assignMarkers, scanSheets } from './marking-lib.ts';
import { markAndPublish, TEACHER } from './report-lib.ts';

// The bureau (issue 35): 阳光区教育局's administrator (demo) creates a 联考 for its three schools on the screen,
// gives it a union manager, follows each school's scanning and marking on one screen and opens the schools
// compared; 阳光东湖中学's administrator then sees the comparison with the other schools unnamed and only its
// own students.

const DISTRICT_ADMIN = '13900000001';
const EAST_LAKE_ADMIN = '13900000002';
const SCHOOLS = ['阳光实验中学', '阳光东湖中学', '阳光西山中学'];
const EXAM = '阳光区2026学年高一联考';
/** sheets scanned per school (the rest of its class 缺考) */
const SCANNED = 3;
const card = typicalCard();
const box48 = card.pages[1]!.subjective.find((x) => x.question === '48')!;

// the browser for the file, at 1366 × 768 (e2e/lib.ts); this journey never checked console errors
const s: Session = journeySession({
  failOnConsoleErrors: false,
  setup: (b) => b.page.setViewportSize({ width: 1366, height: 768 }),
});

/** Opens an antd Select by its label and picks the option starting with `text`. */
async function choose(page: Page, label: string, text: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await (await optionOf(page, input, text)).click();
  await page.locator('.ant-select', { has: input }).filter({ hasText: text }).waitFor();
}

interface Examinee {
  id: number;
  kaohao: string;
  schoolName: string;
}

/** Each school's first 高一 class taken in as examinees (考号 by the school's place), as the bureau does. */
async function takeExaminees(page: Page, examId: number, schools: Array<{ id: number; name: string }>) {
  for (const [k, school] of schools.entries()) {
    const grades = await call<Array<{ id: number; name: string }>>(
      page,
      'GET',
      `/api/school/${school.id}/default/grade`,
    );
    const grade = grades.find((g) => g.name === '高一')!;
    const classes = await call<Array<{ id: number }>>(page, 'POST', `/api/school/${school.id}/banjis`, {
      gradeId: grade.id,
    });
    await call(page, 'POST', `/api/exam/${examId}/examinees/add`, {
      classIds: [classes[0]!.id],
      // 8 digits, as the card's exam number: 2031xxxx, 2032xxxx, 2033xxxx
      rule: { kind: 'sequence', prefix: String(2031 + k), digits: 4 },
      roomSize: 30,
    });
  }
  const got = await call<{ items: Examinee[] }>(page, 'POST', `/api/exam/${examId}/examinees`, {
    page: 1,
    size: 200,
  });
  return got.items;
}

test('the system administrator adds a bureau administrator on the screen, finds and removes one', async () => {
  const { page, context } = s;
  await login(page, 'admin', DEMO_PASSWORD);
  await waitForPath(page, '/book/home');
  await page.getByRole('menuitem', { name: '教育局' }).click();
  await waitForPath(page, '/book/bureau');
  await page.getByRole('button', { name: '教育局管理员' }).click();
  await waitForPath(page, '/book/bureau/admins');
  const list = page.getByTestId('bureau-admins');
  await list.getByRole('cell', { name: DISTRICT_ADMIN }).waitFor();

  // a new account made administrator of 月亮区教育局, chosen in the tree's list
  await page.getByRole('button', { name: '添加管理员' }).click();
  const dialog = page.getByRole('dialog', { name: '添加教育局管理员' });
  await dialog.getByLabel('教育局').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('月亮区教育局').click();
  await dialog.getByLabel('手机号').fill('13900000099');
  await dialog.getByLabel('姓名').fill('月亮区副局长');
  await shot(page, 'bureau-00-admin-add');
  await dialog.getByRole('button', { name: /^添\s?加$/ }).click();
  await page.getByText('初始密码只显示这一次').waitFor();
  await page.getByRole('button', { name: '我已记下' }).click();

  // searched by name, then removed after confirming: the list is empty for the search
  await list.getByLabel('搜索管理员').fill('副局长');
  await list.getByLabel('搜索管理员').press('Enter');
  await list.getByRole('cell', { name: DISTRICT_ADMIN }).waitFor({ state: 'detached' });
  const row = list.locator('.ant-table-row', { hasText: '月亮区副局长' });
  await row.getByText('月亮区教育局').waitFor();
  assert.equal(await list.locator('.ant-table-row').count(), 1);
  await shot(page, 'bureau-00-admins');
  await row.getByRole('button', { name: /^移\s?除$/ }).click();
  await page.getByText('移除 月亮区教育局 的管理员 月亮区副局长？').waitFor();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^移\s?除$/ })
    .click();
  await list.getByText('没有符合条件的管理员').waitFor();
  await context.clearCookies();
});

test('a district administrator runs a 联考 for three schools; a school sees the comparison, not the others’ names', async () => {
  const { page, context } = s;
  await login(page, DISTRICT_ADMIN, DEMO_PASSWORD);
  await waitForPath(page, '/book/home');
  await page.getByRole('menuitem', { name: '教育局' }).click();
  await waitForPath(page, '/book/bureau');
  const home = page.getByTestId('bureau-home');
  for (const name of SCHOOLS) await home.getByRole('cell', { name, exact: true }).waitFor();
  // 月亮区's school is another district's: never shown
  assert.equal(await home.getByText('月亮湾中学').count(), 0);
  await shot(page, 'bureau-01-home');

  // the 联考 created on the screen, for the three schools, with a union manager of 阳光实验中学
  await page.getByTestId('bureau-create-joint').click();
  await waitForPath(page, '/book/create/jointExam');
  await page.getByLabel('联考名称').fill(EXAM);
  await page.getByLabel('年级').fill('高一');
  await page.keyboard.press('Escape');
  const date = page.getByPlaceholder('开考日期');
  await date.click();
  await date.fill('2027-01-20');
  await date.press('Enter');
  const picker = page.getByTestId('school-picker');
  for (const name of SCHOOLS) await picker.getByText(name, { exact: true }).click();
  assert.equal(await picker.getByText('月亮湾中学').count(), 0);
  await page.getByText('已选 3 所学校').waitFor();
  await choose(page, '第 1 个科目', '数学');
  // 40 objective questions of 2 and one of 20 (below): 100
  await page.getByLabel('第 1 个科目满分').fill('100');
  await choose(page, '从哪所学校选', '阳光实验中学');
  const manager = page.getByLabel('联考管理员', { exact: true });
  await manager.click();
  await manager.pressSequentially(TEACHER);
  // the option shows the teacher's name and masked phone (the bureau sees no school's phones whole)
  await (await optionOf(page, manager, TEACHER.slice(-4))).click();
  await page.keyboard.press('Escape');
  await shot(page, 'bureau-02-create');
  await page.getByRole('button', { name: '创建联考' }).click();
  await page.waitForURL(/\/book\/exam\/\d+$/);
  const examId = Number(/\/book\/exam\/(\d+)$/.exec(page.url())![1]);
  await page.getByText('参加学校').first().waitFor();
  for (const name of SCHOOLS) await page.getByRole('cell', { name, exact: true }).first().waitFor();
  const staff = await call<Array<{ role: number }>>(page, 'GET', `/api/exam/${examId}/staff`);
  assert.ok(
    staff.some((r) => r.role === 5),
    'the union manager holds role 5',
  );

  // the exam's setting as its staff would do it: examinees, card, questions, one marked block, then each
  // school's sheets scanned (a few per school, the rest 缺考)
  const detail = await call<{
    schoolList: Array<{ id: number; name: string }>;
    subjects: Array<{ id: number }>;
  }>(page, 'GET', `/api/exam/${examId}/detail`);
  const subjectId = detail.subjects[0]!.id;
  const examinees = await takeExaminees(page, examId, detail.schoolList);
  await call(page, 'POST', `/api/subject/${subjectId}/template`, { body: card });
  await call(page, 'POST', `/api/api/subject/${subjectId}/setting/questions/objective`, {
    questions: typicalObjective(2),
  });
  await call(page, 'POST', `/api/api/subject/${subjectId}/setting/questions/subjective`, {
    questions: [{ no: '48', score: 20 }],
  });
  const { blocks } = await call<{ blocks: Array<{ id: number }> }>(
    page,
    'POST',
    `/api/subject/${subjectId}/setting/block`,
    {
      blocks: [{ name: '第48题', nos: ['48'], markCount: 1, regions: [{ page: 1, ...box48.rect }] }],
    },
  );
  await assignMarkers(page, subjectId, blocks[0]!.id, [TEACHER]);
  const sitting: Examinee[] = [];
  for (const [k, school] of detail.schoolList.entries()) {
    const mine = examinees
      .filter((e) => e.schoolName === school.name)
      .sort((a, b) => a.kaohao.localeCompare(b.kaohao));
    const scanned = mine.slice(0, SCANNED);
    sitting.push(...scanned);
    await scanSheets(page, subjectId, card, scanned, 3500 + 10 * k, {
      school: { name: school.name, matchedBefore: k * SCANNED },
      strip: (i) => [18, 12, 7][i]! - 2 * k,
    });
  }
  const sat = new Set(sitting.map((e) => e.id));
  await call(page, 'POST', `/api/subject/${subjectId}/absent`, {
    ids: examinees.filter((e) => !sat.has(e.id)).map((e) => e.id),
    absent: true,
  });

  // every school's progress on one screen: scanned sheets per school, then marking per block
  await page.goto(`${APP}/book/bureau/exam/${examId}/progress`);
  const table = page.getByTestId('bureau-progress-table');
  for (const name of SCHOOLS) await table.getByRole('cell', { name, exact: true }).waitFor();
  // scanned / expected (缺考 not expected) per school; nothing to mark before 开始阅卷
  await table.getByText(`${SCANNED}/${SCANNED}`).nth(2).waitFor();
  await table.getByText('0/0').nth(2).waitFor();
  await table.getByRole('columnheader', { name: '第48题' }).first().waitFor();
  await shot(page, 'bureau-03-progress-scanned');
  await markAndPublish(page, examId, subjectId);
  await page.goto(`${APP}/book/bureau/exam/${examId}/progress`);
  // each school's block marked: its scans and its papers scored, 3/3 twice a row
  await table.getByText(`${SCANNED}/${SCANNED}`).nth(5).waitFor();
  await shot(page, 'bureau-04-progress-marked');

  // the schools compared: the bureau names them all
  await page.goto(`${APP}/book/bureau/exam/${examId}/compare`);
  const units = page.getByTestId('compare-units');
  for (const name of SCHOOLS) await units.getByText(name, { exact: true }).waitFor();
  await units.getByText('全体').waitFor();
  await page.getByTestId('compare-subject').getByText('数学').click();
  await page.getByTestId('compare-questions').waitFor();
  await shot(page, 'bureau-05-compare');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('compare-export').click(),
  ]);
  assert.match(file.suggestedFilename(), /联考对比\.xlsx$/);

  // 阳光东湖中学's administrator: every figure, the others unnamed, only its own students
  await context.clearCookies();
  await login(page, EAST_LAKE_ADMIN, DEMO_PASSWORD);
  await waitForPath(page, '/book/home');
  await page.goto(`${APP}/book/report_forms/${examId}`);
  await page.getByTestId('report-compare-link').click();
  await waitForPath(page, `/book/bureau/exam/${examId}/compare`);
  const seen = page.getByTestId('school-compare');
  await seen.getByTestId('compare-units').getByText('阳光东湖中学').waitFor();
  await seen.getByTestId('compare-units').getByText('学校甲').waitFor();
  await seen.getByTestId('compare-students').locator('.ant-table-row').first().waitFor();
  const text = await seen.innerText();
  for (const other of ['阳光实验中学', '阳光西山中学'])
    assert.ok(!text.includes(other), `${other} is not named`);
  const students = await call<{ students: Array<{ kaohao: string }> }>(
    page,
    'GET',
    `/api/exam/${examId}/report/compare?level=school`,
  );
  const own = new Set(examinees.filter((e) => e.schoolName === '阳光东湖中学').map((e) => e.kaohao));
  assert.ok(
    students.students.every((x) => own.has(x.kaohao)),
    'only its own students are listed',
  );
  await shot(page, 'bureau-06-school-view');
  assert.deepEqual(s.errors, []);
});
