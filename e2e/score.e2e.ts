import assert from 'node:assert/strict';
import { test } from 'node:test';
import { typicalCard } from '@yj/scan-sim';
import type { ScoreSummary } from '@yj/contracts';
import { APP, call, shot, waitForPath, journeySession } from './lib.ts';
import { scanTwoStudents, scoreExam } from './score-lib.ts';

// Scores (issue 15, first part): two sheets of a fresh exam are scanned; recognition scores them by itself
// (objective from the key, the 先阅后扫 strip as the subjective score), and the three score screens show it.

const card = typicalCard();
const s = journeySession();

test('recognised sheets are scored; summary, per-student scores and the checks show it', async () => {
  const { page } = s;
  // keys: 单选 A (2 分), 多选 AC (4 分, 少选 2 分), 判断 对 = A (1 分): 60 + 20 + 5 = 85
  const { subjectId, examinees } = await scoreExam(page, card, {
    name: '2026学年成绩演示考试',
    startDate: '2026-11-20',
  });

  // first: all right (85) and the strip 14 -> 99; second: 单选 B (0), 多选 A only (5 × 2 = 10), 判断 F (0) and 9 -> 19
  const [k1, k2] = [examinees[0]!.kaohao, examinees[1]!.kaohao];
  await scanTwoStudents(page, card, subjectId, [k1, k2], 501);
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

  // 考号调整: the second sheet belonged to the third student (exam number fixed late): its marks and the
  // adjustment follow it, 21 for the third student, none for the second
  const k3 = examinees[2]!.kaohao;
  await page.getByRole('tab', { name: '学生成绩' }).click();
  await page.getByTestId(`kaohao-${k2}`).click();
  await waitForPath(page, `/book/subject/${subjectId}/score/adjust/kaohao`);
  await page.getByTestId('kaohao-move').getByText('还没有调整过考号').waitFor();
  assert.equal(await page.getByLabel('当前考号').inputValue(), k2);
  await page.getByLabel('正确考号').fill(k3);
  await page.getByLabel('调整原因').fill('考号填涂错误');
  await page.getByRole('button', { name: '核对并调整' }).click();
  const confirm = page.getByTestId('kaohao-confirm');
  await confirm.getByText(`移给 ${examinees[2]!.name}（${k3}`).waitFor();
  await confirm.getByText(`将 ${examinees[1]!.name}（${k2}`).waitFor();
  await shot(page, 'score-06-kaohao-confirm');
  await page.getByRole('dialog').getByRole('button', { name: '确认调整' }).click();
  await page.getByText(`答题卡已移给 ${examinees[2]!.name}（${k3}），总分 21`).waitFor();
  await page.getByTestId('kaohao-move').getByText('考号调整记录：1 条').waitFor();
  await page.getByTestId('kaohao-move').locator('.ant-table-row', { hasText: '考号填涂错误' }).waitFor();
  await shot(page, 'score-07-kaohao');
  await page.getByRole('tab', { name: '学生成绩' }).click();
  await page
    .getByTestId('stu-score')
    .locator('.ant-table-row', { hasText: k3 })
    .getByText('21')
    .first()
    .waitFor();
});
