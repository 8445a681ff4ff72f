import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { typicalCard } from '@yj/scan-sim';
import { APP, loginAsSchoolAdmin, shot, waitForPath, journeySession } from './lib.ts';
import {
  candidate,
  pickCandidate,
  pressReviewStart,
  signedIn,
  keyScore,
  taskRow as rowOf,
  subjectScene,
} from './marking-lib.ts';

// Issue 13 "Done means", on the real server: the manager presses 开始阅卷 and is refused (scanning not
// confirmed, a block without markers), gives the block two markers and a leader on 阅卷分配 and starts anyway.
// Three papers are double-marked with the keyboard only (threshold 2): marker A flags paper 1 as 问题卷 and
// marks papers 2 and 3 with 5, then changes paper 3 to 6 in 回评; marker B marks 7, 6, 9. Paper 3 (6 against
// 9) goes to the leader, who arbitrates 8 on the marking screen and scores the 问题卷 7 on the block page.
// done/check refuses 阅卷完成 while work is left, then allows it; the manager reads every paper's final
// score on the student-paper view (GET /api/marking/paper/:paperId) reached from the subject's 阅卷进度.
// Claims walk the pool in paper order, so both markers meet the papers in the same order.

const EXAM = '2026学年阅卷全流程演示考试';
const card = typicalCard();
const box41 = card.pages[0]!.subjective[0]!;
/** demo teachers no other spec signs in as */
const LEADER = '13800000010';
const MARKER_A = '13800000015';
const MARKER_B = '13800000021';

const s = journeySession();

const taskRow = (page: Page, blockName: string) => rowOf(page, EXAM, blockName);

test('开始阅卷 refused then started, double marking by keyboard, arbitration, 问题卷, 回评, 阅卷完成', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const { examId, subjectId, blockIds } = await subjectScene(page, card, {
    name: EXAM,
    startDate: '2026-11-28',
    course: '化学',
    subjective: [{ no: '41', score: 12 }],
    blocks: [
      { name: '第41题', nos: ['41'], markCount: 2, threshold: 2, regions: [{ page: 0, ...box41.rect }] },
    ],
    scan: { count: 3, seed: 500 },
  });
  const blockId = blockIds[0]!;

  // 开始阅卷 is refused: scanning not confirmed, and the block has no markers
  await page.goto(`${APP}/book/exam/${examId}/startReviewManage`);
  const row = page.getByTestId('review-manage').locator('.ant-table-row', { hasText: '化学' });
  await pressReviewStart(page);
  const refusal = page.getByTestId('review-start-refusal');
  const reasons = refusal.locator('.ant-list-item');
  await reasons.first().waitFor();
  assert.deepEqual((await reasons.allTextContents()).slice(1), ['1 个题块未设置阅卷老师（第41题）']);
  assert.equal(await page.getByTestId('review-force-start').count(), 0);
  await shot(page, 'journey-01-start-refused');
  await page.getByRole('button', { name: '知道了' }).click();

  // the fix: two markers and a leader on 阅卷分配
  const [leader, a, b] = [
    await candidate(page, subjectId, LEADER),
    await candidate(page, subjectId, MARKER_A),
    await candidate(page, subjectId, MARKER_B),
  ];
  await row.getByRole('link', { name: '化学' }).click();
  await waitForPath(page, `/book/subject/${subjectId}`);
  await page.getByTestId('to-task-setting').click();
  const block = page.getByTestId('block-第41题');
  await block.getByRole('button', { name: '设置阅卷老师' }).click();
  const modal = page.locator('.ant-modal', { hasText: '设置阅卷老师 · 第41题' });
  await pickCandidate(page, 'pick-markers', a.name);
  await pickCandidate(page, 'pick-markers', b.name);
  await pickCandidate(page, 'pick-leaders', leader.name);
  await modal.getByRole('button', { name: /^保\s?存$/ }).click();
  await modal.waitFor({ state: 'hidden' });
  await block.locator('.ant-table-row', { hasText: b.name }).waitFor();
  await shot(page, 'journey-02-markers-assigned');

  // only unfinished scanning is left: 仍然开始
  await page.goto(`${APP}/book/exam/${examId}/startReviewManage`);
  await pressReviewStart(page);
  await page.getByText('仍然开始阅卷？').waitFor();
  assert.equal(await reasons.count(), 1);
  await shot(page, 'journey-03-start-override');
  await page.getByTestId('review-force-start').click();
  await row.getByText('阅卷中').waitFor();
  await shot(page, 'journey-04-started');

  // marker A: 问题卷 on paper 1, then 5 and 5 by keyboard; 回评 changes the last one to 6
  const pa = await signedIn(s, MARKER_A);
  await pa.goto(`${APP}/book/review/task`);
  await taskRow(pa, '第41题').getByRole('button', { name: '开始阅卷' }).click();
  await waitForPath(pa, `/book/subject/${subjectId}/mark/${blockId}/normal/1`);
  await pa.getByTestId('mark-image').first().waitFor();
  await shot(pa, 'journey-05-marker-a');
  await pa.getByRole('button', { name: '问题卷' }).click();
  const problem = pa.getByRole('dialog');
  await problem.getByText('图像不清').click();
  await problem.locator('textarea').fill('字迹太淡，看不清');
  await shot(pa, 'journey-06-problem');
  await pa.getByRole('button', { name: '提交问题卷' }).click();
  await problem.waitFor({ state: 'hidden' });
  await keyScore(pa, 5, 1);
  await keyScore(pa, 5, 2);
  await pa.getByText('本题块暂无可阅试卷').waitFor();
  await shot(pa, 'journey-07-marker-a-empty');
  await pa.goto(`${APP}/book/review/again/${blockId}`);
  // newest first: paper 3
  await pa.getByRole('cell', { name: '41：5' }).first().click();
  await pa.getByTestId('review-paper').waitFor();
  await pa.getByTestId('box-41').getByRole('button', { name: '6', exact: true }).click();
  await pa.getByRole('button', { name: '修改分数' }).click();
  await pa.getByText('分数已修改').waitFor();
  await pa.getByRole('cell', { name: '41：6' }).waitFor();
  await shot(pa, 'journey-08-review-again');

  // marker B: 7, 6, 9 by keyboard
  const pb = await signedIn(s, MARKER_B);
  await pb.goto(`${APP}/book/review/task`);
  await taskRow(pb, '第41题').getByRole('button', { name: '开始阅卷' }).click();
  await waitForPath(pb, `/book/subject/${subjectId}/mark/${blockId}/normal/1`);
  await keyScore(pb, 7, 1);
  await keyScore(pb, 6, 2);
  await shot(pb, 'journey-09-marker-b');
  await keyScore(pb, 9, 3);
  await pb.getByText('本题块暂无可阅试卷').waitFor();

  // 阅卷完成 is refused while the arbitration and the 问题卷 wait
  await page.goto(`${APP}/book/exam/${examId}/startReviewManage`);
  await row.getByRole('button', { name: '阅卷完成' }).click();
  const notYet = page.locator('.ant-modal-confirm', { hasText: '还不能完成阅卷' });
  await notYet.getByText('还有 0 份未阅、1 份待仲裁、1 份问题卷未处理。').waitFor();
  await shot(page, 'journey-10-done-refused');
  await notYet.getByRole('button', { name: '知道了' }).click();

  // the leader: review/task shows the block with 仲裁 and the way to 题块管理
  const pl = await signedIn(s, LEADER);
  await pl.goto(`${APP}/book/review/task`);
  const leadRow = taskRow(pl, '第41题');
  await leadRow.getByText('仲裁（1）').waitFor();
  await shot(pl, 'journey-11-leader-tasks');
  await leadRow.getByText('仲裁（1）').click();
  await waitForPath(pl, `/book/subject/${subjectId}/mark/${blockId}/arbitration/1`);
  const given = pl.getByTestId('given-marks');
  await given.getByText(a.name).waitFor();
  await given.getByText(b.name).waitFor();
  await shot(pl, 'journey-12-arbitration');
  await keyScore(pl, 8, 1);

  // the 问题卷, scored on the block page
  await pl.goto(`${APP}/book/review/task`);
  await taskRow(pl, '第41题').getByTestId(`lead-block-${blockId}`).click();
  await waitForPath(pl, `/book/subject/${subjectId}/overview/block/${blockId}`);
  await pl.getByRole('tab', { name: /问题卷/ }).click();
  const panel = pl.getByTestId('problem-panel');
  await panel.getByText('字迹太淡，看不清').waitFor();
  await shot(pl, 'journey-13-problem');
  await panel.getByTestId('problem-score').click();
  await pl.getByTestId('score-dialog').getByTestId('score-41').getByText('7', { exact: true }).click();
  await pl.getByTestId('score-submit').click();
  await pl.getByText('问题卷已处理').waitFor();

  // done/check has nothing left: 阅卷完成
  await page.reload();
  await row.getByRole('button', { name: '阅卷完成' }).click();
  const confirm = page.locator('.ant-modal-confirm', { hasText: '所有试卷均已阅完' });
  await confirm.waitFor();
  await shot(page, 'journey-14-done-confirm');
  await confirm.getByRole('button', { name: '阅卷完成' }).click();
  await row.locator('.ant-tag', { hasText: '阅卷完成' }).waitFor();
  await shot(page, 'journey-15-done');

  // the manager: 阅卷进度 → 题块管理 → 打回's list of marker B → each student's paper and its final score
  await page.goto(`${APP}/book/subject/${subjectId}`);
  await page.getByRole('link', { name: '阅卷进度' }).click();
  await page.getByTestId('subject-progress').getByText('题块管理').click();
  await waitForPath(page, `/book/subject/${subjectId}/overview/block/${blockId}`);
  await page.getByRole('tab', { name: '打回' }).click();
  await page.getByTestId('remark-marker').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: b.name }).click();
  const list = page.getByTestId('remark-list');
  await list.locator('.ant-table-row').nth(2).waitFor();
  const finals: string[] = [];
  for (let i = 0; i < 3; i++) {
    await list.getByText('查看试卷').nth(i).click();
    const marks = page.getByTestId('paper-marks');
    const final = marks.locator('.ant-tag', { hasText: '最终' });
    await final.waitFor();
    finals.push(((await final.textContent()) ?? '').replace(/\s/g, ''));
    // paper 3 (newest first) keeps A's mark as changed in 回评
    if (i === 0) await marks.locator('.ant-table-row', { hasText: a.name }).getByText('41：6').waitFor();
    await shot(page, `journey-16-paper-${i + 1}`);
    await page.keyboard.press('Escape');
    await marks.waitFor({ state: 'hidden' });
  }
  // B's list is newest first: paper 3 (arbitrated), paper 2 (6 and 5 within the threshold), paper 1 (问题卷)
  assert.equal(finals[0], '最终8分·仲裁', finals.join(' | '));
  // the mean 5.5 rounded to the step 1; the problem paper: the leader's 7 in A's slot beside B's 7
  assert.equal(finals[1], '最终6分·双评', finals.join(' | '));
  assert.equal(finals[2], '最终7分·双评', finals.join(' | '));
});
