import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  APP,
  JOURNEY_ACCOUNTS,
  call,
  createExamWithOneSubject,
  loginAsSchoolAdmin,
  shot,
  waitForPath,
  journeySession,
} from './lib.ts';
import { optionOf, pickCandidate } from './marking-lib.ts';

// Who marks what (issue 13): the school administrator opens 阅卷分配 from the subject page, gives the block
// 阅读 two markers (one with a quota) and a leader picked from the school's teachers by search, sees the
// overview of the exam, then splits the block's classes between the markers (按班级分配). A fresh exam.

const EXAM = '2026学年阅卷分配演示考试';

const s = journeySession();

type Candidate = { userId: number; name: string; phone: string | null };

const pick = pickCandidate;

test('阅卷分配: two markers and a leader for a block, then 按班级分配', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const exam = await createExamWithOneSubject(page, {
    name: EXAM,
    startDate: '2026-11-20',
    course: '语文',
    fullScore: 150,
  });
  const classes = await call<Array<{ id: number; name: string }>>(
    page,
    'POST',
    `/api/school/${exam.schoolId}/banjis`,
    {
      gradeId: exam.gradeId,
    },
  );
  await call(page, 'POST', `/api/exam/${exam.examId}/examinees/add`, {
    classIds: classes.slice(0, 2).map((c) => c.id),
    rule: { kind: 'sequence', prefix: '3026', digits: 4 },
    roomSize: 30,
  });
  await call(page, 'POST', `/api/api/subject/${exam.subjectId}/setting/questions/subjective`, {
    questions: [
      { no: '17', score: 10 },
      { no: '18', score: 40 },
    ],
  });
  await call(page, 'POST', `/api/subject/${exam.subjectId}/setting/block`, {
    blocks: [
      { name: '阅读', nos: ['17'] },
      { name: '作文', nos: ['18'], markCount: 2, threshold: 6 },
    ],
  });
  // three teachers of the school whose accounts no other journey changes
  const journey = new Set<string>(Object.values(JOURNEY_ACCOUNTS));
  const found = await call<{ items: Candidate[] }>(
    page,
    'GET',
    `/api/subject/${exam.subjectId}/setting/task/candidates?size=50`,
  );
  const [m1, m2, leader] = found.items.filter(
    (c) => !journey.has(c.phone ?? '') && !/\*/.test(c.phone ?? ''),
  );
  assert.ok(m1 && m2 && leader, 'the demo school has three teachers to choose');

  await page.goto(`${APP}/book/subject/${exam.subjectId}`);
  await page.getByTestId('to-task-setting').click();
  await waitForPath(page, `/book/subject/${exam.subjectId}/setting/task`);
  const reading = page.getByTestId('block-阅读');
  await reading.getByText('还没有阅卷老师').waitFor();
  await shot(page, 'assign-empty');

  await reading.getByRole('button', { name: '设置阅卷老师' }).click();
  const modal = page.locator('.ant-modal', { hasText: '设置阅卷老师 · 阅读' });
  await modal.waitFor();
  await pick(page, 'pick-markers', m1.name);
  await pick(page, 'pick-markers', m2.name);
  await modal.getByLabel(`${m1.name}的任务量`).fill('50');
  await pick(page, 'pick-leaders', leader.name);
  await shot(page, 'assign-modal');
  await modal.getByRole('button', { name: /^保\s?存$/ }).click();
  await modal.waitFor({ state: 'hidden' });

  await reading.locator('.ant-table-row', { hasText: m1.name }).getByText('50').waitFor();
  await reading.locator('.ant-table-row', { hasText: m2.name }).getByText('不限').waitFor();
  await reading.getByTestId('leaders').getByText(leader.name).waitFor();
  await page.getByText('“作文”还没有阅卷老师，开始阅卷前须分配').waitFor();
  await shot(page, 'assign-saved');

  // the server holds the same: two markers with their quotas, one leader, and the roles to mark with
  const saved = await call<{
    blocks: Array<{
      blockId: number;
      name: string;
      markers: Array<{ userId: number; quota: number | null }>;
      leaders: Array<{ userId: number }>;
    }>;
  }>(page, 'GET', `/api/subject/${exam.subjectId}/setting/task`);
  const block = saved.blocks.find((b) => b.name === '阅读')!;
  assert.deepEqual(
    block.markers.map((m) => [m.userId, m.quota]).sort(),
    [
      [m1.userId, 50],
      [m2.userId, null],
    ].sort(),
  );
  assert.deepEqual(
    block.leaders.map((l) => l.userId),
    [leader.userId],
  );

  // the same people for 作文, then one of them leaves it (after a confirmation)
  await reading.getByRole('button', { name: '复制到其他题块' }).click();
  const copy = page.locator('.ant-modal', { hasText: '复制到' });
  await copy.getByLabel(/^作文/).check();
  await copy.getByRole('button', { name: /^复\s?制$/ }).click();
  const essay = page.getByTestId('block-作文');
  await essay.locator('.ant-table-row', { hasText: m2.name }).waitFor();
  await essay
    .locator('.ant-table-row', { hasText: m2.name })
    .getByRole('button', { name: /^移\s?除$/ })
    .click();
  await page.locator('.ant-popconfirm').getByText(`移除阅卷老师“${m2.name}”？`).waitFor();
  await shot(page, 'assign-remove-confirm');
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^移\s?除$/ })
    .click();
  await essay.locator('.ant-table-row', { hasText: m2.name }).waitFor({ state: 'detached' });
  await essay.locator('.ant-table-row', { hasText: m1.name }).waitFor();

  await page.getByRole('link', { name: '全部科目阅卷分配' }).click();
  await waitForPath(page, `/book/exam/${exam.examId}/all_setting_task`);
  await page.getByText('作文：1 / 1 人').waitFor();
  await shot(page, 'assign-exam-overview');

  // 按班级分配: each marker takes one class
  await page.goto(`${APP}/book/subject/${exam.subjectId}/setting/divide?blockId=${block.blockId}`);
  await page.getByTestId('divide-setting').waitFor();
  await page.getByRole('button', { name: '添加分组' }).click();
  await page.getByRole('button', { name: '添加分组' }).click();
  for (const [i, [cls, marker]] of [
    [classes[0]!, m1],
    [classes[1]!, m2],
  ].entries()) {
    const classSelect = page.getByLabel(`第 ${i + 1} 组班级`);
    await classSelect.click();
    await (await optionOf(page, classSelect, (cls as { name: string }).name)).click();
    await page.keyboard.press('Escape');
    const markerSelect = page.getByLabel(`第 ${i + 1} 组阅卷老师`);
    await markerSelect.click();
    await (await optionOf(page, markerSelect, (marker as Candidate).name)).click();
    await page.keyboard.press('Escape');
  }
  await page.getByRole('button', { name: /^保\s?存$/ }).click();
  await page.getByText('已保存按班级分配').waitFor();
  await shot(page, 'assign-divide');
  const after = await call<{ blocks: Array<{ name: string; assignMode: string }> }>(
    page,
    'GET',
    `/api/subject/${exam.subjectId}/setting/task`,
  );
  assert.equal(after.blocks.find((b) => b.name === '阅读')!.assignMode, 'class');
});
