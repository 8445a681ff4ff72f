import assert from 'node:assert/strict';
import { test } from 'node:test';
import { typicalCard } from '@yj/scan-sim';
import type { ScoreSummary } from '@yj/contracts';
import { APP, call, shot, journeySession } from './lib.ts';
import { scanTwoStudents, scoreExam } from './score-lib.ts';

// 送分 / 取消此题 (issue 15): two scanned sheets are scored; on 题目设置 → 答案 a 多选 question is given to all
// with its reason, the subject is re-scored by the job and the summary follows; then it is cancelled.

const card = typicalCard();
const s = journeySession();

test('送分 and 取消此题 on 题目设置 re-score the subject', async () => {
  const { page } = s;
  // keys: 单选 A (2 分), 多选 AC (4 分; 31-34 少选 2 分, 35 按比例), 判断 对 = A (1 分)
  const { subjectId, examinees } = await scoreExam(
    page,
    card,
    { name: '2026学年送分演示考试', startDate: '2026-11-21' },
    (q) => (q.no === '35' ? { ...q, partialScore: null, partialRule: 'share' } : q),
  );

  // one: all right 60 + 20 + 5 = 85, strip 14 -> 99; two: 单选 B 0, 多选 A only: 4 × 2 + 35 share 4 × 1/2 = 2
  // -> 10, 判断 F 0, strip 9 -> 19
  await scanTwoStudents(page, card, subjectId, [examinees[0]!.kaohao, examinees[1]!.kaohao], 601);
  const summaryIs = async (max: number, min: number) => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const t = (await call<ScoreSummary>(page, 'GET', `/api/subject/${subjectId}/score/summary`)).total;
      if (t.present === 2 && t.max === max && t.min === min) return;
      if (Date.now() > deadline) assert.fail(`summary ${t.max} / ${t.min}, expected ${max} / ${min}`);
      await page.waitForTimeout(300);
    }
  };
  await summaryIs(99, 19);

  await page.goto(`${APP}/book/subject/${subjectId}/setting/question`);
  await page.getByTestId('objective-table').waitFor();
  await page.getByTestId('partial-rule-35').waitFor();
  await shot(page, 'score-special-01-partial-rule');
  await page.getByRole('tab', { name: '答案' }).click();
  await page.getByTestId('special-questions').waitFor();
  // 送分 on 31: two gets 4 instead of 2 -> 21
  await page.getByTestId('special-31').click();
  await page.getByTestId('special-reason').fill('第 31 题选项印刷有误，全体送分');
  await shot(page, 'score-special-02-confirm');
  await page.getByTestId('special-ok').click();
  await page.getByText('第 31 题已送分，正在重新计分').waitFor();
  await page.getByTestId('special-questions').getByText('第 31 题选项印刷有误，全体送分').waitFor();
  await summaryIs(99, 21);
  await shot(page, 'score-special-03-gift');

  // 取消 32: one loses 4 (95), two loses 2 (19)
  await page.getByTestId('special-32').click();
  await page.getByTestId('special-choice-cancelled').click();
  await page.getByTestId('special-reason').fill('超出考试范围');
  await page.getByTestId('special-ok').click();
  await page.getByText('第 32 题已取消，正在重新计分').waitFor();
  await summaryIs(95, 19);
  await shot(page, 'score-special-04-cancelled');
});
