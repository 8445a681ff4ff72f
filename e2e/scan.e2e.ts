import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { applyH, manualAnchorPoints, pageFields, type Point } from '@yj/omr';
import { blacken, coverAnchors, orderlyStudent, typicalCard, type SheetAnswers } from '@yj/scan-sim';
import {
  APP,
  call,
  createExamWithOneSubject,
  loginAsSchoolAdmin,
  shot,
  waitForPath,
  journeySession,
} from './lib.ts';

// Scanning and exception handling (issue 6): a simulated batch with planted problems is uploaded in the
// browser for a fresh exam; every problem shows on its badge and is settled on its screen; the batch ends
// with the counts at zero and the missing-student list holding exactly the students never scanned.

const EXAM = '2026学年扫描演示考试';
const card = typicalCard();
const strip = card.pages[1]!.scoreBoxes[0]!;
/** the strip's digits: 十位 (0 / 10) and 个位 (0 … 9) */
const stripDigits = pageFields(card.pages[1]!).scores[0]!.fields;

const s = journeySession();
let dir = '';
/** template → image matrix of the page whose anchors were covered */
let coveredTransform: Parameters<typeof applyH>[0];

/**
 * One student's two pages, clean, with planted edits on the front; the teacher's 打分栏 on the back reads 14.
 * `streaks`: scanned through a dirty glass (a line down both pages).
 */
const sheets = (
  seed: number,
  kaohao: string,
  edit?: (a: SheetAnswers) => void,
  streaks?: NonNullable<Parameters<typeof orderlyStudent>[3]>['streaks'],
) => orderlyStudent(card, seed, kaohao, { front: edit, back: (b) => (b.scores[strip.name] = 14), streaks });

async function badgeCount(page: Page, key: string): Promise<number> {
  return Number(await page.getByTestId(`badge-${key}`).getAttribute('data-count'));
}

async function waitBadge(page: Page, key: string, n: number): Promise<void> {
  await page.waitForFunction(
    ([k, v]) =>
      document.querySelector(`[data-testid="badge-${k}"]`)?.getAttribute('data-count') === String(v),
    [key, n] as const,
    { timeout: 60_000 },
  );
}

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'yj-e2e-scan-'));
});

test('a batch with planted problems: badges, each fixed on its screen, everyone accounted for', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);

  // a fresh exam of one class, with the simulator's card as the 物理 template
  const { examId, subjectId, schoolId, gradeId } = await createExamWithOneSubject(page, {
    name: EXAM,
    startDate: '2026-11-20',
    course: '物理',
    fullScore: 100,
  });
  const classes = await call<Array<{ id: number; name: string }>>(
    page,
    'POST',
    `/api/school/${schoolId}/banjis`,
    {
      gradeId,
    },
  );
  await call(page, 'POST', `/api/exam/${examId}/examinees/add`, {
    classIds: [classes[0]!.id],
    rule: { kind: 'sequence', prefix: '2026', digits: 4 },
    roomSize: 30,
  });
  const examinees = await call<{ total: number; items: Array<{ id: number; kaohao: string; name: string }> }>(
    page,
    'POST',
    `/api/exam/${examId}/examinees`,
    { page: 1, size: 200 },
  );
  const K = examinees.items.map((e) => e.kaohao).sort();
  assert.ok(K.length >= 8, 'the class has enough students');
  await call(page, 'POST', `/api/subject/${subjectId}/template`, { body: card });

  // the batch: six students' sheets with planted problems, named in scan order
  // a speck of dust on the scanner's glass draws a line down this student's pages: read as without it
  const clean = await sheets(200, K[0]!, undefined, [{ x: 0.41, width: 4, darkness: 0.75 }]);
  const doubleAbsent = await sheets(210, K[1]!, (a) => {
    a.objective['1'] = ['A', 'B'];
    a.absent = true;
  });
  const double = await sheets(220, K[2]!, (a) => {
    a.objective['1'] = ['A', 'B'];
  });
  const unknown = await sheets(230, '20269999');
  const duplicate = await sheets(240, K[0]!);
  const damaged = await sheets(250, K[4]!);
  coveredTransform = damaged.front.truth.transform;
  const covered = await coverAnchors(damaged.front.jpeg, card.pages[0]!, coveredTransform);
  const pages = [
    clean.front.jpeg,
    // a fold covers this back's 第49题 answer box: a 主观题 image doubt
    await blacken(clean.back.jpeg, [card.pages[1]!.subjective[1]!.rect], clean.back.truth.transform),
    doubleAbsent.front.jpeg,
    doubleAbsent.back.jpeg,
    double.front.jpeg,
    // on this back the teacher's 打分栏 also has 8 filled beside the 4: unreadable, a 主观题 doubt
    await blacken(double.back.jpeg, [stripDigits[1]!.bubbles[8]!.rect], double.back.truth.transform),
    unknown.front.jpeg,
    unknown.back.jpeg,
    duplicate.front.jpeg,
    duplicate.back.jpeg,
    covered,
    damaged.back.jpeg,
  ];
  const files = pages.map((data, i) => {
    const f = path.join(dir, `${String(i + 1).padStart(4, '0')}.jpg`);
    writeFileSync(f, data);
    return f;
  });

  // subject detail → 扫描与识别: an unsupported file is refused with the server's rule, then the batch goes in
  await page.goto(`${APP}/book/subject/${subjectId}`);
  await page.getByTestId('subject-detail').waitFor();
  await page.getByTestId('to-scan').click();
  await waitForPath(page, `/book/subject/${subjectId}/answerCard`);
  await page.getByTestId('scan-upload').waitFor();
  await page.getByText('还没有上传答题卡').waitFor();
  await shot(page, 'scan-01-upload-empty');

  await page.locator('input[type=file]').setInputFiles(files.slice(0, 3));
  await page.getByTestId('scan-send').click();
  await page.getByTestId('scan-upload-error').getByText('不是模板页数（2）的整数倍').waitFor();
  await shot(page, 'scan-02-upload-refused');
  await page.getByTestId('scan-clear').click();

  await page.locator('input[type=file]').setInputFiles(files);
  await page.getByTestId('scan-selection').getByText('已选 12 个文件').waitFor();
  await page.getByTestId('scan-send').click();
  await page.getByTestId('scan-upload-done').getByText('上传成功：12 页，6 份答题卡进入识别').waitFor();
  await page.locator('.ant-table-row', { hasText: '12/12' }).waitFor({ timeout: 60_000 });
  // the dusty glass is told to the person at the scanner, with the batch and its two pages
  await page.getByTestId('scan-streaks').getByText('共 2 页有贯穿整页的竖线').waitFor();
  await shot(page, 'scan-03-uploaded');

  // the badges
  await page.getByTestId('to-exceptions').click();
  await waitForPath(page, '/book/scan/scanException');
  await page.getByTestId('scan-badges').waitFor();
  assert.equal(await badgeCount(page, 'locationExp'), 1);
  assert.equal(await badgeCount(page, 'kaohaoExp'), 2, 'the unknown number and the unreadable one');
  assert.equal(await badgeCount(page, 'kaohaoRepeat'), 1);
  assert.equal(await badgeCount(page, 'objExp'), 2);
  assert.equal(await badgeCount(page, 'absentExp'), 1);
  assert.equal(await badgeCount(page, 'subExp'), 2);
  await page.getByTestId('risk-examNo').getByText('考号 3').waitFor();

  // 定位异常: mark the four anchors on the image, re-recognise
  await page.getByTestId('badge-locationExp').click();
  const img = page.getByTestId('anchor-image');
  await img.waitFor();
  await page.getByTestId('anchor-hint').getByText('（1/4）').waitFor();
  await shot(page, 'scan-04-location');
  const box = await img.boundingBox();
  assert.ok(box);
  const w = Number(await img.getAttribute('data-width'));
  const h = Number(await img.getAttribute('data-height'));
  // the image is fitted into the box keeping its aspect ratio, centred; positions are relative to the box
  const k = Math.min(box.width / w, box.height / h);
  const ox = (box.width - w * k) / 2;
  const oy = (box.height - h * k) / 2;
  const points: Point[] = manualAnchorPoints(card.pages[0]!).map((a) => applyH(coveredTransform, a.point));
  for (const p of points) await img.click({ position: { x: ox + p.x * k, y: oy + p.y * k } });
  await page.getByTestId('anchor-hint').getByText('定位点已标完').waitFor();
  await shot(page, 'scan-05-location-marked');
  await page.getByTestId('reanchor').click();
  await waitBadge(page, 'locationExp', 0);
  await waitBadge(page, 'kaohaoExp', 1);

  // 考号异常: the student who already has a sheet is refused with both sheets shown, then the right one
  await page.getByTestId('badge-kaohaoExp').click();
  await page.getByTestId('exception-panel').getByText('不在考生名单中').waitFor();
  // the exam-number grid is shown large beside the whole sheet (the sheet alone was ~390 px wide at 1366)
  const grid = await page.getByTestId('kaohao-region-image').boundingBox();
  const sheet = await page.getByTestId('exception-image').boundingBox();
  assert.ok(grid && sheet, 'both pictures shown');
  assert.ok(grid.x + grid.width <= sheet.x, 'the grid beside the sheet, not over it');
  // the marked exam-number region as drawn on screen: ~60 px wide on the 390 px sheet before
  const marked = (await page.getByTestId('kaohao-region-image').locator('rect').first().boundingBox())!;
  assert.ok(marked.width >= 350, `the exam-number grid shown ${Math.round(marked.width)} px wide`);
  await shot(page, 'scan-05b-kaohao-grid');
  const pick = async (kaohao: string) => {
    await page.getByTestId('examinee-search').click();
    await page.keyboard.type(kaohao);
    await page.locator('.ant-select-item-option', { hasText: kaohao }).click();
  };
  await pick(K[1]!);
  await page.getByTestId('assign').click();
  await page.locator('.ant-modal-confirm', { hasText: '已有答题卡' }).waitFor();
  await shot(page, 'scan-06-kaohao-taken');
  await page.locator('.ant-modal-confirm').getByRole('button').last().click();
  await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
  await pick(K[3]!);
  await shot(page, 'scan-07-kaohao-assign');
  await page.getByTestId('assign').click();
  await waitBadge(page, 'kaohaoExp', 0);

  // 考号重复: both sheets side by side; keep the first of the pile (its back holds the covered box the 主观题 step
  // needs), the other is set aside. Which of the two was matched first depends on which finished recognition
  // first, so the sheet is told by its paper, made in pile order at upload (the smaller id), not by its place
  await page.getByTestId('badge-kaohaoRepeat').click();
  await page.locator('[data-testid^="keep-"]').nth(1).waitFor();
  await page.getByTestId('exception-panel').locator('svg[role=img]').nth(1).waitFor();
  await shot(page, 'scan-08-repeat');
  const kept = await page
    .locator('[data-testid^="keep-"]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-testid')!.slice('keep-'.length))));
  await page.getByTestId(`keep-${Math.min(...kept)}`).click();
  // it sets the other sheet aside, so it asks first
  await page
    .locator('.ant-popconfirm', { hasText: '另一张将移出' })
    .getByRole('button', { name: '保留这张' })
    .click();
  await waitBadge(page, 'kaohaoRepeat', 0);

  // 客观题: the two identical double marks in one group; keys A and Enter settle both
  await page.getByTestId('badge-objExp').click();
  await page.getByTestId('objective-panel').getByText('2 张答题卡填涂相同').waitFor();
  await page.getByTestId('objective-panel').locator('svg[role=img]').nth(1).waitFor();
  await page.keyboard.press('a');
  await page.getByTestId('objective-confirm').getByText('确认为 A').waitFor();
  await shot(page, 'scan-09-objective');
  await page.keyboard.press('Enter');
  await waitBadge(page, 'objExp', 0);

  // 主观题: a covered answer box judged by a person; the 打分栏 enlarged with every bubble's fill, the score
  // read off it and typed (Enter confirms)
  await page.getByTestId('badge-subExp').click();
  // papers finish recognition in any order: the case is picked from the list by its reason
  await page.locator('.ant-table-row', { hasText: '主观题区域' }).click();
  await page.getByTestId('exception-panel').getByText('主观题区域大面积涂黑或被遮挡').waitFor();
  await page.getByTestId('exception-image').waitFor();
  await shot(page, 'scan-09a-subjective-image');
  // the person judges the box: here the answer is to be marked from what shows
  await page.getByTestId('subjective-accept').click();
  await waitBadge(page, 'subExp', 1);
  await page.getByTestId('score-strip').waitFor();
  await page.getByTestId('score-entry').getByText('满分 19 分').waitFor();
  await page.getByTestId('score-entry').locator('input').fill('25');
  await page.keyboard.press('Enter');
  await page.getByTestId('score-problem').getByText('满分 19 分，输入的分数超过满分').waitFor();
  await page.getByTestId('score-entry').locator('input').fill('14');
  await shot(page, 'scan-09b-subjective-score');
  await page.keyboard.press('Enter');
  await waitBadge(page, 'subExp', 0);

  // 缺考: a stray mark on a sheet with answers is cleared
  await page.getByTestId('badge-absentExp').click();
  await page.getByTestId('exception-image').waitFor();
  await shot(page, 'scan-10-absent');
  await page.getByTestId('absent-clear').click();
  await page.getByTestId('no-exceptions').waitFor({ timeout: 30_000 });
  for (const key of ['locationExp', 'kaohaoExp', 'kaohaoRepeat', 'objExp', 'subExp', 'absentExp', 'otherExp'])
    assert.equal(await badgeCount(page, key), 0, key);
  await shot(page, 'scan-11-all-settled');

  // the missing-student list: exactly the class's students never scanned
  await page.getByRole('button', { name: '查看缺扫名单' }).click();
  await waitForPath(page, '/book/missedExamDetail');
  const missing = K.length - 5;
  await page.getByText(`未扫描到答题卡的考生：${missing} 人`).waitFor();
  for (const kaohao of K.slice(0, 5)) assert.equal(await page.getByRole('cell', { name: kaohao }).count(), 0);
  await page.getByRole('cell', { name: K[5]!, exact: true }).waitFor();
  await shot(page, 'scan-12-missed');

  // the recognised papers: six uploaded, the duplicate set aside, all settled
  await page.goto(`${APP}/book/scan/identifyResults?subjectId=${subjectId}`);
  await page.getByTestId('identify-results').getByText('答题卡 5 份').waitFor();
  assert.equal(await page.locator('.ant-table-row', { hasText: '有异常' }).count(), 0);
  await shot(page, 'scan-13-identify-results');

  // the re-anchored student's paper, with its cut regions
  const k4 = examinees.items.find((e) => e.kaohao === K[4])!;
  await page.goto(`${APP}/book/view/student/paper?subjectId=${subjectId}&examineeId=${k4.id}`);
  await page.getByTestId('student-paper').getByText(k4.name).first().waitFor();
  await page.getByText('主观题切割图').waitFor();
  await page.locator('.ant-image img').first().waitFor();
  await page.getByTestId('strip-scores').getByText('第48题打分栏：14 分').waitFor();
  await shot(page, 'scan-14-student-paper');

  // the exam's scan progress
  await page.goto(`${APP}/book/exam/${examId}/allscan`);
  const row = page.locator('.ant-table-row', { hasText: '物理' });
  await row.waitFor();
  await row.getByText(String(missing), { exact: true }).waitFor();
  await shot(page, 'scan-15-allscan');

  // uploadorigin: K[5]'s sheet came late as a scanned file named by the 考号, with the 缺考 mark filled
  const late = await sheets(260, '20260000', (a) => {
    a.absent = true;
  });
  const tif = path.join(dir, `${K[5]}.tif`);
  writeFileSync(
    tif,
    await sharp([late.front.jpeg, late.back.jpeg], { join: { animated: true } })
      .tiff()
      .toBuffer(),
  );
  const wrongName = path.join(dir, '123.tif');
  writeFileSync(wrongName, await sharp(late.front.jpeg).tiff().toBuffer());
  await page.goto(`${APP}/book/uploadorigin?subjectId=${subjectId}`);
  await page.getByTestId('upload-origin').waitFor();
  const originRow = page.locator('.ant-table-row', { hasText: K[5]! });
  await originRow.locator('input[type=checkbox]').check();
  await page.getByText('已选 1 人').waitFor();
  await page.locator('input[type=file]').setInputFiles([wrongName]);
  await page.getByTestId('origin-problem').getByText('图片“123.tif”的名称与所选考生的考号不对应').waitFor();
  await shot(page, 'scan-16-origin-refused');
  await page.getByTestId('origin-clear').click();
  await page.locator('input[type=file]').setInputFiles([tif]);
  await page.getByTestId('origin-send').click();
  await page.getByTestId('origin-done').getByText('上传成功：1 份原卷进入识别').waitFor();
  await shot(page, 'scan-17-origin-done');

  // its 缺考 mark confirmed: the absence is recorded and listed under 缺考
  await page.goto(`${APP}/book/scan/scanException?subjectId=${subjectId}`);
  await waitBadge(page, 'absentExp', 1);
  await page.getByTestId('badge-absentExp').click();
  await page.getByTestId('absent-confirm').click();
  await page.getByTestId('no-exceptions').waitFor({ timeout: 30_000 });
  await page.goto(`${APP}/book/missedExamDetail?subjectId=${subjectId}`);
  const rest = K.length - 6;
  await page.getByText(`未扫描到答题卡的考生：${rest} 人`).waitFor();
  await page.getByTestId('missed-status').getByText('缺考').click();
  await page.getByText('登记缺考的考生：1 人').waitFor();
  await page.locator('.ant-table-row', { hasText: K[5]! }).getByText('缺考（答题卡填涂）').waitFor();
  await shot(page, 'scan-18-missed-absent');

  // 扫描完成 is refused while students are unaccounted for; the rest are marked absent by hand
  const finishCard = page.getByTestId('scan-finish');
  await finishCard.getByText(`还有 ${rest} 名考生既未扫描也未登记缺考`).waitFor();
  assert.equal(await finishCard.getByTestId(`finish-${schoolId}`).isDisabled(), true);
  await page.getByTestId('missed-status').getByText('未扫').click();
  await page.getByText(`未扫描到答题卡的考生：${rest} 人`).waitFor();
  // the header's menu takes every page, not only the one shown
  await page.locator('.ant-table-thead .ant-table-selection-extra').hover();
  await page.getByRole('menuitem', { name: /选择全部未扫考生/ }).click();
  await page.getByTestId('mark-absent').getByText(`（${rest}）`).waitFor();
  await page.getByTestId('mark-absent').click();
  await page.locator('.ant-modal-confirm', { hasText: `将选中的 ${rest} 名考生标记为缺考` }).waitFor();
  await shot(page, 'scan-19-mark-absent-confirm');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '标记缺考' }).click();
  await page.getByText('未扫描到答题卡的考生：0 人').waitFor();

  // undo one, and 扫描完成 says why it waits; marked again, it is confirmed
  await page.getByTestId('missed-status').getByText('缺考').click();
  await page.getByTestId(`undo-absent-${K[6]}`).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '撤销缺考' }).click();
  await finishCard.getByText('还有 1 名考生既未扫描也未登记缺考').waitFor();
  await shot(page, 'scan-20-finish-refused');
  await page.getByTestId('missed-status').getByText('未扫').click();
  await page.locator('.ant-table-row', { hasText: K[6]! }).locator('input[type=checkbox]').check();
  await page.getByTestId('mark-absent').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '标记缺考' }).click();
  await page.getByText('未扫描到答题卡的考生：0 人').waitFor();
  await finishCard.getByText('可以确认扫描完成').waitFor();
  await finishCard.getByTestId(`finish-${schoolId}`).click();
  await page.locator('.ant-modal-confirm', { hasText: `实考 5 人，缺考 ${rest + 1} 人` }).waitFor();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认扫描完成' }).click();
  await finishCard.getByTestId(`finished-${schoolId}`).waitFor();
  await shot(page, 'scan-21-finished');

  // the upload screen refuses the finished school; the exam's progress shows it
  await page.goto(`${APP}/book/subject/${subjectId}/answerCard`);
  await page.getByTestId('school-finished').waitFor();
  await page.locator('input[type=file]').setInputFiles(files.slice(0, 2));
  assert.equal(await page.getByTestId('scan-send').isDisabled(), true);
  await shot(page, 'scan-22-upload-finished');
  await page.goto(`${APP}/book/exam/${examId}/allscan`);
  await page.getByTestId(`finished-schools-${subjectId}`).getByText('1/1 校').waitFor();
  await page.getByTestId('all-scan-schools').getByText('已确认').waitFor();
  await shot(page, 'scan-23-allscan-finished');

  // 重新打开扫描: uploads are taken again
  await page.goto(`${APP}/book/subject/${subjectId}/answerCard`);
  await page.getByTestId(`reopen-${schoolId}`).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '重新打开扫描' }).click();
  await page.getByTestId(`finish-${schoolId}`).waitFor();
  await page.getByTestId('school-finished').waitFor({ state: 'detached' });
  await shot(page, 'scan-24-reopened');
});
