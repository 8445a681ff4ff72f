import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator } from 'playwright-core';
import {
  APP,
  call,
  createExamWithOneSubject,
  loginAsSchoolAdmin,
  shot,
  waitForPath,
  journeySession,
} from './lib.ts';
import { pressReviewStart } from './marking-lib.ts';

// 开始阅卷 (issue 13, the subject lifecycle): the manager opens 阅卷管理 from the exam, presses 开始阅卷 and is
// refused with the reasons and their counts; once the only reason left is scanning not confirmed finished,
// 仍然开始 starts marking anyway and the subject shows 阅卷中, with 暂停 / 阅卷完成 offered on its detail page.
// A fresh exam of its own, so no other spec's subject changes.

const s = journeySession();

const objective = (score: number) => ({
  questions: Array.from({ length: 5 }, (_, i) => ({ no: String(i + 1), kind: 'single', options: 4, score })),
});

/** The button texts of a row (antd spaces out a two-character label: 暂 停). */
const buttons = async (row: Locator) =>
  (await row.getByRole('button').allTextContents()).map((t) => t.replace(/\s/g, ''));

const pressStart = pressReviewStart;

test('the manager is told why marking cannot start, then starts it over unfinished scanning', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const { examId, subjectId } = await createExamWithOneSubject(page, {
    name: '2026学年开始阅卷演示考试',
    startDate: '2026-11-26',
    course: '物理',
    fullScore: 100,
  });
  await call(page, 'POST', `/api/api/subject/${subjectId}/setting/questions/objective`, objective(4));
  await call(page, 'POST', `/api/api/subject/${subjectId}/setting/questions/subjective`, {
    questions: [{ no: '6', score: 80 }],
  });

  await page.goto(`${APP}/book/exam/${examId}`);
  await page.getByTestId('exam-quick-links').getByRole('link', { name: '阅卷管理' }).click();
  await waitForPath(page, `/book/exam/${examId}/startReviewManage`);
  const row = page.getByTestId('review-manage').locator('.ant-table-row', { hasText: '物理' });
  await row.getByText('设置中').waitFor();
  // 设置中 offers 开始阅卷 only
  assert.deepEqual(await buttons(row), ['设置', '开始阅卷']);
  await shot(page, 'review-start-manage');

  // 定时: a start time a week ahead, kept on the subject and shown in its row
  const later = new Date(Date.now() + 7 * 86_400_000);
  const day = `${later.getFullYear()}-${String(later.getMonth() + 1).padStart(2, '0')}-${String(later.getDate()).padStart(2, '0')}`;
  await row.getByTestId('review-schedule').click();
  const dialog = page.locator('.ant-modal', { hasText: '定时阅卷：物理' });
  await dialog.getByLabel('开始阅卷时间').fill(`${day} 08:00`);
  await dialog.getByLabel('开始阅卷时间').press('Enter');
  await shot(page, 'review-start-schedule');
  await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
  await dialog.waitFor({ state: 'hidden' });
  await row.getByText(/08:00 开始/).waitFor();

  await pressStart(page);
  const refusal = page.getByTestId('review-start-refusal');
  await refusal.waitFor();
  const reasons = await refusal.locator('.ant-list-item').allTextContents();
  assert.equal(reasons.length, 2, reasons.join(' | '));
  assert.match(reasons[0]!, /^1 所学校未确认扫描完成（.+），共 0 名考生未扫描$/);
  assert.equal(reasons[1], '1 道主观题未划入题块（第 6 题）');
  // with another reason left, starting anyway is not offered
  assert.equal(await page.getByTestId('review-force-start').count(), 0);
  await shot(page, 'review-start-refused');
  await page.getByRole('button', { name: '知道了' }).click();
  await refusal.waitFor({ state: 'hidden' });

  // the paper becomes objective only: scanning is the one reason left
  await call(page, 'POST', `/api/api/subject/${subjectId}/setting/questions/subjective`, { questions: [] });
  await call(page, 'POST', `/api/api/subject/${subjectId}/setting/questions/objective`, objective(20));
  await pressStart(page);
  await refusal.waitFor();
  assert.equal(await refusal.locator('.ant-list-item').count(), 1);
  await page.getByText('仍然开始阅卷？').waitFor();
  await shot(page, 'review-start-override');
  await page.getByTestId('review-force-start').click();
  await row.getByText('阅卷中').waitFor();
  assert.deepEqual(await buttons(row), ['设置', '暂停', '阅卷完成']);
  // starting by hand makes the start time moot
  await row.getByText('未设置').waitFor();
  await shot(page, 'review-start-started');

  // the subject's own page shows the step and the same transitions
  await row.getByRole('link', { name: '物理' }).click();
  await waitForPath(page, `/book/subject/${subjectId}`);
  const progress = page.locator('.ant-card', { hasText: '科目进度' });
  await progress.getByText('当前状态：阅卷中').waitFor();
  await progress.getByTestId('review-reviewPause').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /^暂\s?停$/ })
    .click();
  await progress.getByText('当前状态：已暂停').waitFor();
  await progress.getByTestId('review-reviewResume').waitFor();
  await shot(page, 'review-subject-paused');
});
