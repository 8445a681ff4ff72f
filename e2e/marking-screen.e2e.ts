import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { APP, loginAsSchoolAdmin, openBrowser, shot, type Session } from './lib.ts';
import { FakePool } from './marking-fake-pool.ts';

// The marking screens against the contract (marking-fake-pool.ts answers /filter/api/marking/*): keyboard
// scoring, preload of the spare, a submit lost to the network and retried, annotations, 问题卷, modes,
// multi-display, arbitration's given marks, the empty pool and 回评.
let s: Session;
let pool: FakePool;
before(async () => {
  s = await openBrowser();
  await loginAsSchoolAdmin(s.page);
  pool = new FakePool(12);
  await pool.install(s.page);
});
after(async () => {
  await s.close();
});

async function typeKeys(keys: string[]) {
  for (const k of keys) await s.page.keyboard.press(k);
}

/** Waits for the header's count of my papers (the number alone, not the quota beside it). */
async function myCount(n: number) {
  await s.page.getByTestId('my-count').getByText(String(n), { exact: true }).waitFor();
}

/** The task id shown in the (single) paper's image address. */
async function shownTask(): Promise<number> {
  const src = (await s.page.getByTestId('mark-image').first().getAttribute('src')) ?? '';
  return Number(/task\/(\d+)\//.exec(src)?.[1]);
}

test('review/task lists my blocks with their counts and the way in', async () => {
  const { page } = s;
  await page.goto(`${APP}/book/home`);
  await page.getByRole('link', { name: '阅卷任务' }).click();
  await page.getByTestId('review-exam').waitFor();
  await page.getByText('第13-14题').waitFor();
  assert.ok(await page.getByText('仲裁（2）').first().isVisible());
  await shot(page, 'marking-review-task');
  await page.getByRole('button', { name: '开始阅卷' }).first().click();
  await page.waitForURL('**/book/subject/7/mark/1/normal/1');
});

test('digits and Enter score every box; Enter on the last submits and the spare shows at once', async () => {
  const { page } = s;
  await page.getByTestId('mark-image').waitFor();
  const first = await shownTask();
  // the spare's image was asked for before it is shown
  assert.ok(pool.images.includes(first + 1), `spare ${first + 1} preloaded: ${pool.images.join(',')}`);
  await typeKeys(['5', 'Enter', '2', 'Enter']);
  assert.equal(await page.getByTestId('value-14·②').textContent(), '—');
  await typeKeys(['1', '.', '5']);
  assert.equal(await page.getByTestId('value-14·②').textContent(), '1.5_');
  await shot(page, 'marking-screen');
  await page.keyboard.press('Enter');
  await page.waitForFunction((id) => !document.querySelector(`img[src$="/task/${id}/image"]`), first);
  assert.equal(await shownTask(), first + 1);
  await myCount(1);
  assert.deepEqual(pool.submits[0]?.body.scores, [
    { no: '13', score: 5 },
    { no: '14', score: 3.5, points: [2, 1.5] },
  ]);
  assert.equal(pool.submits[0]?.body.next, true);
});

test('a score past full is refused; 满分 fills the paper; an annotation goes with the submit', async () => {
  const { page } = s;
  await page.keyboard.press('7');
  await page.getByTestId('board-error').getByText('超过满分 6').waitFor();
  await page.keyboard.press('Escape');
  await page.locator('.ant-segmented-item').filter({ hasText: '√' }).click();
  const img = await page.getByTestId('annotations').boundingBox();
  assert.ok(img);
  await page.mouse.click(img.x + img.width * 0.5, img.y + img.height * 0.5);
  await page.getByTestId('annotation-tick').waitFor();
  await page.locator('.ant-segmented-item').filter({ hasText: '文字' }).click();
  await page.mouse.click(img.x + img.width * 0.7, img.y + img.height * 0.3);
  await page.getByRole('dialog').locator('input').fill('步骤完整');
  await page.keyboard.press('Enter');
  await page.getByTestId('annotation-text').waitFor();
  await page.mouse.move(0, 400);
  await shot(page, 'marking-annotation');
  await page.getByRole('button', { name: /满\s?分/ }).click();
  await page.getByTestId('total-1').getByText('10').waitFor();
  await page.keyboard.press('Enter');
  await myCount(2);
  const marks = pool.submits[1]?.body.marks as Array<{ kind: string; x: number; y: number }>;
  assert.equal(marks[0]?.kind, 'tick');
  assert.ok(Math.abs((marks[0]?.x ?? 0) - 0.5) < 0.02, JSON.stringify(marks));
  assert.deepEqual(marks[1] && { ...marks[1], x: Math.round(marks[1].x * 10) / 10 }, {
    kind: 'text',
    x: 0.7,
    y: marks[1]?.y,
    text: '步骤完整',
  });
});

test('a submit lost to the network shows 正在重试 and is sent again with the same lease', async () => {
  const { page } = s;
  await page.locator('.ant-segmented-item').filter({ hasText: '不批注' }).click();
  pool.dropSubmits = 2;
  const before = pool.submits.length;
  await typeKeys(['3', 'Enter', '1', 'Enter', '1', 'Enter']);
  await page.getByTestId('retrying').waitFor();
  // the tool switch's tooltip would cover the notice
  await page.mouse.move(0, 400);
  await shot(page, 'marking-retrying');
  await page.getByTestId('retrying').waitFor({ state: 'detached', timeout: 15_000 });
  assert.equal(pool.submits.length, before + 1);
  await myCount(3);
});

test('问题卷 takes the paper off the screen with its reason; ? shows the keys; modes and zoom are kept', async () => {
  const { page } = s;
  const shown = await shownTask();
  await page.getByRole('button', { name: '问题卷' }).click();
  await page.getByRole('dialog').getByText('切割错误').click();
  await page.getByRole('dialog').locator('textarea').fill('下半部分被切掉');
  await shot(page, 'marking-problem');
  await page.getByRole('button', { name: '提交问题卷' }).click();
  await page.waitForFunction((id) => !document.querySelector(`img[src$="/task/${id}/image"]`), shown);
  assert.deepEqual(pool.problems.at(-1), {
    taskId: shown,
    leaseToken: `00000000-0000-4000-8000-${String(shown).padStart(12, '0')}`,
    reason: 'wrongCut',
    note: '下半部分被切掉',
  });
  await page.keyboard.press('?');
  await page.getByRole('dialog').getByText('确认并跳到下一题').waitFor();
  await shot(page, 'marking-help');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '放大' }).click();
  await page.getByRole('button', { name: '旋转 90°' }).click();
  await page.getByText('显示评分标准').click();
  await page.getByTestId('standard').waitFor();
  await page.reload();
  await page.getByTestId('zoom').getByText('125%').waitFor();
  await page.getByTestId('standard').waitFor();
  await shot(page, 'marking-standard-rotated');
  await page.getByRole('button', { name: '旋转 90°' }).click({ clickCount: 3 });
  await page.getByRole('button', { name: '适应宽度' }).click();
  await page.getByText('显示评分标准').click();
});

test('multi-display scores two papers side by side and submits both', async () => {
  const { page } = s;
  await page.getByRole('combobox', { name: '每屏份数' }).click();
  await page.getByTitle('多评 2 份').click();
  await page.waitForURL('**/book/subject/7/mark/1/normal/2');
  await page.getByTestId('board-2').waitFor();
  assert.equal(await page.getByTestId('paper').count(), 2);
  const before = pool.submits.length;
  await typeKeys(['6', 'Enter', '2', 'Enter', '2', 'Enter', '0', 'Enter', '0', 'Enter', '1']);
  await shot(page, 'marking-multi');
  await page.keyboard.press('Enter');
  await myCount(before + 2);
  assert.equal(pool.submits.length, before + 2);
  assert.deepEqual(pool.submits.at(-1)?.body.scores, [
    { no: '13', score: 0 },
    { no: '14', score: 1, points: [0, 1] },
  ]);
});

test('the pool runs out: 本题块暂无可阅试卷 with the way back', async () => {
  const { page } = s;
  const empty = page.getByText('本题块暂无可阅试卷');
  const board = page.getByTestId('board-1');
  for (let i = 0; i < 10; i++) {
    // either the next papers or the empty state
    await Promise.race([empty.waitFor(), board.waitFor()]);
    if (await empty.isVisible()) break;
    const first = await shownTask();
    const full = page.getByRole('button', { name: /满\s?分/ });
    for (let p = 0; p < (await full.count()); p++) await full.nth(p).click();
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => !document.querySelector(`img[src$="/task/${id}/image"]`), first);
  }
  await page.getByText('本题块暂无可阅试卷').waitFor();
  await shot(page, 'marking-empty');
});

test('quickScore: one key gives the score and submits', async () => {
  const { page } = s;
  await page.goto(`${APP}/book/subject/7/mark/2/normal/1`);
  await page.getByTestId('mark-image').waitFor();
  await page.getByText('一键给分').click();
  const before = pool.done(2);
  await page.keyboard.press('4');
  await myCount(before + 1);
  assert.deepEqual(pool.submits.at(-1)?.body.scores, [{ no: '15', score: 4 }]);
  await shot(page, 'marking-quick');
});

test('arbitration shows the marks already given', async () => {
  const { page } = s;
  await page.goto(`${APP}/book/subject/7/mark/2/arbitration/1`);
  await page.getByTestId('given-marks').getByText('张老师').waitFor();
  await shot(page, 'marking-arbitration');
});

test('回评 lists my papers, opens one and changes its score', async () => {
  const { page } = s;
  await page.goto(`${APP}/book/review/again/1`);
  await page.getByRole('cell', { name: '13：5，14：3.5' }).first().click();
  await page.getByTestId('review-paper').waitFor();
  await page.getByTestId('box-13').getByRole('button', { name: '4', exact: true }).click();
  await page.getByRole('button', { name: '修改分数' }).click();
  await page.getByText('分数已修改').waitFor();
  const changed = pool.tasks.find((t) => t.version === 1);
  assert.deepEqual((changed?.body?.scores as unknown[])[0], { no: '13', score: 4 });
  await shot(page, 'marking-review-again');
  assert.deepEqual(
    s.errors.filter((e) => !e.includes('net::ERR_FAILED')),
    [],
  );
});
