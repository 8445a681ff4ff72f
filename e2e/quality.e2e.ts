import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { typicalCard } from '@yj/scan-sim';
import type { MarkSubmitResult, MarkTask, QualityTestProgress } from '@yj/contracts';
import { APP, BASE_URL, call, loginAsSchoolAdmin, shot, journeySession } from './lib.ts';
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

const s = journeySession();

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

// Issue 29: a marker who gives every paper its true score + 3 is flagged on the 3rd 标准卷 (the block's step is
// 1: three pieces of evidence all a step or more above) and paused at once; the monitor says after how many
// papers, the report's drift reads the 标准卷 (never the paper sent again); a reset of the marker keeps the
// evidence, voided, on 质检进度 and 质检报告.
test('a marker giving true + 3 is flagged and paused on the 3rd 标准卷; the reset keeps the evidence', async () => {
  // the school admin signed in by the journey above (the page keeps its session)
  const { page } = s;
  const { subjectId, blockId } = await oneBlockScene(page, card, {
    name: '2026学年质检偏差演示考试',
    startDate: '2026-11-29',
    course: '生物',
    score: 10,
    scanned: 14,
    seed: 29,
  });
  const [leader, a, c] = await Promise.all(
    [LEADER, MARKER_A, MARKER_C].map((p) => candidate(page, subjectId, p)),
  );
  await call(page, 'POST', `/api/subject/${subjectId}/setting/task/${blockId}`, {
    markers: [{ userId: a!.userId }, { userId: c!.userId }],
    leaders: [leader!.userId],
  });
  // three trial papers get the leader's reference 5 and are kept as 标准卷
  await call(page, 'POST', `/api/subject/${subjectId}/trial/block/${blockId}/papers`, {
    mode: 'random',
    count: 3,
  });
  await call(page, 'GET', `/api/subject/${subjectId}/review/start?force=1`);
  const l = await signedIn(s, LEADER);
  const trial = await call<{ papers: Array<{ trialPaperId: number }> }>(
    l,
    'GET',
    `/api/marking/trial/block/${blockId}/papers`,
  );
  assert.equal(trial.papers.length, 3);
  for (const p of trial.papers) {
    await call(l, 'POST', `/api/marking/trial/paper/${p.trialPaperId}/reference`, {
      scores: [{ no: '41', score: 5 }],
    });
    await call(l, 'POST', `/api/marking/trial/paper/${p.trialPaperId}/sample`, {
      keep: true,
      kind: 'standard',
    });
  }
  // a 标准卷 after every 2 real marks, the marker's own paper again after every 4, flagged markers paused
  await call(l, 'POST', `/api/marking/block/${blockId}/quality-test/setting`, {
    standardEvery: 2,
    selfEvery: 4,
    spotPercent: 0,
    maxDeviation: 5,
    pause: true,
  });

  /** A marker's stream as the marking screen takes it: every submit claims the next paper. */
  const markAll = async (account: string, score: number, most: number) => {
    const pm = await signedIn(s, account);
    let [task] = await call<MarkTask[]>(pm, 'POST', `/api/marking/block/${blockId}/claim`, {
      type: 'normal',
      count: 1,
    });
    let papers = 0;
    while (task && papers < most) {
      const r = await call<MarkSubmitResult>(pm, 'POST', `/api/marking/task/${task.taskId}/submit`, {
        leaseToken: task.leaseToken,
        scores: [{ no: '41', score }],
        next: true,
      });
      papers++;
      task = r.next ?? undefined;
    }
    return { pm, papers };
  };
  // 甲 marks 4 papers right (5, as the reference)
  await markAll(MARKER_A, 5, 4);
  // 丙 gives 8 on every paper: true 5 + 3. His stream: 2 real, 标准卷, 2 real, 标准卷, 2 real, 标准卷 (his own paper
  // again waits for papers older than his latest 5) — the 3rd 标准卷 flags him at once: its submit brings no next
  // paper, 9 papers in all
  const pc = await markAll(MARKER_C, 8, 20);
  assert.equal(pc.papers, 9);
  const refused = await pc.pm.request.fetch(`${BASE_URL}/filter/api/marking/block/${blockId}/claim`, {
    method: 'POST',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { type: 'normal', count: 1 },
  });
  assert.equal(((await refused.json()) as { message: string }).message, PAUSED);

  // the monitor: flagged and paused, after how many papers, the bias and its reason
  await l.goto(`${APP}/book/qualityMonitorBlock?subjectId=${subjectId}&blockId=${blockId}`);
  const rowC = l.getByTestId(`quality-row-${c!.userId}`);
  await rowC.getByText('已标记 · 暂停领取').waitFor();
  await l
    .getByTestId(`quality-flag-at-${c!.userId}`)
    .getByText('评完 6 份后标记（依据 3 份有参照的评分）')
    .waitFor();
  await rowC.getByText('评分一贯偏高：最近 3 份有参照的评分（标准卷、双评、抽查）平均高 3 分').waitFor();
  await l
    .getByTestId(`quality-bias-${c!.userId}`)
    .getByText(/偏高 3 分/)
    .waitFor();
  await shot(l, 'quality-09-biased-flagged');

  // the report: drift on the 标准卷 only (not the paper sent again), the bias and the flag
  await l.goto(`${APP}/book/quality-test/report?subjectId=${subjectId}&blockId=${blockId}`);
  const table = l.getByTestId('quality-test-report-table');
  const reportRow = table.locator('.ant-table-row', { hasText: c!.name });
  await reportRow.getByText('第 2 次起持续偏高').waitFor();
  await reportRow.getByText('第 3 份有参照的评分起一贯偏高（平均 3 分）').waitFor();
  await reportRow.getByText(/已标记：评完 6 份后标记（依据 3 份有参照的评分）/).waitFor();
  await l.getByRole('combobox', { name: '漂移老师' }).click();
  await l.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: c!.name }).click();
  await l.getByTestId('drift-chart').locator('canvas').waitFor();
  const summary = l.getByTestId('quality-marker-summary');
  await summary.getByText('第 2 次起持续偏高').waitFor();
  await summary.getByText(/已标记：评完 6 份后标记/).waitFor();
  await shot(l, 'quality-10-biased-report');

  // the manager resets 丙's marks from the block page
  await page.goto(`${APP}/book/subject/${subjectId}/overview/block/${blockId}`);
  await page.getByTestId('reset-open').click();
  const modal = page.getByTestId('reset-modal');
  await modal.getByText('只重置一位老师的评分').click();
  await modal.getByTestId('reset-marker').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: c!.name }).click();
  await modal.getByTestId('reset-counts').getByText('6 份').first().waitFor();
  await modal.getByTestId('reset-reason').fill('标准卷一贯偏高 3 分，重新评阅');
  await modal.getByTestId('reset-sure').check();
  await page.getByRole('button', { name: '确认重置' }).click();
  await page.getByText('已重置：6 份评分作废，6 份试卷回到任务池重新评阅').waitFor();

  // 质检进度: 丙 with no standing paper, and the voided evidence of why he was reset
  await l.goto(`${APP}/book/quality-test/progress2?subjectId=${subjectId}`);
  const voided = l.getByTestId(`quality-voided-${c!.userId}`);
  await voided.getByText(/标准卷 3 份（平均偏差 \+3 分）/).waitFor();
  await voided.getByText(/重置前评完 6 份后标记：评分一贯偏高/).waitFor();
  await shot(l, 'quality-11-reset-progress');
  const p2 = await call<QualityTestProgress>(l, 'GET', `/api/subject/${subjectId}/quality-test/progress`);
  const mc = p2.blocks[0]!.markers.find((m) => m.userId === c!.userId)!;
  assert.deepEqual([mc.done, mc.standard.n, mc.voided.standard.n, mc.voided.standard.meanDiff], [0, 0, 3, 3]);
  // 质检报告 lists him still, with the voided records
  await l.goto(`${APP}/book/quality-test/report?subjectId=${subjectId}&blockId=${blockId}`);
  await table
    .locator('.ant-table-row', { hasText: c!.name })
    .getByText(/已作废：标准卷 3 份（平均偏差 \+3 分）/)
    .waitFor();
  await l.getByRole('combobox', { name: '漂移老师' }).click();
  await l.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: c!.name }).click();
  await summary.getByText(/已作废：标准卷 3 份（平均偏差 \+3 分）；重置前评完 6 份后标记/).waitFor();
  await shot(l, 'quality-12-reset-report');
  // he may mark again (the flag was let go with his marks)
  await call(pc.pm, 'POST', `/api/marking/block/${blockId}/claim`, { type: 'normal', count: 1 });
});
