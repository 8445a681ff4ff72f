import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  dragOnSvg,
  APP,
  call,
  createExamWithOneSubject,
  loginAsSchoolAdmin,
  shot,
  journeySession,
} from './lib.ts';

// Issue 5: a real third-party sheet (OMRChecker sample6, a cover page with a student-number grid and no
// corner anchors) becomes a template in the builder, and the template reads that sheet's three scans.

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SAMPLES = path.join(ROOT, 'packages', 'omr', 'test-fixtures', 'omrchecker-sample6');
const EXPECTED = ['A0188877Y', 'A0203959W', 'A0204729A'];

const s = journeySession();
let scans: string[] = [];

before(async () => {
  // the scan upload takes digits-only file names, in scan order
  const dir = mkdtempSync(path.join(tmpdir(), 'yj-e2e-sample6-'));
  scans = [1, 2, 3].map((n) => {
    const f = path.join(dir, `000${n}.jpg`);
    copyFileSync(path.join(SAMPLES, `sample_roll_0${n}.jpg`), f);
    return f;
  });
});

type Rect = { x: number; y: number; w: number; h: number };

/** Scrolls the picture's frame so that picture row `y` is in the middle of it. */
async function showRow(page: Page, y: number) {
  const svg = page.getByTestId('builder-canvas');
  const [, , , h] = ((await svg.getAttribute('viewBox')) ?? '').split(' ').map(Number);
  // the picture scrolls inside its own frame
  await svg.evaluate((el, share) => {
    let frame = el.parentElement;
    while (frame && frame.scrollHeight <= frame.clientHeight) frame = frame.parentElement;
    if (!frame) return;
    const top = el.getBoundingClientRect().top - frame.getBoundingClientRect().top + frame.scrollTop;
    frame.scrollTop = top + share * el.getBoundingClientRect().height - frame.clientHeight / 2;
  }, y / h!);
}

/** Drags over a rectangle of the picture (picture pixels), scrolling it into view first. */
async function dragOver(page: Page, r: Rect) {
  await showRow(page, r.y + r.h / 2);
  await dragOnSvg(page, 'builder-canvas', { x: r.x, y: r.y }, { x: r.x + r.w, y: r.y + r.h });
}

test('OMRChecker sample6 through the builder: location areas, a lettered exam number, boxes, then its scans read', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const { examId, subjectId, schoolId, gradeId } = await createExamWithOneSubject(page, {
    name: '第三方答题卡 sample6 期末',
    startDate: '2026-11-21',
    course: '化学',
    fullScore: 100,
  });
  // the structure on the sheet: five questions marked on the cover (30 + 25 + 26 + 15 + 4)
  await call(page, 'POST', `/api/api/subject/${subjectId}/setting/questions/subjective`, {
    questions: [30, 25, 26, 15, 4].map((score, i) => ({ no: String(i + 1), score, step: 1 })),
  });
  // three examinees carry the sheet's student numbers
  const classes = await call<Array<{ id: number }>>(page, 'POST', `/api/school/${schoolId}/banjis`, {
    gradeId,
  });
  await call(page, 'POST', `/api/exam/${examId}/examinees/add`, {
    classIds: [classes[0]!.id],
    rule: { kind: 'sequence', prefix: '7', digits: 4 },
    roomSize: 30,
  });
  const examinees = await call<{ items: Array<{ id: number; name: string }> }>(
    page,
    'POST',
    `/api/exam/${examId}/examinees`,
    { page: 1, size: 10 },
  );
  for (const [i, kaohao] of EXPECTED.entries())
    await call(page, 'POST', `/api/exam/${examId}/examinees/${examinees.items[i]!.id}/update`, {
      kaohao,
      kaochang: null,
      seat: null,
    });

  // the builder: upload the first scan as the template picture
  await page.goto(`${APP}/book/subject/${subjectId}/template/create`);
  await page.getByTestId('template-builder').waitFor();
  await page.locator('input[type=file]').first().setInputFiles(scans[0]!);
  const summary = page.getByTestId('picture-summary');
  await summary.getByText('自动识别完成').waitFor({ timeout: 30_000 });
  // no corner blocks on this sheet, so nothing to accept as anchors
  await summary.getByText(/定位点 0 个/).waitFor();
  await shot(page, 'sample6-01-recognised');

  // 2 定位区: five areas of fixed print, each given its reference patch by the server
  await page.getByTestId('start-tabs').click();
  const panel2 = page.getByTestId('tab-panel-2');
  await panel2.waitFor();
  for (const r of [
    { x: 313, y: 400, w: 600, h: 93 },
    { x: 193, y: 727, w: 533, h: 80 },
    { x: 1040, y: 740, w: 387, h: 67 },
    { x: 1047, y: 1247, w: 387, h: 67 },
    { x: 1020, y: 1700, w: 427, h: 73 },
  ])
    await dragOver(page, r);
  assert.equal(await page.locator('[data-region="location"]').count(), 5);
  await panel2.getByText('本页已框选（5）').waitFor();
  await panel2.getByText('取参考图中').waitFor({ state: 'detached' });
  await shot(page, 'sample6-02-location-areas');

  // 3 考号区: the digit lattice is offered split in two; dragging over all seven digits continues it
  await page.getByTestId('next-tab').click();
  const panel3 = page.getByTestId('tab-panel-3');
  await panel3.waitFor();
  await panel3.getByText(/识别到 \d+ 处候选/).waitFor();
  await showRow(page, 1000);
  await shot(page, 'sample6-03-exam-number-proposals');
  await dragOver(page, { x: 1112, y: 848, w: 234, h: 338 });
  await page.locator('[data-region="examNumber"]').waitFor();
  // the letter before the digits and the check letter after them, over two printed columns
  await panel3.locator('.ant-radio-wrapper', { hasText: '字母列' }).click();
  await panel3.getByLabel('考号字母列选项').fill('U,A,HT,NT');
  await dragOver(page, { x: 1080, y: 848, w: 37, h: 138 });
  await panel3.getByLabel('考号字母列选项').fill('A,B,E,H,J,L,M,N,R,U,W,X,Y');
  await dragOver(page, { x: 1344, y: 848, w: 70, h: 238 });
  assert.equal(await page.locator('[data-region="examNumber"]').count(), 1);
  await panel3.getByText('本页已框选（1）').waitFor();
  await shot(page, 'sample6-04-exam-number');

  // 4 客观题: the structure has none, so the later tabs open at once
  await page.getByTestId('next-tab').click();
  await page.getByTestId('tab-panel-4').waitFor();
  await page.getByTestId('template-problems').getByText('主观题 1、2、3、4、5 没有答题框').waitFor();

  // 6 主观题: one box per question row of "For Examiner's Use Only", numbered from the structure
  await page.locator('.ant-tabs-tab', { hasText: '主观题' }).first().click();
  const panel6 = page.getByTestId('tab-panel-6');
  await panel6.waitFor();
  for (let i = 0; i < 5; i++)
    await dragOver(page, { x: 1026, y: Math.round(1373 + i * 66.6), w: 410, h: 58 });
  await panel6.getByText('本页已框选（5）').waitFor();
  await panel6.locator('.ant-list-item', { hasText: '第5题' }).waitFor();
  await shot(page, 'sample6-05-subjective');

  await page.getByTestId('save-template').click();
  await page.getByTestId('template-problems').getByText('已保存，模板可以使用').waitFor();
  await shot(page, 'sample6-06-saved');

  // 扫描与识别: the three scans, read with this template
  await page.goto(`${APP}/book/subject/${subjectId}/answerCard`);
  await page.getByTestId('scan-upload').waitFor();
  await page.locator('input[type=file]').setInputFiles(scans);
  await page.getByTestId('scan-send').click();
  await page.getByTestId('scan-upload-done').getByText('上传成功：3 页，3 份答题卡进入识别').waitFor();
  await page.locator('.ant-table-row', { hasText: '3/3' }).waitFor({ timeout: 60_000 });
  await shot(page, 'sample6-07-uploaded');

  await page.goto(`${APP}/book/scan/identifyResults?subjectId=${subjectId}`);
  await page.getByTestId('identify-results').getByText('答题卡 3 份').waitFor();
  for (const [i, kaohao] of EXPECTED.entries()) {
    const row = page.locator('.ant-table-row', { hasText: kaohao });
    await row.getByText(examinees.items[i]!.name).waitFor();
  }
  assert.equal(await page.locator('.ant-table-row', { hasText: '有异常' }).count(), 0);
  await shot(page, 'sample6-08-identify-results');

  // 设为扫描模板: a second template (a copy under another name) is chosen on the list; the exam's
  // template page shows the same choice
  const [built] = await call<Array<{ body: unknown }>>(page, 'GET', `/api/subject/${subjectId}/templates`);
  await call(page, 'POST', `/api/subject/${subjectId}/template`, {
    mainTemplateName: '备用模板',
    body: built!.body,
  });
  await page.goto(`${APP}/book/subject/${subjectId}/template/home`);
  const main = page.locator('.ant-table-row', { hasText: '主模板' });
  const spare = page.locator('.ant-table-row', { hasText: '备用模板' });
  await main.getByText('扫描使用中').waitFor();
  await spare.getByRole('button', { name: '设为扫描模板' }).click();
  await spare.getByText('扫描使用中').waitFor();
  await main.getByRole('button', { name: '设为扫描模板' }).waitFor();
  await shot(page, 'sample6-09-scanning-template');
  await page.goto(`${APP}/book/exam/${examId}/allTemplate`);
  const subjectRow = page.locator('.ant-table-row', { hasText: '化学' });
  await subjectRow.getByText('扫描使用中').waitFor();
  assert.equal(await subjectRow.getByRole('button', { name: '设为扫描模板' }).count(), 1);
  await shot(page, 'sample6-10-all-template');
});
