import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createRng, randomAnswers, simulateSheet, typicalCard } from '@yj/scan-sim';
import {
  APP,
  createExamWithOneSubject,
  loginAsSchoolAdmin,
  prepareScanSubject,
  shot,
  waitForPath,
  journeySession,
} from './lib.ts';

// A batch from a scanner left in 黑白 mode (1-bit, cut at one threshold, packages/omr detect-pixels.ts): the
// scan screen tells the person at the scanner which batch, how many pages, and to scan grey (BatchNotices).

const card = typicalCard();
const s = journeySession();

test('a black-and-white batch: the scan screen asks for grey, names the batch and counts its pages', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const exam = await createExamWithOneSubject(page, {
    name: '2026学年黑白扫描考试',
    startDate: '2026-11-21',
    course: '化学',
    fullScore: 100,
  });
  const { subjectId } = exam;
  const kaohao = (await prepareScanSubject(page, exam, card))[0]!.kaohao;

  // one student's two pages, dark pencil, scanned 1-bit at 128
  const dir = mkdtempSync(path.join(tmpdir(), 'yj-e2e-bw-'));
  const files = await Promise.all(
    card.pages.map(async (p, i) => {
      const answers = randomAnswers(p, createRng(300 + i), 'clean', kaohao);
      const sim = await simulateSheet(card, p.index, answers, {
        seed: 300 + i,
        difficulty: 'clean',
        threshold: 128,
      });
      const f = path.join(dir, `${String(i + 1).padStart(4, '0')}.png`);
      writeFileSync(f, sim.jpeg);
      return f;
    }),
  );

  await page.goto(`${APP}/book/subject/${subjectId}`);
  await page.getByTestId('to-scan').click();
  await waitForPath(page, `/book/subject/${subjectId}/answerCard`);
  await page.getByTestId('scan-upload').waitFor();
  await page.locator('input[type=file]').setInputFiles(files);
  await page.getByTestId('scan-send').click();
  await page.locator('.ant-table-row', { hasText: '2/2' }).waitFor({ timeout: 60_000 });
  const notice = page.getByTestId('scan-thresholded');
  await notice.getByText(/^批次 #\d+ 共 2 页是黑白（二值）扫描，不是灰度扫描$/).waitFor();
  await notice.getByText(/请把扫描仪的颜色模式改为“灰度”/).waitFor();
  await page.getByRole('columnheader', { name: '黑白扫描页' }).waitFor();
  await shot(page, 'scan-bw-01-notice');
});
