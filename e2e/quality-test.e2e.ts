import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import { typicalCard } from '@yj/scan-sim';
import { qualityTestReportTable, type QualityTestProgress, type QualityTestReport } from '@yj/contracts';
import { APP, call, loginAsSchoolAdmin, shot, waitForPath, journeySession } from './lib.ts';
import { candidate, keyScore, myCount, oneBlockScene, signedIn, taskRow } from './marking-lib.ts';

// 质检 (issue 14): a fresh subject of 8 scanned papers, block 第41题 (10 points) with one marker and a leader. A
// trial paper gets the leader's reference 7 and is kept as a 标准卷. The leader sets the block on
// setting/qualitytest: a 标准卷 after every 3 real marks, the marker's own paper again after every 6, 50 % spot
// checks, a limit of 1 point. The marker marks every paper 6 on the real marking screen and meets the 标准卷 and
// the paper sent again without any sign (10 papers on the count, 10 in 回评). The leader spot checks one paper
// blind with 4 (+2, over the limit) and sends it back; progress2 and the report show the deviations (标准卷 −1,
// 自评 0, 抽查 +2) and the Excel download holds the rows of the report table.

const card = typicalCard();
// Not JOURNEY_ACCOUNTS (16–20): their passwords change. 12 and 13 lead and mark in other journeys' exams too,
// which never change their sign-in; this journey makes its own exam.
const LEADER = '13800000012';
const MARKER = '13800000013';
const EXAM = '2026学年质检抽查演示考试';

const s = journeySession();

test('质检: settings, hidden papers the marker cannot tell, a blind spot check, progress2, report and Excel', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const { subjectId, blockId } = await oneBlockScene(page, card, {
    name: EXAM,
    startDate: '2026-11-30',
    course: '地理',
    score: 10,
    scanned: 8,
    seed: 900,
  });
  const [leader, marker] = await Promise.all([LEADER, MARKER].map((p) => candidate(page, subjectId, p)));
  await call(page, 'POST', `/api/subject/${subjectId}/setting/task/${blockId}`, {
    markers: [{ userId: marker!.userId }],
    leaders: [leader!.userId],
  });
  // one trial paper, then real marking; the leader's reference 7 keeps it as a 标准卷
  await call(page, 'POST', `/api/subject/${subjectId}/trial/block/${blockId}/papers`, {
    mode: 'random',
    count: 1,
  });
  await call(page, 'GET', `/api/subject/${subjectId}/review/start?force=1`);
  const pl = await signedIn(s, LEADER);
  const trial = await call<{ papers: Array<{ trialPaperId: number }> }>(
    pl,
    'GET',
    `/api/marking/trial/block/${blockId}/papers`,
  );
  const trialPaperId = trial.papers[0]!.trialPaperId;
  await call(pl, 'POST', `/api/marking/trial/paper/${trialPaperId}/reference`, {
    scores: [{ no: '41', score: 7 }],
  });
  await call(pl, 'POST', `/api/marking/trial/paper/${trialPaperId}/sample`, { keep: true, kind: 'standard' });

  // setting/qualitytest: the leader sets the block's rates and limit, saved and read back
  await pl.goto(`${APP}/book/subject/${subjectId}/setting/qualitytest`);
  const set = pl.getByTestId('quality-test-setting');
  await set.getByText('标准卷 1 份').waitFor();
  await set.getByLabel('第41题标准卷频率').fill('3');
  await set.getByLabel('第41题自评频率').fill('6');
  await set.getByLabel('第41题抽查比例').fill('50');
  await set.getByLabel('第41题偏差上限').fill('1');
  await shot(pl, 'quality-test-01-setting');
  await set.getByRole('button', { name: /^保\s?存$/ }).click();
  await pl.getByText('质检设置已保存').waitFor();
  await pl.reload();
  await set.getByText('标准卷 1 份').waitFor();
  assert.equal(await set.getByLabel('第41题自评频率').inputValue(), '6');
  assert.equal(await set.getByLabel('第41题抽查比例').inputValue(), '50');
  await shot(pl, 'quality-test-02-setting-saved');

  // progress2 before anyone marked
  await pl.goto(`${APP}/book/quality-test/progress2?subjectId=${subjectId}`);
  const progress = pl.getByTestId('quality-test-progress');
  await progress.getByText('每 3 份插入 1 份标准卷').waitFor();
  await progress.getByText('阅卷老师').first().waitFor();
  await shot(pl, 'quality-test-03-progress-empty');

  // the marker: 8 papers of the pool, the 标准卷 and one of their own papers again — 10 alike, every one 6
  const pm = await signedIn(s, MARKER);
  await pm.goto(`${APP}/book/review/task`);
  await taskRow(pm, EXAM, '第41题').getByRole('button', { name: '开始阅卷' }).click();
  await waitForPath(pm, `/book/subject/${subjectId}/mark/${blockId}/normal/1`);
  await myCount(pm, 0);
  for (let i = 1; i <= 10; i++) {
    await keyScore(pm, 6, i);
    if (i === 4) await shot(pm, 'quality-test-04-marking');
  }
  await pm.getByText('本题块暂无可阅试卷').waitFor();
  // 回评 lists all ten like any papers
  await pm.goto(`${APP}/book/review/again/${blockId}`);
  await pm.getByRole('cell', { name: '41：6' }).nth(9).waitFor();
  assert.equal(await pm.getByRole('cell', { name: '41：6' }).count(), 10);
  await shot(pm, 'quality-test-05-review-again');
  // behind the screen: exactly one 标准卷 and one paper sent again were among them
  const p2 = await call<QualityTestProgress>(pl, 'GET', `/api/subject/${subjectId}/quality-test/progress`);
  const m = p2.blocks[0]!.markers[0]!;
  assert.deepEqual([m.done, m.standard.n, m.self.n], [8, 1, 1]);

  // the leader's blind spot check from progress2: no score of the marker until the leader's own is in
  await progress.getByRole('button', { name: /^抽\s?查$/ }).click();
  await waitForPath(pl, `/book/quality-test/spot`);
  const spot = pl.getByTestId('spot-check');
  await spot.getByRole('cell', { name: '4', exact: true }).waitFor();
  await shot(pl, 'quality-test-06-spot-list');
  await spot.getByRole('button', { name: '抽查下一份' }).click();
  const taskCard = pl.getByTestId('spot-task');
  await taskCard.getByText('抽查：').waitFor();
  await taskCard
    .locator('img')
    .evaluate((img: HTMLImageElement) =>
      img.complete && img.naturalWidth > 0
        ? undefined
        : new Promise((ok) => img.addEventListener('load', ok, { once: true })),
    );
  // blind: nothing of the marker's mark on the card
  assert.equal(await taskCard.getByText('原评分', { exact: true }).count(), 0);
  assert.doesNotMatch(await taskCard.innerText(), /\b6 分/);
  await taskCard.getByLabel('第 41 题抽查分').fill('4');
  await shot(pl, 'quality-test-07-spot-blind');
  await taskCard.getByRole('button', { name: '提交抽查分' }).click();
  const result = pl.getByTestId('spot-result');
  await result.getByText('+2 分，超过上限').waitFor();
  await result.getByText(/^6 分/).waitFor();
  await shot(pl, 'quality-test-08-spot-result');
  await result.getByRole('button', { name: '打回重评' }).click();
  await pl
    .locator('.ant-popover')
    .getByRole('button', { name: /打\s?回/ })
    .click();
  await pl.getByText('已打回，这份试卷将由其他老师重评').waitFor();

  // progress2: the deviations per kind, over the limit
  await pl.goto(`${APP}/book/quality-test/progress2?subjectId=${subjectId}`);
  const row = progress.locator('.ant-table-row', { hasText: marker!.name });
  await row.getByText('1 份 · 平均偏差 -1（绝对 1）').waitFor();
  await row.getByText('1 份 · 平均偏差 0（绝对 0）').waitFor();
  await row.getByText('1 份 · 平均偏差 +2（绝对 2）').waitFor();
  await row.getByText('偏差超限').waitFor();
  await shot(pl, 'quality-test-09-progress');

  // the report, its drift chart, and the Excel holding the rows of the table
  await progress.getByRole('button', { name: '质检报告' }).click();
  await waitForPath(pl, `/book/quality-test/report`);
  const report = pl.getByTestId('quality-test-report');
  const table = pl.getByTestId('quality-test-report-table');
  await table.locator('.ant-table-row', { hasText: marker!.name }).waitFor();
  await pl.getByTestId('drift-chart').locator('canvas').waitFor();
  await shot(pl, 'quality-test-10-report');
  const r = await call<QualityTestReport>(pl, 'GET', `/api/marking/block/${blockId}/quality-test/report`);
  const expected = qualityTestReportTable(r);
  const cells = await table
    .locator('.ant-table-row')
    .first()
    .locator('td')
    .evaluateAll((tds) => tds.map((td) => td.textContent ?? ''));
  assert.deepEqual(cells, expected.rows[0]!.map(String));
  const [download] = await Promise.all([
    pl.waitForEvent('download'),
    report.getByRole('button', { name: '导出 Excel' }).click(),
  ]);
  assert.match(download.suggestedFilename(), /第41题质检报告\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync((await download.path())!) as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0]!;
  const sheet: unknown[][] = [];
  for (let i = 1; i <= ws.rowCount; i++)
    sheet.push(expected.headers.map((_, j) => ws.getRow(i).getCell(j + 1).value ?? ''));
  assert.deepEqual(sheet, [expected.headers, ...expected.rows]);
  // 甲's figures: 标准卷 −1, 自评 0, 抽查 +2
  assert.deepEqual(
    [r.markers[0]!.standard.meanDiff, r.markers[0]!.self.meanDiff, r.markers[0]!.spot.meanDiff],
    [-1, 0, 2],
  );
});
