import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { orderlyStudent, typicalCard } from '@yj/scan-sim';
import {
  APP,
  call,
  createExamWithOneSubject,
  journeySession,
  loginAsSchoolAdmin,
  shot,
  waitForPath,
} from './lib.ts';

// A sheet with another student's exam number (room-order.ts): room 01's batch, in order, holds one sheet read
// as a room 02 student's. Nothing in the exam-number list is against it; the batch's order is. The person at
// the scanner sees it raised with both rooms named, compares the name on the sheet and confirms it.

const card = typicalCard();
const s = journeySession();

test('a sheet alone among another room’s sheets is raised with both rooms, and confirmed with one click', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const { examId, subjectId, schoolId, gradeId } = await createExamWithOneSubject(page, {
    name: '2026学年考场核对演示考试',
    startDate: '2026-11-21',
    course: '化学',
    fullScore: 100,
  });
  const classes = await call<Array<{ id: number }>>(page, 'POST', `/api/school/${schoolId}/banjis`, {
    gradeId,
  });
  // 35 students in rooms of 30: room 01 and five in room 02
  await call(page, 'POST', `/api/exam/${examId}/examinees/add`, {
    classIds: [classes[0]!.id],
    rule: { kind: 'sequence', prefix: '2026', digits: 4 },
    roomSize: 30,
  });
  const list = await call<{ items: Array<{ kaohao: string; name: string; kaochang: string | null }> }>(
    page,
    'POST',
    `/api/exam/${examId}/examinees`,
    { page: 1, size: 200 },
  );
  const byNumber = [...list.items].sort((a, b) => a.kaohao.localeCompare(b.kaohao));
  const first = byNumber.filter((e) => e.kaochang === byNumber[0]!.kaochang);
  const other = byNumber.find((e) => e.kaochang !== byNumber[0]!.kaochang);
  assert.ok(first.length >= 11 && other, 'two rooms');
  await call(page, 'POST', `/api/subject/${subjectId}/template`, { body: card });

  const dir = mkdtempSync(path.join(tmpdir(), 'yj-e2e-rooms-'));
  const order = [...first.slice(0, 6), other, ...first.slice(6, 11)];
  const files: string[] = [];
  for (const [i, e] of order.entries()) {
    const sheet = await orderlyStudent(card, 900 + 10 * i, e.kaohao);
    for (const [j, data] of [sheet.front.jpeg, sheet.back.jpeg].entries()) {
      const f = path.join(dir, `${String(2 * i + j + 1).padStart(4, '0')}.jpg`);
      writeFileSync(f, data);
      files.push(f);
    }
  }

  await page.goto(`${APP}/book/subject/${subjectId}/answerCard`);
  await page.getByTestId('scan-upload').waitFor();
  await page.locator('input[type=file]').setInputFiles(files);
  await page.getByTestId('scan-send').click();
  await page.getByTestId('scan-upload-done').getByText('上传成功：24 页，12 份答题卡进入识别').waitFor();
  await page.locator('.ant-table-row', { hasText: '24/24' }).waitFor({ timeout: 90_000 });

  await page.getByTestId('to-exceptions').click();
  await waitForPath(page, '/book/scan/scanException');
  const badge = page.getByTestId('badge-kaohaoExp');
  await page.waitForFunction(
    () => document.querySelector('[data-testid="badge-kaohaoExp"]')?.getAttribute('data-count') === '1',
    undefined,
    { timeout: 60_000 },
  );
  await badge.click();
  const panel = page.getByTestId('exception-panel');
  await panel.getByText(`属考场 ${other.kaochang}，本批前后的答卷都属考场 ${first[0]!.kaochang}`).waitFor();
  await panel.getByText(other.name).first().waitFor();
  await shot(page, 'scan-rooms-01-raised');

  await page.getByTestId('confirm-examinee').click();
  await page.getByText(`确认这张答卷是 ${other.name} 的？`).waitFor();
  await shot(page, 'scan-rooms-02-confirm');
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="badge-kaohaoExp"]')?.getAttribute('data-count') === '0',
    undefined,
    { timeout: 60_000 },
  );
  await shot(page, 'scan-rooms-03-settled');
});
