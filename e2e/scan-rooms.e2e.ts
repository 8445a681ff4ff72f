import assert from 'node:assert/strict';
import { test } from 'node:test';
import { orderlyStudent, typicalCard } from '@yj/scan-sim';
import {
  badgeCounts,
  journeySession,
  newScanExam,
  scannedFiles,
  shot,
  uploadScans,
  waitForPath,
} from './lib.ts';

// A sheet with another student's exam number (room-order.ts): room 01's batch, in order, holds one sheet read
// as a room 02 student's. Nothing in the exam-number list is against it; the batch's order is. The person at
// the scanner sees it raised with both rooms named, compares the name on the sheet and confirms it.

const card = typicalCard();
const s = journeySession();

test('a sheet alone among another room’s sheets is raised with both rooms, and confirmed with one click', async () => {
  const { page } = s;
  // 35 students in rooms of 30: room 01 and five in room 02
  const { exam, examinees: byNumber } = await newScanExam(
    page,
    { name: '2026学年考场核对演示考试', startDate: '2026-11-21', course: '化学' },
    card,
  );
  const { subjectId } = exam;
  const first = byNumber.filter((e) => e.kaochang === byNumber[0]!.kaochang);
  const other = byNumber.find((e) => e.kaochang !== byNumber[0]!.kaochang);
  assert.ok(first.length >= 11 && other, 'two rooms');

  const order = [...first.slice(0, 6), other, ...first.slice(6, 11)];
  const sheets = await Promise.all(order.map((e, i) => orderlyStudent(card, 900 + 10 * i, e.kaohao)));
  const files = scannedFiles(
    'rooms',
    sheets.flatMap((x) => [x.front.jpeg, x.back.jpeg]),
  );
  await uploadScans(page, subjectId, files, 12);

  await page.getByTestId('to-exceptions').click();
  await waitForPath(page, '/book/scan/scanException');
  const badge = page.getByTestId('badge-kaohaoExp');
  await badgeCounts(page, 'kaohaoExp', 1);
  await badge.click();
  const panel = page.getByTestId('exception-panel');
  await panel.getByText(`属考场 ${other.kaochang}，本批前后的答卷都属考场 ${first[0]!.kaochang}`).waitFor();
  await panel.getByText(other.name).first().waitFor();
  await shot(page, 'scan-rooms-01-raised');

  await page.getByTestId('confirm-examinee').click();
  await page.getByText(`确认这张答卷是 ${other.name} 的？`).waitFor();
  await shot(page, 'scan-rooms-02-confirm');
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  await badgeCounts(page, 'kaohaoExp', 0);
  await shot(page, 'scan-rooms-03-settled');
});
