import assert from 'node:assert/strict';
import { test } from 'node:test';
import { typicalCard } from '@yj/scan-sim';
import { APP, call, loginAsSchoolAdmin, shot, journeySession } from './lib.ts';
import { assignMarkers, oneBlockScene, signedIn } from './marking-lib.ts';

// 重置阅卷 (issue 14, spec §2 resetting): a fresh subject is scanned and marked by two markers; the school
// admin (the subject's manager) resets marker A's marks from the block page after seeing how many go, then
// sees what a reset of the whole block would discard.

const card = typicalCard();
/** demo teachers no other spec signs in as */
const MARKER_A = '13800000007';
const MARKER_B = '13800000009';

const s = journeySession();

interface Progress {
  tasks: { submitted: number; pending: number };
}

test('a manager resets one marker’s marks after seeing the counts', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const { subjectId, blockId } = await oneBlockScene(page, card, {
    name: '2026学年重置阅卷演示考试',
    startDate: '2026-11-28',
    course: '物理',
    score: 10,
    scanned: 3,
    seed: 300,
  });
  const [a] = (await assignMarkers(page, subjectId, blockId, [MARKER_A, MARKER_B])).markers;
  await call(page, 'GET', `/api/subject/${subjectId}/review/start?force=1`);

  // marker A marks two papers, marker B one
  for (const [account, scores] of [
    [MARKER_A, [6, 7]],
    [MARKER_B, [5]],
  ] as const) {
    const m = await signedIn(s, account);
    const tasks = await call<Array<{ taskId: number; leaseToken: string }>>(
      m,
      'POST',
      `/api/marking/block/${blockId}/claim`,
      { type: 'normal', count: scores.length },
    );
    for (const [i, t] of tasks.entries())
      await call(m, 'POST', `/api/marking/task/${t.taskId}/submit`, {
        leaseToken: t.leaseToken,
        scores: [{ no: '41', score: scores[i]! }],
      });
  }

  // the block page: 重置阅卷, one marker, the counts, a reason and the acknowledgement
  await page.goto(`${APP}/book/subject/${subjectId}/overview/block/${blockId}`);
  await page.getByTestId('reset-open').click();
  const modal = page.getByTestId('reset-modal');
  await modal.getByText('只重置一位老师的评分').click();
  await modal.getByTestId('reset-marker').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: a!.name }).click();
  const counts = modal.getByTestId('reset-counts');
  await counts.getByText('2 份').first().waitFor();
  await modal.getByTestId('reset-reason').fill('评分标准理解有误，重新评阅');
  await modal.getByTestId('reset-sure').check();
  await shot(page, 'reset-01-one-marker');
  await page.getByRole('button', { name: '确认重置' }).click();
  await page.getByText('已重置：2 份评分作废，2 份试卷回到任务池重新评阅').waitFor();

  const p = await call<Progress>(page, 'GET', `/api/marking/block/${blockId}/progress`);
  assert.equal(p.tasks.submitted, 1, 'marker B’s mark stays');
  assert.equal(p.tasks.pending, 2, 'marker A’s papers are in the pool again');

  // the whole block: only marker B's mark is left to discard
  await page.getByTestId('reset-open').click();
  await page.getByTestId('reset-counts').getByText('1 份').first().waitFor();
  await shot(page, 'reset-02-all');
  await page.getByRole('button', { name: /^取\s?消$/ }).click();
});
