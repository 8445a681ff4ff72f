import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { orderlyStudent, typicalCard, type SheetAnswers } from '@yj/scan-sim';
import type { ScoreSummary } from '@yj/contracts';
import {
  APP,
  call,
  createExamWithOneSubject,
  loginAsSchoolAdmin,
  openBrowser,
  prepareScanSubject,
  shot,
  waitForPath,
  type Session,
} from './lib.ts';

// Scores (issue 15, first part): two sheets of a fresh exam are scanned; recognition scores them by itself
// (objective from the key, the 先阅后扫 strip as the subjective score), and the three score screens show it.

const card = typicalCard();
const strip = card.pages[1]!.scoreBoxes[0]!;
let s: Session;

/** Answers 1-30 单选, 31-35 多选, 36-40 判断 (T/F), all the same per kind. */
const answer = (single: string, multi: string[], tf: string) => (a: SheetAnswers) => {
  for (let i = 1; i <= 40; i++) a.objective[String(i)] = i <= 30 ? [single] : i <= 35 ? multi : [tf];
};

before(async () => {
  s = await openBrowser();
});
after(async () => {
  await s.close();
  for (const e of s.errors) console.log(`console error: ${e.slice(0, 300)}`);
  assert.deepEqual(s.errors, [], 'no console errors');
});

test('recognised sheets are scored; summary, per-student scores and the checks show it', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const exam = await createExamWithOneSubject(page, {
    name: '2026学年成绩演示考试',
    startDate: '2026-11-20',
    course: '数学',
    fullScore: 150,
  });
  const { subjectId } = exam;
  const examinees = await prepareScanSubject(page, exam, card);
  // keys: 单选 A (2 分), 多选 AC (4 分, 少选 2 分), 判断 对 = A (1 分): 60 + 20 + 5 = 85
  const questions = Array.from({ length: 40 }, (_, i) => {
    const no = String(i + 1);
    if (i < 30) return { no, kind: 'single', options: 4, score: 2, answer: 'A' };
    if (i < 35) return { no, kind: 'multi', options: 5, score: 4, answer: 'AC', partialScore: 2 };
    return { no, kind: 'trueFalse', options: 2, score: 1, answer: 'A' };
  });
  await call(page, 'POST', `/api/api/subject/${subjectId}/setting/questions/objective`, { questions });

  // first: all right (85) and the strip 14 -> 99; second: 单选 B (0), 多选 A only (5 × 2 = 10), 判断 F (0) and 9 -> 19
  const dir = mkdtempSync(path.join(tmpdir(), 'yj-e2e-score-'));
  const [k1, k2] = [examinees[0]!.kaohao, examinees[1]!.kaohao];
  const one = await orderlyStudent(card, 501, k1, {
    front: answer('A', ['A', 'C'], 'T'),
    back: (b) => (b.scores[strip.name] = 14),
  });
  const two = await orderlyStudent(card, 502, k2, {
    front: answer('B', ['A'], 'F'),
    back: (b) => (b.scores[strip.name] = 9),
  });
  const files = [one.front, one.back, two.front, two.back].map((x, i) => {
    const f = path.join(dir, `${i + 1}.jpg`);
    writeFileSync(f, x.jpeg);
    return f;
  });
  await page.goto(`${APP}/book/subject/${subjectId}/answerCard`);
  await page.getByTestId('scan-upload').waitFor();
  await page.locator('input[type=file]').setInputFiles(files);
  await page.getByTestId('scan-send').click();
  await page.getByTestId('scan-upload-done').waitFor();
  // scored as each sheet is recognised: no recompute asked for
  const deadline = Date.now() + 90_000;
  let summary = await call<ScoreSummary>(page, 'GET', `/api/subject/${subjectId}/score/summary`);
  while (summary.total.present < 2 && Date.now() < deadline) {
    await page.waitForTimeout(500);
    summary = await call<ScoreSummary>(page, 'GET', `/api/subject/${subjectId}/score/summary`);
  }
  assert.equal(summary.total.present, 2);
  assert.deepEqual([summary.total.max, summary.total.min, summary.total.mean], [99, 19, 59]);

  // subject → 成绩 (summary by default)
  await page.goto(`${APP}/book/subject/${subjectId}`);
  await page.getByTestId('to-score').click();
  await waitForPath(page, `/book/subject/${subjectId}/score`);
  await page.getByTestId('score-summary').getByText('平均分').first().waitFor();
  await page
    .getByTestId('score-summary')
    .locator('.ant-table-row', { hasText: '全部' })
    .getByText('59')
    .waitFor();
  await shot(page, 'score-01-summary');

  await page.getByRole('tab', { name: '学生成绩' }).click();
  await waitForPath(page, `/book/subject/${subjectId}/score/stuScore`);
  const rowOne = page.getByTestId('stu-score').locator('.ant-table-row', { hasText: k1 });
  await rowOne.getByText('99').waitFor();
  await page.getByLabel('搜索姓名或考号').fill(k2);
  await page.getByLabel('搜索姓名或考号').press('Enter');
  await page.getByTestId('stu-score').getByText('共 1 名考生').waitFor();
  await page.getByTestId('stu-score').locator('.ant-table-row', { hasText: k2 }).getByText('19').waitFor();
  await page.getByLabel('搜索姓名或考号').fill('');
  await page.getByLabel('搜索姓名或考号').press('Enter');
  await rowOne.waitFor();
  await shot(page, 'score-02-students');

  // the others of the class were never scanned nor marked absent: that stops publishing
  await page.getByRole('tab', { name: '成绩核查' }).click();
  await waitForPath(page, `/book/subject/${subjectId}/score/scoreCheck`);
  await page
    .getByTestId('blocker-missing')
    .getByText(`无答题卡且未登记缺考的考生：${examinees.length - 2}`)
    .waitFor();
  await shot(page, 'score-03-check');

  // an adjustment with its reason: the second student's question 1, 0 -> 2, total 19 -> 21
  await page.getByRole('tab', { name: '学生成绩' }).click();
  await page.getByTestId(`adjust-${k2}`).click();
  await page.getByLabel('题号').click();
  await page.locator('.ant-select-item-option', { hasText: '第 1 题（' }).click();
  await page.getByLabel('调整后分数').fill('2');
  await page.getByLabel('调整原因').fill('复核后加分');
  await shot(page, 'score-04-adjust');
  await page.getByRole('button', { name: '确认调整' }).click();
  await page.getByText('第 1 题已调整为 2 分，总分 21').waitFor();
  await page
    .getByTestId('stu-score')
    .locator('.ant-table-row', { hasText: k2 })
    .getByText('21')
    .first()
    .waitFor();
  await page.getByRole('tab', { name: '调整记录' }).click();
  await waitForPath(page, `/book/subject/${subjectId}/score/adjust/checkdetail`);
  await page.getByTestId('score-adjustments').getByText('复核后加分').waitFor();
  await shot(page, 'score-05-adjustments');

  await page.getByTestId('score-recompute').click();
  await page.getByText(`已重新计算 ${examinees.length} 名考生的成绩`).waitFor();
});
