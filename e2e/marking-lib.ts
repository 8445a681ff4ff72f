import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { orderlyStudent, type SubjectiveInk, type typicalCard } from '@yj/scan-sim';
import {
  APP,
  DEMO_PASSWORD,
  call,
  createExamWithOneSubject,
  journeyContext,
  login,
  optionOf,
  prepareScanSubject,
  type Session,
} from './lib.ts';

export { optionOf };

// Shared setup of the marking journeys (lead.e2e.ts, marking-journey.e2e.ts): real sheets scanned on the
// scan screen, the people of a block found by phone, and a signed-in page per person.

type Card = ReturnType<typeof typicalCard>;

/** A signed-in page of its own for another person (own cookies); page errors go to the session's list. */
export async function signedIn(s: Session, account: string): Promise<Page> {
  const context = await journeyContext(s.browser, account);
  const page = await context.newPage();
  page.on('pageerror', (e) => s.errors.push(e.message));
  await login(page, account, DEMO_PASSWORD);
  await page.waitForURL('**/minions/book/**');
  return page;
}

/** Polls `ok` until it holds (the server's background work: recognition, jobs); fails after two minutes. */
export async function until(what: string, ok: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * One sheet per examinee (front and back, the back's score strip at `strip(i)`, 5 unless given), uploaded on
 * the subject's scan screen and waited for until every sheet is recognised and matched.
 */
export async function scanSheets(
  page: Page,
  subjectId: number,
  card: Card,
  examinees: Array<{ kaohao: string }>,
  seed: number,
  o: {
    /** what examinee i wrote in the answer boxes, by question (default: the simulator's random choice) */
    ink?: (i: number) => Record<string, SubjectiveInk>;
    /** the score examinee i's 打分栏 shows (default 5) */
    strip?: (i: number) => number;
    /** a 联考's school the sheets are scanned for (chosen on the screen), and the subject's sheets matched before */
    school?: { name: string; matchedBefore: number };
  } = {},
): Promise<void> {
  const box = card.pages[1]!.scoreBoxes[0]!;
  const dir = mkdtempSync(path.join(tmpdir(), 'yj-e2e-sheets-'));
  const files: string[] = [];
  for (const [i, e] of examinees.entries()) {
    const sheet = await orderlyStudent(card, seed + i, e.kaohao, {
      back: (b) => (b.scores[box.name] = o.strip?.(i) ?? 5),
      ink: o.ink?.(i),
    });
    for (const [j, jpeg] of [sheet.front.jpeg, sheet.back.jpeg].entries()) {
      const f = path.join(dir, `${String(i * 2 + j + 1).padStart(4, '0')}.jpg`);
      writeFileSync(f, jpeg);
      files.push(f);
    }
  }
  const n = examinees.length;
  await page.goto(`${APP}/book/subject/${subjectId}/answerCard`);
  await page.getByTestId('scan-upload').waitFor();
  if (o.school) {
    const select = page.getByTestId('scan-school');
    await select.click();
    await (await optionOf(page, select, o.school.name)).click();
    await select.filter({ hasText: o.school.name }).waitFor();
  }
  await page.locator('input[type=file]').setInputFiles(files);
  await page
    .getByTestId('scan-selection')
    .getByText(`已选 ${2 * n} 个文件`)
    .waitFor();
  await page.getByTestId('scan-send').click();
  await page
    .getByTestId('scan-upload-done')
    .getByText(`上传成功：${2 * n} 页，${n} 份答题卡进入识别`)
    .waitFor();
  await until('recognition', async () => {
    const p = await call<{ total: { queued: number; matched: number } }>(
      page,
      'GET',
      `/api/subject/${subjectId}/scanExceptionProgress`,
    );
    return p.total.queued === 0 && p.total.matched === n + (o.school?.matchedBefore ?? 0);
  });
}

/** A teacher the subject's 阅卷分配 may choose, found by phone. */
export async function candidate(
  page: Page,
  subjectId: number,
  phone: string,
): Promise<{ userId: number; name: string }> {
  const found = await call<{ items: Array<{ userId: number; name: string }> }>(
    page,
    'GET',
    `/api/subject/${subjectId}/setting/task/candidates?keyword=${phone}`,
  );
  return found.items[0]!;
}

/** Picks `name` in the candidate select `testId` (setting/task), searched on the server by the name typed. */
export async function pickCandidate(page: Page, testId: string, name: string): Promise<void> {
  const select = page.getByTestId(testId);
  await select.click();
  await page.keyboard.type(name);
  await (await optionOf(page, select, name)).click();
  await page.keyboard.press('Escape');
  await select.locator('.ant-select-selection-item', { hasText: name }).waitFor();
}

/** 开始阅卷 on the subject's row of startReviewManage, then the confirmation's own 开始阅卷. */
export async function pressReviewStart(page: Page): Promise<void> {
  await page.getByTestId('review-reviewStart').click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.getByText('开始后题目、答题卡模板和题块将锁定').waitFor();
  await confirm.getByRole('button', { name: '开始阅卷' }).click();
}

/** Gives a block its markers by phone (setting/task), without the screen: journeys that are not about 阅卷分配. */
export async function assignMarkers(
  page: Page,
  subjectId: number,
  blockId: number,
  phones: string[],
): Promise<void> {
  const markers = [];
  for (const phone of phones) markers.push({ userId: (await candidate(page, subjectId, phone)).userId });
  await call(page, 'POST', `/api/subject/${subjectId}/setting/task/${blockId}`, { markers, leaders: [] });
}

/** 阅卷完成 on the subject's row of startReviewManage, then the confirmation's own button. */
export async function pressReviewDone(page: Page): Promise<void> {
  await page.getByTestId('review-reviewDone').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '阅卷完成' }).click();
}

/** The row of a block on review/task, in the exam named `exam`. */
export const taskRow = (page: Page, exam: string, blockName: string) =>
  page.getByTestId('review-exam').filter({ hasText: exam }).locator('.ant-table-row', { hasText: blockName });

/** Waits for the marking screen's count of my papers. */
export const myCount = (page: Page, n: number) =>
  page.getByTestId('my-count').getByText(String(n), { exact: true }).waitFor();

/** Scores the paper on screen with digits and Enter only, and waits until the count says it went. */
export async function keyScore(page: Page, score: number, count: number): Promise<void> {
  await page.getByTestId('mark-image').first().waitFor();
  for (const k of String(score)) await page.keyboard.press(k);
  await page.keyboard.press('Enter');
  await myCount(page, count);
}

/**
 * The scene of the one-block journeys (lead, quality, reset): an exam of one subject whose question 41 (full
 * `score`) is the block 第41题 over the card's first answer box, and the first `scanned` students' sheets
 * scanned and recognised.
 */
export async function oneBlockScene(
  page: Page,
  card: Card,
  o: { name: string; startDate: string; course: string; score: number; scanned: number; seed: number },
) {
  const exam = await createExamWithOneSubject(page, {
    name: o.name,
    startDate: o.startDate,
    course: o.course,
    fullScore: 100,
  });
  const { subjectId } = exam;
  const examinees = await prepareScanSubject(page, exam, card);
  await call(page, 'POST', `/api/api/subject/${subjectId}/setting/questions/subjective`, {
    questions: [{ no: '41', score: o.score }],
  });
  const box41 = card.pages[0]!.subjective[0]!;
  const { blocks } = await call<{ blocks: Array<{ id: number }> }>(
    page,
    'POST',
    `/api/subject/${subjectId}/setting/block`,
    { blocks: [{ name: '第41题', nos: ['41'], regions: [{ page: 0, ...box41.rect }] }] },
  );
  await scanSheets(page, subjectId, card, examinees.slice(0, o.scanned), o.seed);
  return { exam, subjectId, examinees, blockId: blocks[0]!.id };
}
