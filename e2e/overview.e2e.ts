import assert from 'node:assert/strict';
import { test } from 'node:test';
import { typicalCard } from '@yj/scan-sim';
import { APP, call, loginAsSchoolAdmin, shot, journeySession } from './lib.ts';
import { assignMarkers, oneBlockScene, signedIn } from './marking-lib.ts';

// The leaders' overview (issue 14: overview/blockOrStudent, check/block/{blockId}, check/checkStuPaper,
// abnormal, review/abnormal/blockview): a fresh subject of four scanned sheets, block 第41题 with a marker and
// a leader. The marker marks two papers and flags one as 问题卷. The leader goes from 阅卷任务 to the overview,
// checks the block's papers by state and score, opens a student's paper and sends its mark back (打回), finds
// another student by exam number, and settles the problem paper from the subject's 问题卷 list.

const card = typicalCard();
/** demo teachers no other spec signs in as */
const MARKER = '13800000003';
const LEADER = '13800000004';

const s = journeySession();

test('a leader checks the block and a student’s paper, re-marks it, and settles a problem paper', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const { subjectId, blockId, examinees } = await oneBlockScene(page, card, {
    name: '2026学年阅卷总览演示考试',
    startDate: '2026-12-04',
    course: '地理',
    score: 10,
    scanned: 4,
    seed: 1300,
  });
  const { markers } = await assignMarkers(page, subjectId, blockId, [MARKER], [LEADER]);
  const marker = markers[0]!;
  await call(page, 'GET', `/api/subject/${subjectId}/review/start?force=1`);

  // the marker: 6 and 8 points, one 问题卷
  const m = await signedIn(s, MARKER);
  const tasks = await call<Array<{ taskId: number; leaseToken: string }>>(
    m,
    'POST',
    `/api/marking/block/${blockId}/claim`,
    { type: 'normal', count: 3 },
  );
  assert.equal(tasks.length, 3);
  for (const [i, score] of [6, 8].entries())
    await call(m, 'POST', `/api/marking/task/${tasks[i]!.taskId}/submit`, {
      leaseToken: tasks[i]!.leaseToken,
      scores: [{ no: '41', score }],
    });
  await call(m, 'POST', `/api/marking/task/${tasks[2]!.taskId}/problem`, {
    leaseToken: tasks[2]!.leaseToken,
    reason: 'irregular',
    note: '答在了框外',
  });
  await m.context().close();

  // the leader: 阅卷任务 → 阅卷总览, whose default child is blockOrStudent
  const l = await signedIn(s, LEADER);
  await l.goto(`${APP}/book/review/task`);
  await l.getByTestId(`overview-${blockId}`).click();
  await l.waitForURL(`**/book/subject/${subjectId}/overview/blockOrStudent`);
  const overview = l.getByTestId('overview');
  await overview.getByText('2 / 4').waitFor();
  await shot(l, 'overview-01-blockOrStudent');

  // check/block: every paper with its marks and marker; by state and by score
  await overview.getByTestId(`check-${blockId}`).click();
  await l.waitForURL(`**/overview/check/block/${blockId}`);
  const check = l.getByTestId('check-block');
  await check.getByText('共 4 份').waitFor();
  await check.getByText(`一评 ${marker.name}：8 分`).waitFor();
  await shot(l, 'overview-02-check-block');
  await l.getByRole('combobox', { name: '试卷状态' }).click();
  await l.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '已出分' }).click();
  await l.getByRole('spinbutton', { name: '最低分' }).fill('7');
  await l.getByRole('button', { name: /^查\s?询$/ }).click();
  await check.getByText('共 1 份').waitFor();
  const row = check.locator('.ant-table-row').first();
  await row.getByText(`一评 ${marker.name}：8 分`).waitFor();
  await shot(l, 'overview-03-check-filtered');

  // check/checkStuPaper: the student, the block's final score and its marker; 打回 drops the score
  await row.getByText('试卷详情').click();
  await l.waitForURL('**/overview/check/checkStuPaper?paperId=*');
  const stu = l.getByTestId('stu-paper');
  await stu.getByText('最终 8 分').waitFor();
  await stu.getByText(marker.name).first().waitFor();
  await l.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="stu-paper"] img');
    return Boolean(img && img.complete && img.naturalWidth > 0);
  });
  await shot(l, 'overview-04-stu-paper');
  await stu.getByTestId(`remark-${tasks[1]!.taskId}`).click();
  await l
    .locator('.ant-popover')
    .getByRole('button', { name: /^打\s?回$/ })
    .click();
  await l.getByText('已打回 1 份，将由其他老师重新评阅').waitFor();
  await stu.getByText('未出分').waitFor();
  await shot(l, 'overview-05-remarked');

  // find another student by exam number from blockOrStudent
  await l.getByTestId('overview-nav').getByText('按题块 / 学生查看').click();
  await l.waitForURL('**/overview/blockOrStudent');
  const search = l.getByTestId('student-search');
  await search.locator('input').fill(examinees[3]!.kaohao);
  await search.getByRole('button', { name: /查\s?找/ }).click();
  await search.locator('.ant-table-row').first().getByText(examinees[3]!.kaohao).waitFor();
  assert.equal(await search.locator('.ant-table-row').count(), 1);
  await shot(l, 'overview-06-student-search');
  await search.getByText('查看试卷').click();
  await l.getByTestId('stu-paper').getByText(examinees[3]!.kaohao).waitFor();

  // abnormal: the block's open problem paper → blockview → 退回; the outcome shows among the settled ones
  await l.getByTestId('overview-nav').getByText('问题卷').click();
  await l.waitForURL(`**/book/abnormal?subjectId=${subjectId}`);
  const abnormal = l.getByTestId('abnormal');
  await abnormal.locator('.ant-table-row').first().getByText('第41题').waitFor();
  await shot(l, 'overview-07-abnormal');
  await abnormal.getByTestId(`abnormal-${blockId}`).click();
  await l.waitForURL('**/review/abnormal/blockview?**');
  const panel = l.getByTestId('problem-panel');
  await panel.getByText('答在了框外').waitFor();
  await shot(l, 'overview-08-blockview');
  await panel.getByTestId('problem-back').click();
  await l
    .locator('.ant-popover')
    .getByRole('button', { name: /^退\s?回$/ })
    .click();
  await l.getByText('问题卷已处理').waitFor();
  await l.getByText('已处理', { exact: true }).click();
  await panel.getByText('退回任务池').waitFor();
  await shot(l, 'overview-09-settled');
  await l.goto(`${APP}/book/abnormal?subjectId=${subjectId}`);
  const settled = l.getByTestId('abnormal').locator('.ant-table-row').first();
  // 退回任务池 1, nothing waiting
  await settled.locator('td').nth(3).getByText('1', { exact: true }).waitFor();
});
