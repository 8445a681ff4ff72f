import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { orderlyStudent, type SheetAnswers, type typicalCard } from '@yj/scan-sim';
import { APP, call, createExamWithOneSubject, loginAsSchoolAdmin, prepareScanSubject } from './lib.ts';

/** Answers 1-30 单选, 31-35 多选, 36-40 判断 (T/F), all the same per kind. */
const answer = (single: string, multi: string[], tf: string) => (a: SheetAnswers) => {
  for (let i = 1; i <= 40; i++) a.objective[String(i)] = i <= 30 ? [single] : i <= 35 ? multi : [tf];
};

/**
 * Two students' sheets (both pages) uploaded on the subject's 扫描 screen and sent: the first answers 单选 A,
 * 多选 AC, 判断 T with 14 on the 先阅后扫 strip; the second 单选 B, 多选 A only, 判断 F with 9. `seed` varies the
 * sheets' scan noise between journeys.
 */
export async function scanTwoStudents(
  page: Page,
  card: ReturnType<typeof typicalCard>,
  subjectId: number,
  kaohaos: [string, string],
  seed: number,
): Promise<void> {
  const strip = card.pages[1]!.scoreBoxes[0]!;
  const dir = mkdtempSync(path.join(tmpdir(), 'yj-e2e-score-'));
  const one = await orderlyStudent(card, seed, kaohaos[0], {
    front: answer('A', ['A', 'C'], 'T'),
    back: (b) => (b.scores[strip.name] = 14),
  });
  const two = await orderlyStudent(card, seed + 1, kaohaos[1], {
    front: answer('B', ['A'], 'F'),
    back: (b) => (b.scores[strip.name] = 9),
  });
  const files = [one.front, one.back, two.front, two.back].map((x, i) => {
    const f = path.join(dir, `${i + 1}.jpg`);
    writeFileSync(f, x.jpeg);
    return f;
  });
  await page.goto(`${APP}/book/subject/${subjectId}/answerCard`);
  await page.getByTestId('scan-upload').waitFor();
  await page.locator('input[type=file]').setInputFiles(files);
  await page.getByTestId('scan-send').click();
  await page.getByTestId('scan-upload-done').waitFor();
}

/**
 * Signed in as the school admin: a fresh one-subject exam (数学, 150 分) ready to scan `card`, with 40 objective
 * questions keyed 单选 A (1-30, 2 分), 多选 AC (31-35, 4 分, 少选 2 分), 判断 对 = A (36-40, 1 分): 85 when all right.
 * `multi` changes a 多选 question (a partial rule). Returns the subject and its examinees.
 */
export async function scoreExam(
  page: Page,
  card: ReturnType<typeof typicalCard>,
  exam: { name: string; startDate: string },
  multi: (q: Record<string, unknown>) => Record<string, unknown> = (q) => q,
) {
  await loginAsSchoolAdmin(page);
  const created = await createExamWithOneSubject(page, { ...exam, course: '数学', fullScore: 150 });
  const examinees = await prepareScanSubject(page, created, card);
  const questions = Array.from({ length: 40 }, (_, i) => {
    const no = String(i + 1);
    if (i < 30) return { no, kind: 'single', options: 4, score: 2, answer: 'A' };
    if (i < 35) return multi({ no, kind: 'multi', options: 5, score: 4, answer: 'AC', partialScore: 2 });
    return { no, kind: 'trueFalse', options: 2, score: 1, answer: 'A' };
  });
  const subjectId = created.subjectId;
  await call(page, 'POST', `/api/api/subject/${subjectId}/setting/questions/objective`, { questions });
  return { subjectId, examinees };
}
