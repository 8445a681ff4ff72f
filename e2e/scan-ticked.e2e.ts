import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRng, randomAnswers, simulateSheet, typicalCard } from '@yj/scan-sim';
import {
  badgeCounts,
  giveCardPictures,
  journeySession,
  loginAsSchoolAdmin,
  newScanExam,
  scannedFiles,
  shot,
  uploadScans,
  waitForPath,
} from './lib.ts';

// Two students who ticked (打勾) after an option of 第 3 题 instead of filling it, one after B, one after D
// (packages/omr rings.ts, tickedBeside): both raised, never read as unanswered. Their fills are alike (all paper),
// so the 客观题 screen must not settle them as one group: each is shown on its own with why it was raised, and
// the person answers each from the picture.

const card = typicalCard();
const s = journeySession();

test('a choice ticked after the option: raised, shown on its own with its reason, answered from the picture', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const { exam, examinees } = await newScanExam(
    page,
    { name: '2026学年打勾识别考试', startDate: '2026-11-22', course: '化学' },
    card,
  );
  const [first, second] = examinees;
  const ticked = new Map([
    [first!.kaohao, 'B'],
    [second!.kaohao, 'D'],
  ]);

  // each student's two pages, dark pencil; on the front 第 3 题 ticked after the option instead of filled
  const pages: Uint8Array[] = [];
  for (const [n, [kaohao, option]] of [...ticked].entries())
    for (const p of card.pages) {
      const seed = 500 + 10 * n + p.index;
      const answers = randomAnswers(p, createRng(seed), 'clean', kaohao);
      if (p.index === 0) answers.objective['3'] = [option];
      const sim = await simulateSheet(card, p.index, answers, {
        seed,
        difficulty: 'clean',
        markAs: { '3': 'beside' },
      });
      pages.push(sim.jpeg);
    }
  await uploadScans(page, exam.subjectId, scannedFiles('ticked', pages), 2);

  await page.getByTestId('to-exceptions').click();
  await waitForPath(page, '/book/scan/scanException');
  await badgeCounts(page, 'objExp', 2);
  await page.getByTestId('badge-objExp').click();

  // two groups of 第 3 题, one sheet each, though their fills are the same
  await page.getByTestId('objective-group-1').waitFor();
  const panel = page.getByTestId('objective-panel');
  for (const left of [2, 1]) {
    await panel.getByText('第 3 题 · 1 张答题卡填涂相同').waitFor();
    await panel.getByTestId('objective-doubt').getByText('有选项旁打了勾而未涂黑，请核对原图').waitFor();
    const title = await panel
      .locator('.ant-card .ant-card-head-title', { hasText: '考号' })
      .first()
      .innerText();
    const kaohao = /考号 (\d+)/.exec(title)?.[1];
    const option = kaohao ? ticked.get(kaohao) : undefined;
    assert.ok(option, `the case names one of the two students: ${title}`);
    // the option in doubt is marked on the picture, so the person looks beside it
    const mark = await panel.locator('svg text', { hasText: '存疑' }).first().textContent();
    assert.match(mark ?? '', new RegExp(`^${option} 存疑$`));
    await page.keyboard.press(option.toLowerCase());
    await page.getByTestId('objective-confirm').getByText(`确认为 ${option}（1 张）`).waitFor();
    if (left === 2) await shot(page, 'scan-ticked-01-objective');
    await page.keyboard.press('Enter');
    await badgeCounts(page, 'objExp', left - 1);
  }
});

// A student used to paper tests marks every 判断 with a tick after the option (packages/omr rings.ts): on a card
// with only five 判断 most of a place's bubbles were ticks and read as print, the questions as unanswered without
// a word. On a card the product printed (its pages' pictures: the printed blank) every one is raised.
test('every 判断 ticked after the option, on a card with its pictures: each one raised, none read as unanswered', async () => {
  const { page } = s;
  const { exam, examinees } = await newScanExam(
    page,
    { name: '2026学年判断题打勾考试', startDate: '2026-11-23', course: '生物' },
    card,
  );
  await giveCardPictures(page, exam.subjectId, card);
  const judged = ['36', '37', '38', '39', '40'];
  const pages: Uint8Array[] = [];
  for (const [n, e] of examinees.slice(0, 2).entries())
    for (const p of card.pages) {
      const seed = 700 + 10 * n + p.index;
      const answers = randomAnswers(p, createRng(seed), 'clean', e.kaohao);
      const markAs: Record<string, 'beside'> = {};
      if (p.index === 0)
        for (const [i, q] of judged.entries()) {
          // answered, T and F both: the ticks after F are most of their place on either sheet
          answers.objective[q] = [(i + n) % 5 < 3 ? 'F' : 'T'];
          markAs[q] = 'beside';
        }
      pages.push((await simulateSheet(card, p.index, answers, { seed, difficulty: 'clean', markAs })).jpeg);
    }
  await uploadScans(page, exam.subjectId, scannedFiles('judged', pages), 2);

  await page.getByTestId('to-exceptions').click();
  await waitForPath(page, '/book/scan/scanException');
  // five 判断 on each of the two sheets
  await badgeCounts(page, 'objExp', 10);
  await page.getByTestId('badge-objExp').click();
  const panel = page.getByTestId('objective-panel');
  await panel.getByTestId('objective-doubt').getByText('有选项旁打了勾而未涂黑，请核对原图').waitFor();
  await shot(page, 'scan-ticked-02-judged');
});
