import { test } from 'node:test';
import { createRng, quizCard, randomAnswers, scannerFeed, simulateSheet } from '@yj/scan-sim';
import {
  badgeCounts,
  journeySession,
  newScanExam,
  scannedFiles,
  shot,
  uploadScans,
  waitForPath,
} from './lib.ts';

// One-sided cards on a scanner left on 双面: every sheet's blank back becomes a paper of its own, waiting on a
// 空白页. The person at the scanner sets them all aside with one confirmed click instead of one each.

const card = quizCard();
const s = journeySession();

test('the blank backs of a two-sided scan of one-sided cards are set aside with one click', async () => {
  const { page } = s;
  const { exam, examinees } = await newScanExam(
    page,
    { name: '2026学年空白页演示小测', startDate: '2026-11-24', course: '物理' },
    card,
  );
  const three = examinees.slice(0, 3);
  const sheet = async (seed: number, kaohao: string, blank = false) =>
    (
      await simulateSheet(card, 0, randomAnswers(card.pages[0]!, createRng(seed), 'clean', kaohao), {
        seed,
        difficulty: 'clean',
        blank,
      })
    ).jpeg;
  const pile = await Promise.all(
    three.map(
      async (e, i) =>
        [await sheet(970 + i, e.kaohao), await sheet(980 + i, e.kaohao, true)] as [Buffer, Buffer],
    ),
  );
  await uploadScans(page, exam.subjectId, scannedFiles('blanks', scannerFeed(pile)), 6);

  await page.getByTestId('to-exceptions').click();
  await waitForPath(page, '/book/scan/scanException');
  await badgeCounts(page, 'otherExp', 3);
  await page.getByTestId('badge-otherExp').click();
  await page.getByTestId('exception-panel').getByText('空白页').first().waitFor();
  await page.getByTestId('blanks-set-aside').click();
  await page.getByText('移出所有只有空白页的答卷？').waitFor();
  await shot(page, 'scan-blanks-01-confirm');
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  await page.getByText('已移出 3 份只有空白页的答卷').waitFor();
  await badgeCounts(page, 'otherExp', 0);
  await shot(page, 'scan-blanks-02-done');
});
