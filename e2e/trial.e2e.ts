import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { typicalCard } from '@yj/scan-sim';
import { APP, call, loginAsSchoolAdmin, shot, waitForPath, journeySession } from './lib.ts';
import {
  pressReviewStart,
  signedIn,
  keyScore,
  myCount,
  taskRow as rowOf,
  subjectScene,
} from './marking-lib.ts';

// 试评 (issue 14), on the real server: the manager picks two of three scanned papers for block 第41题 and
// starts the trial; markers A and B mark both on the normal marking screen (A: 6 and 8, B: 9 and 9). The
// leader gives references 7 and 8 with a comment and sees the deviations (A −1 and 0, mean −0.50; B +2 and
// +1, mean +1.50), keeps paper 1 as a 样卷, which marker A opens beside the marking standard. The manager
// rolls the trial back (its four marks deleted) and starts real marking: marker A starts from clean tasks,
// with the 样卷 still there. Paper 2 was kept as a 标准卷 (reference 8) at one per real mark: it comes in
// marker A's stream unmarked as such, and its mark is stored apart — every paper's score is its real mark.

const EXAM = '2026学年试评演示考试';
const card = typicalCard();
const box41 = card.pages[0]!.subjective[0]!;
const LEADER = '13800000010';
const MARKER_A = '13800000015';
const MARKER_B = '13800000021';

const s = journeySession();

const taskRow = (page: Page, blockName: string) => rowOf(page, EXAM, blockName);

/** A marker marks both trial papers from review/task with the keyboard. */
async function trialMarks(
  account: string,
  blockId: number,
  subjectId: number,
  scores: number[],
  name: string,
) {
  const p = await signedIn(s, account);
  await p.goto(`${APP}/book/review/task`);
  await taskRow(p, '第41题').getByTestId(`trial-mark-${blockId}`).click();
  await waitForPath(p, `/book/subject/${subjectId}/mark/${blockId}/trial/1`);
  await p.getByTestId('marking-screen').getByText('试评', { exact: true }).waitFor();
  await p.getByTestId('mark-image').first().waitFor();
  await shot(p, `trial-${name}-marking`);
  if (name === 'a') {
    // 原卷与答案 of a 试评 paper, in a tab of its own: the block's answers beside the whole page
    const [tab] = await Promise.all([p.context().waitForEvent('page'), p.getByTestId('origin-open').click()]);
    await tab.waitForURL('**/book/originPicAndAnswer?taskId=*&kind=trial');
    await tab
      .getByTestId('standard')
      .getByText(/第 41 题/)
      .waitFor();
    await tab.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="origin-page"]');
      return Boolean(img && img.complete && img.naturalWidth > 0);
    });
    await shot(tab, 'trial-04b-origin');
    await tab.close();
  }
  for (const [i, v] of scores.entries()) await keyScore(p, v, i + 1);
  await p.getByText('本题块的试评试卷已全部阅完').waitFor();
  return p;
}

test('试评: chosen papers, marks, the leader’s references and deviations, 样卷, rollback, then clean marking', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const { examId, subjectId, blockIds, staff } = await subjectScene(page, card, {
    name: EXAM,
    startDate: '2026-11-29',
    course: '生物',
    subjective: [{ no: '41', score: 10 }],
    blocks: [{ name: '第41题', nos: ['41'], regions: [{ page: 0, ...box41.rect }] }],
    scan: { count: 3, seed: 700 },
    staff: { markers: [MARKER_A, MARKER_B], leaders: [LEADER] },
  });
  const blockId = blockIds[0]!;
  const [a, b] = [staff.markers[0]!, staff.markers[1]!];

  // the manager: 阅卷管理 → 试评, two papers picked, the trial started
  await page.goto(`${APP}/book/exam/${examId}/startReviewManage`);
  await page.getByTestId(`trial-link-${subjectId}`).click();
  await waitForPath(page, `/book/subject/${subjectId}/trial`);
  const manage = page.getByTestId('trial-manage');
  await manage.getByTestId('trial-status').getByText('设置中').waitFor();
  await manage.getByText('本科目可阅试卷 3 份').waitFor();
  await shot(page, 'trial-01-manage');
  await page.getByTestId(`trial-pick-${blockId}`).click();
  const pick = page.locator('.ant-modal', { hasText: '选择试评试卷 · 第41题' });
  const rows = pick.locator('.ant-table-tbody .ant-table-row');
  await rows.nth(2).waitFor();
  await rows.nth(0).locator('.ant-checkbox-input').check();
  await rows.nth(1).locator('.ant-checkbox-input').check();
  await pick.getByText('已选 2 份').waitFor();
  await shot(page, 'trial-02-pick');
  await pick.getByRole('button', { name: '确定（2 份）' }).click();
  await pick.waitFor({ state: 'hidden' });
  const blockRow = manage.locator('.ant-table-row', { hasText: '第41题' });
  await blockRow.getByText('2 份').first().waitFor();
  await page.getByTestId('trial-op-start').click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.getByText('开始后各题块的阅卷老师即可').waitFor();
  await confirm.getByRole('button', { name: '开始试评' }).click();
  await manage.getByTestId('trial-status').getByText('试评中').waitFor();
  await shot(page, 'trial-03-started');

  // both markers mark both trial papers on the normal marking screen
  const pa = await trialMarks(MARKER_A, blockId, subjectId, [6, 8], 'a');
  await shot(pa, 'trial-04-a-done');
  await trialMarks(MARKER_B, blockId, subjectId, [9, 9], 'b');

  // the leader: references 7 (with a comment) and 8, deviations per paper and per marker
  const pl = await signedIn(s, LEADER);
  await pl.goto(`${APP}/book/review/task`);
  await taskRow(pl, '第41题').getByTestId(`trial-lead-${blockId}`).click();
  await waitForPath(pl, `/book/subject/${subjectId}/trial/block/${blockId}`);
  const cards = pl.getByTestId('trial-paper');
  await cards.nth(1).waitFor();
  await shot(pl, 'trial-05-lead-before');
  for (const [i, ref] of [7, 8].entries()) {
    const card = cards.nth(i);
    await card.getByLabel('第 41 题参考分').fill(String(ref));
    if (i === 0) await card.getByLabel('评语').fill('要点写全给满分，缺一个要点扣 2 分');
    await card.getByRole('button', { name: '保存参考分' }).click();
    await card.getByText(`参考分 ${ref} 分`).waitFor();
  }
  const markers = pl.getByTestId('trial-markers');
  await markers.locator(`[data-row-key="${a.userId}"]`).getByText('-0.50').waitFor();
  await markers.locator(`[data-row-key="${b.userId}"]`).getByText('+1.50').waitFor();
  const first = cards.nth(0);
  await first.locator('.ant-table-row', { hasText: a.name }).getByText('-1.0').waitFor();
  await first.locator('.ant-table-row', { hasText: b.name }).getByText('+2.0').waitFor();
  await first.getByTestId('sample-toggle').click();
  await first.getByText('样卷', { exact: true }).waitFor();
  // paper 2 becomes a 标准卷, mixed in after every real mark of a marker
  await cards.nth(1).getByTestId('standard-toggle').click();
  await cards.nth(1).getByText('标准卷', { exact: true }).waitFor();
  const standardCard = pl.getByTestId('standard-card');
  await standardCard.getByLabel('标准卷间隔份数').fill('1');
  await standardCard.getByRole('button', { name: /^保\s?存$/ }).click();
  await standardCard.getByText('当前：每阅 1 份插入 1 份标准卷；已设标准卷 1 份').waitFor();
  await shot(pl, 'trial-06-lead-references');

  // marker A opens the 样卷 beside the marking standard
  await pa.getByTestId('samples-open').click();
  const drawer = pa.locator('.ant-drawer');
  await drawer.getByTestId('sample-card').getByText('参考分 7 分').waitFor();
  await drawer.getByText('评语：要点写全给满分，缺一个要点扣 2 分').waitFor();
  await drawer
    .locator('img')
    .evaluate((img: HTMLImageElement) =>
      img.complete ? null : new Promise((r) => img.addEventListener('load', r)),
    );
  await shot(pa, 'trial-07-samples');

  // rollback: the four trial marks deleted, the subject back in 设置中
  await page.reload();
  await blockRow.getByText('4 份').waitFor();
  await page.getByTestId('trial-op-rollback').click();
  await confirm.getByText('将删除全部 4 份试评给分').waitFor();
  await shot(page, 'trial-08-rollback-confirm');
  await confirm.getByRole('button', { name: '结束试评并回到设置' }).click();
  await manage.getByTestId('trial-status').getByText('设置中').waitFor();
  const o = await call<{ blocks: Array<{ papers: number; marked: number }> }>(
    page,
    'GET',
    `/api/subject/${subjectId}/trial`,
  );
  assert.deepEqual(
    o.blocks.map((x) => [x.papers, x.marked]),
    [[0, 0]],
  );
  await shot(page, 'trial-09-rolled-back');

  // real marking starts from clean tasks: marker A has all three papers and no count; the 样卷 stays
  await page.goto(`${APP}/book/exam/${examId}/startReviewManage`);
  await pressReviewStart(page);
  await page.getByTestId('review-force-start').click();
  await page
    .getByTestId('review-manage')
    .locator('.ant-table-row', { hasText: '生物' })
    .getByText('阅卷中')
    .waitFor();
  const info = await call<{ left: number; mine: { done: number } }>(
    pa,
    'GET',
    `/api/marking/block/${blockId}/info`,
  );
  assert.equal(info.left, 3);
  assert.equal(info.mine.done, 0);
  await pa.goto(`${APP}/book/review/task`);
  await taskRow(pa, '第41题').getByRole('button', { name: '开始阅卷' }).click();
  await waitForPath(pa, `/book/subject/${subjectId}/mark/${blockId}/normal/1`);
  await myCount(pa, 0);
  // three papers and the 标准卷 somewhere among them: the marker cannot tell which, and gives 4, 5, 6, 7
  await keyScore(pa, 4, 1);
  await pa.getByTestId('samples-open').click();
  await pa.locator('.ant-drawer').getByTestId('sample-card').waitFor();
  await shot(pa, 'trial-10-real-marking');
  await pa.locator('.ant-drawer .ant-drawer-close').click();
  await pa.locator('.ant-drawer').getByTestId('sample-card').waitFor({ state: 'hidden' });
  for (const [i, v] of [5, 6, 7].entries()) await keyScore(pa, v, i + 2);
  await pa.getByText('本题块暂无可阅试卷').waitFor();

  // the 标准卷's mark is kept apart with its reference; the three papers' scores are their real marks
  const std = await call<Array<{ markerName: string; score: number; refScore: number }>>(
    pl,
    'GET',
    `/api/marking/block/${blockId}/standard/marks`,
  );
  assert.equal(std.length, 1);
  assert.equal(std[0]!.refScore, 8);
  const papers = await call<{ items: Array<{ paperId: number }> }>(
    page,
    'GET',
    `/api/subject/${subjectId}/trial/block/${blockId}/candidates?page=1&size=10`,
  );
  const finals: number[] = [];
  for (const p of papers.items) {
    const marks = await call<{ blocks: Array<{ final: { score: number } | null; slots: unknown[] }> }>(
      page,
      'GET',
      `/api/marking/paper/${p.paperId}`,
    );
    assert.equal(marks.blocks[0]!.slots.length, 1);
    finals.push(marks.blocks[0]!.final!.score);
  }
  assert.deepEqual([...finals, std[0]!.score].sort(), [4, 5, 6, 7]);
  await pl.goto(`${APP}/book/review/task`);
  await taskRow(pl, '第41题').getByTestId(`trial-lead-${blockId}`).click();
  await pl
    .getByTestId('standard-marks')
    .locator('.ant-table-row', { hasText: a.name })
    .getByText(String(std[0]!.score - 8) + '.0')
    .waitFor();
  await shot(pl, 'trial-11-standard-marks');
});
