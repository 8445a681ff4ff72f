import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  dragOnSvg,
  APP,
  call,
  demoExam,
  loginAsSchoolAdmin,
  shot,
  waitForPath,
  journeySession,
} from './lib.ts';

// The template builder (issue 5): a blank third-party card from the scan simulator is uploaded, the
// detected anchors and bubble lattices accepted, one subjective box drawn, and the template saved.

/** The demo exam's subject this spec draws a template for (no other spec touches it). */
const SUBJECT = '英语';

const s = journeySession();
let card = '';

before(async () => {
  const out = mkdtempSync(path.join(tmpdir(), 'yj-e2e-card-'));
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const r = spawnSync(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    ['tools/scan-sim/src/cli.ts', '--out', out, '--count', '1', '--difficulty', 'clean'],
    { cwd: root, encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  const jpg = readdirSync(out).find((f) => f.endsWith('.jpg'));
  assert.ok(jpg, 'the simulator wrote a page image');
  card = path.join(out, jpg);
});

/** Drags on the canvas from one point to another (its own pixels), scrolled into view first. */
async function dragOnCanvas(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.getByTestId('builder-canvas').scrollIntoViewIfNeeded();
  await dragOnSvg(page, 'builder-canvas', from, to);
}

test('a third-party card becomes a template: upload, accept proposals, draw, save', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const exam = await demoExam(page);
  const subject = exam.subjects.find((x) => x.name === SUBJECT);
  assert.ok(subject, 'the demo exam has the subject');
  // The subject's structure, as the question-setting screen would save it: the simulator card's 40 + 4.
  const objective = Array.from({ length: 40 }, (_, i) => {
    const no = i + 1;
    if (no <= 30) return { no: String(no), kind: 'single', options: 4, score: 2 };
    if (no <= 35) return { no: String(no), kind: 'multi', options: 5, score: 4 };
    return { no: String(no), kind: 'trueFalse', options: 2, score: 2 };
  });
  await call(page, 'POST', `/api/api/subject/${subject.id}/setting/questions/objective`, {
    questions: objective,
  });
  await call(page, 'POST', `/api/api/subject/${subject.id}/setting/questions/subjective`, {
    questions: ['41', '42', '43', '44'].map((no) => ({ no, score: 7.5, step: 0.5 })),
  });

  // subject detail → 答题卡模板 (empty)
  await page.goto(`${APP}/book/subject/${subject.id}`);
  await page.getByTestId('subject-detail').waitFor();
  await page.getByRole('button', { name: '答题卡模板' }).click();
  await waitForPath(page, `/book/subject/${subject.id}/template/home`);
  await page.getByText('本科目还没有答题卡模板').waitFor();
  await shot(page, 'template-01-home-empty');

  // the builder: only the picture tab is open at first
  await page.getByTestId('new-template').first().click();
  await waitForPath(page, `/book/subject/${subject.id}/template/create`);
  await page.getByTestId('template-builder').waitFor();
  const tabs = page.locator('.ant-tabs-tab');
  assert.equal(await tabs.count(), 11);
  assert.equal(await page.locator('.ant-tabs-tab-disabled').count(), 10);
  assert.equal(await page.getByLabel('模板名称').inputValue(), '主模板');
  assert.equal(await page.getByLabel('dpi').inputValue(), '200');
  await shot(page, 'template-02-builder-upload');

  await page.locator('input[type=file]').first().setInputFiles(card);
  await page.getByTestId('picture-summary').getByText('自动识别完成').waitFor({ timeout: 30_000 });
  await page.locator('[data-proposal^="a:"]').first().waitFor();
  await shot(page, 'template-03-recognised');

  // 定位区: accept the four detected anchors
  await page.getByTestId('start-tabs').click();
  await page.getByTestId('tab-panel-2').waitFor();
  await page.getByTestId('accept-all').click();
  assert.equal(await page.locator('[data-region="anchor"]').count(), 4);
  await shot(page, 'template-04-anchors');

  // 考号区: accept the detected 8-digit lattice
  await page.getByTestId('next-tab').click();
  await page.getByTestId('tab-panel-3').waitFor();
  await page.getByTestId('accept-all').click();
  assert.equal(await page.locator('[data-region="examNumber"]').count(), 1);
  await shot(page, 'template-05-exam-number');
  // 考号位数规则: this school's numbers may be shorter than the grid — 左对齐不定长 instead of 固定位数
  await page.locator('[data-region="examNumber"]').click();
  const editor = page.getByTestId('region-editor');
  await editor.getByText('每一位都须填涂，少填一位即为考号异常').waitFor();
  await editor.getByLabel('考号位数规则').click();
  await page.locator('.ant-select-item-option', { hasText: '左对齐不定长' }).click();
  await editor.getByText('考号较短的学生从左起填涂，右边空着的位不算异常').waitFor();
  await shot(page, 'template-05b-exam-length');

  // 客观题: accept every detected question group, numbered 1–40 in reading order
  await page.getByTestId('next-tab').click();
  await page.getByTestId('tab-panel-4').waitFor();
  await page.getByTestId('accept-all').click();
  assert.equal(await page.locator('[data-region="objective"]').count(), 8);
  await page.getByTestId('tab-panel-4').getByText('客观题36-40').waitFor();
  await shot(page, 'template-06-objective');

  // 主观题: draw the box of question 41 by dragging over it
  await page.locator('.ant-tabs-tab', { hasText: '主观题' }).first().click();
  await page.getByTestId('tab-panel-6').waitFor();
  await dragOnCanvas(page, { x: 180, y: 1800 }, { x: 1140, y: 2225 });
  await page.getByTestId('region-editor').getByText('第41题').waitFor();
  assert.equal(await page.locator('[data-region="subjective"]').count(), 1);
  // Delete removes the selected box, a new drag draws it again
  await page.keyboard.press('Delete');
  assert.equal(await page.locator('[data-region="subjective"]').count(), 0);
  await dragOnCanvas(page, { x: 180, y: 1800 }, { x: 1140, y: 2225 });
  await page.getByTestId('region-editor').getByText('第41题').waitFor();
  const zoom = await page.getByTestId('zoom').textContent();
  await page.keyboard.press('+');
  assert.notEqual(await page.getByTestId('zoom').textContent(), zoom, '+ zooms in');
  await page.keyboard.press('-');
  await shot(page, 'template-07-subjective');

  // save: the server's check names the questions still without a box
  await page.getByTestId('save-template').click();
  await page.getByTestId('template-problems').getByText('已保存，服务器检查发现').waitFor();
  await page.getByTestId('template-problems').getByText('主观题 42、43、44 没有答题框').waitFor();
  await shot(page, 'template-08-saved');

  // the list shows it with its problems
  await page.getByRole('button', { name: '查看模板列表' }).click();
  await waitForPath(page, `/book/subject/${subject.id}/template/home`);
  const row = page.locator('.ant-table-row', { hasText: '主模板' });
  await row.waitFor();
  await row.getByText('第三方答题卡').waitFor();
  await row.getByText('个问题').waitFor();
  await shot(page, 'template-09-home-list');

  // 题目设置 changed to 单选 where the card reads 判断: the list names the question (its sheets would score 0)
  const changed = objective.map((q) => (q.no === '36' ? { ...q, kind: 'single', options: 4 } : q));
  await call(page, 'POST', `/api/api/subject/${subject.id}/setting/questions/objective`, {
    questions: changed,
  });
  await page.reload();
  await row.getByText('个问题').hover();
  await page.locator('.ant-popover').getByText('客观题 36 在模板中是判断，题目设置中是单选').waitFor();
  await shot(page, 'template-09b-kind-mismatch');
  await page.mouse.move(0, 0);
  await call(page, 'POST', `/api/api/subject/${subject.id}/setting/questions/objective`, {
    questions: objective,
  });

  // editing reopens the saved regions on the saved picture
  await row.getByRole('button', { name: '编辑' }).click();
  await page.getByTestId('template-builder').waitFor();
  await page.locator('[data-region="objective"]').first().waitFor();
  assert.equal(await page.locator('[data-region="anchor"]').count(), 4);
  await shot(page, 'template-10-edit');
  // the saved template kept the exam number's length rule
  await page.locator('[data-region="examNumber"]').click();
  await page.getByTestId('region-editor').getByText('左对齐不定长').waitFor();

  // every subject of the exam with its template state
  await page.goto(`${APP}/book/exam/${exam.id}/allTemplate`);
  await page.getByTestId('all-template').waitFor();
  await page.locator('.ant-table-row', { hasText: SUBJECT }).getByText('个问题').waitFor();
  await page.locator('.ant-table-row', { hasText: '语文' }).getByText('未建模板').waitFor();
  await shot(page, 'template-11-all-template');
});
