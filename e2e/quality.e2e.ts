import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { typicalCard } from '@yj/scan-sim';
import { APP, BASE_URL, call, loginAsSchoolAdmin, openBrowser, shot, type Session } from './lib.ts';
import { candidate, oneBlockScene, signedIn } from './marking-lib.ts';

// 质检 and live progress (issue 14): a fresh subject is scanned, its block 第41题 gets three markers and a
// leader, the block pauses flagged markers. While the markers mark, the leader's progress page moves without a
// reload; marker C gives every paper full marks, is flagged on the quality screen with the reason, cannot
// claim, and goes on after the leader lets them.

const card = typicalCard();
// Not JOURNEY_ACCOUNTS (16–20): the auth journeys change those passwords. These mark in other journeys' exams
// too (lead, reset), which never change their sign-in.
const LEADER = '13800000012';
const MARKER_A = '13800000013';
const MARKER_B = '13800000014';
const MARKER_C = '13800000007';
const PAUSED = '您的评分已被质检标记，暂停领取试卷，请联系题组长放行后继续';

let s: Session;
before(async () => {
  s = await openBrowser();
});
after(async () => {
  await s.close();
  for (const e of s.errors) console.log(`console error: ${e.slice(0, 300)}`);
  assert.deepEqual(s.errors, [], 'no console errors');
});

/** Claims `scores.length` papers and gives each its score, as the marking screen's calls do. */
async function mark(page: Page, blockId: number, scores: number[]): Promise<void> {
  const tasks = await call<Array<{ taskId: number; leaseToken: string }>>(
    page,
    'POST',
    `/api/marking/block/${blockId}/claim`,
    { type: 'normal', count: scores.length },
  );
  assert.equal(tasks.length, scores.length);
  for (const [i, t] of tasks.entries())
    await call(page, 'POST', `/api/marking/task/${t.taskId}/submit`, {
      leaseToken: t.leaseToken,
      scores: [{ no: '41', score: scores[i] }],
    });
}

test('progress moves while marking goes on; a marker who gives high scores is flagged, paused and released', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const { exam, subjectId, blockId } = await oneBlockScene(page, card, {
    name: '2026学年质检演示考试',
    startDate: '2026-11-28',
    course: '化学',
    score: 10,
    scanned: 9,
    seed: 500,
  });
  const userOf = (phone: string) => candidate(page, subjectId, phone);
  const [leader, a, b, c] = await Promise.all([LEADER, MARKER_A, MARKER_B, MARKER_C].map(userOf));
  await call(page, 'POST', `/api/subject/${subjectId}/setting/task/${blockId}`, {
    markers: [{ userId: a!.userId }, { userId: b!.userId }, { userId: c!.userId }],
    leaders: [leader!.userId],
  });
  await call(page, 'GET', `/api/subject/${subjectId}/review/start?force=1`);

  // the leader sets the block's 质检: judged after 3 papers, flagged markers paused
  const l = await signedIn(s, LEADER);
  await l.goto(`${APP}/book/qualityMonitorBlock?subjectId=${subjectId}&blockId=${blockId}`);
  await l.getByTestId('quality-block').getByText('还没有老师提交评分').waitFor();
  await l.getByRole('button', { name: '质检设置' }).click();
  const modal = l.locator('.ant-modal');
  await modal.getByLabel('评满多少份后开始判断').fill('3');
  await modal.getByLabel('被标记的老师暂停领取试卷，由题组长放行').click();
  await shot(l, 'quality-01-setting');
  await modal.getByRole('button', { name: /保\s?存/ }).click();
  await l.getByText('质检设置已保存').waitFor();

  // the subject's progress page, open while the markers work: 0 → 3 → 6 → 9 of 9 without a reload
  await l.goto(`${APP}/book/review/progress/all?subjectId=${subjectId}`);
  const summary = l.getByTestId('monitor-summary');
  await summary.getByText('/ 9').waitFor();
  await shot(l, 'quality-02-progress-empty');
  const progressShows = (text: string) =>
    l.getByTestId('monitor-blocks').getByText(text, { exact: true }).waitFor();
  await progressShows('0 / 9');
  const pa = await signedIn(s, MARKER_A);
  await mark(pa, blockId, [4, 5, 4]);
  await progressShows('3 / 9');
  const pb = await signedIn(s, MARKER_B);
  await mark(pb, blockId, [5, 4, 5]);
  await progressShows('6 / 9');
  await shot(l, 'quality-03-progress-moving');
  const pc = await signedIn(s, MARKER_C);
  await mark(pc, blockId, [10, 10, 10]);
  await progressShows('9 / 9');
  // the flag is set by the quality job (every 30 s) and read by the page's poll: up to ~35 s after the last mark,
  // longer on a loaded machine
  await l.getByTestId('monitor-blocks').getByText('1 名老师').waitFor({ timeout: 90_000 });
  await shot(l, 'quality-04-progress-done');

  // the quality screen: C first, highlighted, with the reason; the charts drawn
  await l.getByRole('button', { name: '质量监控' }).click();
  const rowC = l.getByTestId(`quality-row-${c!.userId}`);
  await rowC.getByText('已标记 · 暂停领取').waitFor();
  await rowC.getByText(/平均分比题块高 1\.4 个标准差，超过 1/).waitFor();
  assert.equal(await rowC.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(255, 241, 240)');
  await l.getByTestId('distribution-chart').locator('canvas').waitFor();
  await l.getByTestId('speed-chart').locator('canvas').waitFor();
  await shot(l, 'quality-05-flagged');

  // C is paused: the claim refuses with the reason
  const refused = await pc.request.fetch(`${BASE_URL}/filter/api/marking/block/${blockId}/claim`, {
    method: 'POST',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { type: 'normal', count: 1 },
  });
  assert.equal(((await refused.json()) as { message: string }).message, PAUSED);

  // the leader lets C go on, after the confirmation
  await rowC.getByRole('button', { name: /放\s?行/ }).click();
  await l
    .locator('.ant-popover')
    .getByRole('button', { name: /放\s?行/ })
    .click();
  await l.getByText('已放行，该老师可以继续阅卷').waitFor();
  await rowC.getByText('已放行').waitFor();
  await shot(l, 'quality-06-released');
  await call(pc, 'POST', `/api/marking/block/${blockId}/claim`, { type: 'normal', count: 1 });

  // by paper (single marking: no pairs) and the exam's progress
  await l.getByRole('button', { name: '按试卷查看双评差异' }).click();
  await l.getByText('没有符合条件的双评试卷').waitFor();
  await shot(l, 'quality-07-papers-empty');
  await l.goto(`${APP}/book/exam/${exam.examId}/all_review_progress_all`);
  await l.getByTestId('exam-progress').getByText('化学').waitFor();
  await l.getByTestId('exam-progress').getByText('9 / 9', { exact: true }).first().waitFor();
  await shot(l, 'quality-08-exam-progress');
});
