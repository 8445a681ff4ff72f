import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { typicalCard } from '@yj/scan-sim';
import { APP, SCHOOL_ADMIN, call, shot, journeySession } from './lib.ts';
import { myCount, signedIn, taskRow, subjectScene } from './marking-lib.ts';

// A marker of several blocks (issue 13: /book/multi, /book/history, originPicAndAnswer): a fresh subject of
// four scanned sheets with blocks 第42题 and 第44题, both marked by one teacher. From 阅卷任务 to /book/multi:
// both blocks with what is left of each, marking with the keyboard, Alt+↓ to the other block and back; the
// original page with the student's head masked opened in a tab of its own; my marks across both blocks in
// /book/history, searched by score, one changed in its 回评.

const EXAM = '2026学年多题块阅卷演示考试';
/** a demo teacher no other spec signs in as */
const MARKER = '13800000002';
const card = typicalCard();
const rect = (q: string) => card.pages[0]!.subjective.find((x) => x.question === q)!.rect;

let page: Page;
let block1 = 0;
let block2 = 0;
let kaohaos: string[] = [];

const s = journeySession({
  setup: async () => {
    const admin = await signedIn(s, SCHOOL_ADMIN);
    const scene = await subjectScene(admin, card, {
      name: EXAM,
      startDate: '2026-12-02',
      course: '历史',
      subjective: [
        { no: '42', score: 6 },
        { no: '44', score: 5 },
      ],
      blocks: [
        { name: '第42题', nos: ['42'], regions: [{ page: 0, ...rect('42') }] },
        { name: '第44题', nos: ['44'], regions: [{ page: 0, ...rect('44') }] },
      ],
      scan: { count: 4, seed: 900 },
      staff: { markers: [MARKER] },
      start: true,
    });
    [block1, block2] = [scene.blockIds[0]!, scene.blockIds[1]!];
    kaohaos = scene.examinees.slice(0, 4).map((e) => e.kaohao);
    await admin.context().close();
    page = await signedIn(s, MARKER);
  },
});

/** The block the multi screen shows now (its header). */
const header = (name: string) =>
  page.getByTestId('marking-screen').getByRole('heading', { name: new RegExp(`${name}$`) });

/** the 密号 of the paper of 第44题 scored 3 on /book/multi */
let code44 = '';

test('阅卷任务 leads to /book/multi: both blocks with what is left, marked with the keyboard, Alt+↓ / Alt+↑ switch', async () => {
  await page.goto(`${APP}/book/review/task`);
  await taskRow(page, EXAM, '第44题').waitFor();
  await page.getByTestId('to-multi').click();
  await page.waitForURL('**/book/multi**');
  const menu = page.getByTestId('multi-mark');
  await menu.getByTestId(`multi-block-${block1}`).waitFor();
  await menu.getByTestId(`multi-block-${block2}`).getByTitle('已阅 0 份，可领取 4 份').waitFor();
  await header('第42题').waitFor();
  await page.getByTestId('mark-image').first().waitFor();
  await shot(page, 'multi-01-screen');
  // digits and Enter, as on the normal screen
  await page.keyboard.press('5');
  await page.keyboard.press('Enter');
  await myCount(page, 1);
  await page.keyboard.press('4');
  await page.keyboard.press('Enter');
  await myCount(page, 2);

  // Alt+↓: the other block, its own count; the claimed spare of 第42题 goes back to the pool
  await page.keyboard.press('Alt+ArrowDown');
  await header('第44题').waitFor();
  await page.waitForURL(`**/book/multi?blockId=${block2}`);
  await page.getByTestId('mark-image').first().waitFor();
  await myCount(page, 0);
  // the paper's 密号 above it, to find it in 我的阅卷记录 later (issue 31)
  code44 = ((await page.getByTestId('paper-code').first().textContent()) ?? '').replace('密号', '').trim();
  assert.match(code44, /^\d{6,}$/);
  await page.keyboard.press('3');
  await page.keyboard.press('Enter');
  await myCount(page, 1);
  await shot(page, 'multi-02-switched');

  // and back with Alt+↑: what was done there is kept
  await page.keyboard.press('Alt+ArrowUp');
  await header('第42题').waitFor();
  await myCount(page, 2);
});

test('originPicAndAnswer: the whole page in a new tab, the head masked, the answers beside it; no student field', async () => {
  await page.getByTestId('mark-image').first().waitFor();
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByTestId('origin-open').click(),
  ]);
  await tab.waitForURL('**/book/originPicAndAnswer?taskId=*');
  await tab.getByTestId('origin').getByText('考生姓名、考号和条形码区域已遮挡').waitFor();
  await tab.getByTestId('standard').getByText('第 42 题（6 分）').waitFor();
  await tab.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="origin-page"]');
    return Boolean(img && img.complete && img.naturalWidth > 0);
  });
  // what the server answers the tab carries no examinee field
  const taskId = new URL(tab.url()).searchParams.get('taskId');
  const body = JSON.stringify(await call(tab, 'GET', `/api/marking/task/${taskId}/origin`));
  for (const k of kaohaos) assert.ok(!body.includes(k), `the origin answer names no exam number (${k})`);
  assert.doesNotMatch(body, /kaohao|paperId|school|className|student/i);
  await shot(tab, 'multi-03-origin');
  await tab.close();
  // the marking screen went on meanwhile: the paper is still there to be scored
  await page.getByTestId('mark-image').first().waitFor();
});

test('/book/history lists my marks of both blocks, searched by score; a row opens its 回评 and changes the score', async () => {
  await page.goto(`${APP}/book/review/task`);
  await page.getByTestId('to-history').click();
  await page.waitForURL('**/book/history');
  const list = page.getByTestId('my-history');
  await list.locator('.ant-table-row').nth(2).waitFor();
  assert.equal(await list.locator('.ant-table-row').count(), 3);
  await list.getByText('第44题').first().waitFor();
  await shot(page, 'history-01-list');
  await page.getByRole('spinbutton', { name: '最低分' }).fill('5');
  await page.getByRole('spinbutton', { name: '最高分' }).fill('5');
  await page.getByRole('button', { name: /^查\s?询$/ }).click();
  await list.getByText('共 1 份').waitFor();
  const row = list.locator('.ant-table-row').first();
  await row.getByText('第42题').waitFor();
  await row.getByText('回评 / 改分').click();
  const paper = page.getByTestId('history-paper');
  await paper.getByTestId('review-paper').waitFor();
  await paper.getByTestId('mark-image').waitFor();
  // the 给分板 of 回评 takes digits and Enter like the marking screen
  await page.keyboard.press('Backspace');
  await page.keyboard.press('6');
  await page.keyboard.press('Enter');
  await page.getByText('分数已修改').waitFor();
  await shot(page, 'history-02-review');
  await page.getByRole('spinbutton', { name: '最低分' }).fill('6');
  await page.getByRole('spinbutton', { name: '最高分' }).fill('6');
  await page.getByRole('button', { name: /^查\s?询$/ }).click();
  await list.getByText('共 1 份').waitFor();
  await list.locator('.ant-table-row').first().getByText('第42题').waitFor();

  // issue 31: each paper shows its 密号 and a glimpse of the answer; the 密号 seen while marking finds the paper
  await page.getByRole('spinbutton', { name: '最低分' }).clear();
  await page.getByRole('spinbutton', { name: '最高分' }).clear();
  await page.getByRole('textbox', { name: '密号' }).fill(code44);
  await page.getByRole('button', { name: /^查\s?询$/ }).click();
  await list.getByText('共 1 份').waitFor();
  const found = list.locator('.ant-table-row').first();
  await found.getByText('第44题').waitFor();
  await found.getByText(code44, { exact: true }).waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="history-thumb"]');
    return Boolean(img && img.complete && img.naturalWidth > 0);
  });
  await shot(page, 'history-03-by-code');
  await page.getByRole('textbox', { name: '密号' }).fill('A12');
  await page.getByRole('button', { name: /^查\s?询$/ }).click();
  await list.getByText('密号是试卷上方的数字，请检查后再查询').waitFor();
});
