import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orderlyStudent, scannerFeed, typicalCard } from '@yj/scan-sim';
import {
  badgeCounts,
  journeySession,
  newScanExam,
  scannedFiles,
  shot,
  uploadScans,
  waitForPath,
} from './lib.ts';

// Two-sided cards scanned with the scanner left on 单面 (paper-pages.ts): every paper the upload is cut into holds
// two students' fronts. The person at the scanner sees each raised as 页面异常 with both images side by side, and
// takes it out for a two-sided rescan.

const card = typicalCard();
const s = journeySession();

test('a one-sided scan of two-sided cards is raised paper by paper, both fronts shown, and taken out', async () => {
  const { page } = s;
  const { exam, examinees } = await newScanExam(
    page,
    { name: '2026学年单面扫描演示考试', startDate: '2026-11-23', course: '生物' },
    card,
  );
  const { subjectId } = exam;
  const four = examinees.slice(0, 4).map((e) => e.kaohao);
  assert.equal(four.length, 4);

  const pile = await Promise.all(four.map((k, i) => orderlyStudent(card, 950 + 10 * i, k)));
  const fronts = scannerFeed(
    pile.map((x) => [x.front.jpeg, x.back.jpeg]),
    { simplex: true },
  );
  await uploadScans(page, subjectId, scannedFiles('feed', fronts), 2);
  const notice = page.getByTestId('scan-foreign');
  await notice
    .getByText(/^批次 #\d+ 共 2 页与所在答卷的其他页不是同一名考生的$/)
    .waitFor({ timeout: 30_000 });
  await notice.getByText(/请把扫描仪设为“双面”/).waitFor();
  await shot(page, 'scan-feed-00-notice');

  await page.getByTestId('to-exceptions').click();
  await waitForPath(page, '/book/scan/scanException');
  await badgeCounts(page, 'otherExp', 2);
  await page.getByTestId('badge-otherExp').click();
  const panel = page.getByTestId('exception-panel');
  await panel.getByText('页面异常').waitFor();
  await panel.getByText('第 2 张图与第 1 张图都是答题卡第 1 页').waitFor();
  const pages = panel.getByTestId('paper-pages');
  await pages.getByText('第 1 张图（答题卡第 1 页）').waitFor();
  await pages.getByText('标出的一页').waitFor();
  await pages.locator('svg[role=img]').nth(1).waitFor();
  await shot(page, 'scan-feed-01-raised');

  await panel.getByTestId('rescan').click();
  await page.locator('.ant-modal-confirm-title', { hasText: '移出这张答题卡并重新扫描？' }).waitFor();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await badgeCounts(page, 'otherExp', 1);
  await shot(page, 'scan-feed-02-taken-out');
});
