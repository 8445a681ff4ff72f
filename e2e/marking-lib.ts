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
  await uploadSheets(page, subjectId, files, examinees.length, o.school);
}

/**
 * Sheet files (`pages` each) uploaded on the subject's scan screen, then waited for until every sheet is recognised
 * and matched (`matchedBefore` matched already: a 联考's other school's sheets, chosen on the screen as `school`).
 */
export async function uploadSheets(
  page: Page,
  subjectId: number,
  files: string[],
  n: number,
  school?: { name: string; matchedBefore: number },
): Promise<void> {
  await page.goto(`${APP}/book/subject/${subjectId}/answerCard`);
  await page.getByTestId('scan-upload').waitFor();
  if (school) {
    const select = page.getByTestId('scan-school');
    await select.click();
    await (await optionOf(page, select, school.name)).click();
    await select.filter({ hasText: school.name }).waitFor();
  }
  await page.locator('input[type=file]').setInputFiles(files);
  await page.getByTestId('scan-selection').getByText(`已选 ${files.length} 个文件`).waitFor();
  await page.getByTestId('scan-send').click();
  await page
    .getByTestId('scan-upload-done')
    .getByText(`上传成功：${files.length} 页，${n} 份答题卡进入识别`)
    .waitFor();
  await until('recognition', async () => {
    const p = await call<{ total: { queued: number; matched: number } }>(
      page,
      'GET',
      `/api/subject/${subjectId}/scanExceptionProgress`,
    );
    return p.total.queued === 0 && p.total.matched === n + (school?.matchedBefore ?? 0);
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

/**
 * Picks `name` in the candidate select `testId` (setting/task), searched on the server by the name typed. The name
 * goes in as one input (one search): typed key by key, each key's search re-drew the list under the click on a
 * loaded machine and the pick was lost. Tried again if it still did not take, never clicking a chosen option
 * again (in a multiple select that would undo it).
 */
export async function pickCandidate(page: Page, testId: string, name: string): Promise<void> {
  const select = page.getByTestId(testId);
  const chosen = select.locator('.ant-select-selection-item', { hasText: name });
  for (let attempt = 1; ; attempt++) {
    await select.click();
    await page.keyboard.insertText(name);
    const option = await optionOf(page, select, name);
    await option.waitFor();
    if (!(await option.getAttribute('class'))?.includes('ant-select-item-option-selected'))
      await option.click();
    await page.keyboard.press('Escape');
    try {
      await chosen.waitFor({ timeout: 10_000 });
      return;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
}

/** 开始阅卷 on the subject's row of startReviewManage, then the confirmation's own 开始阅卷. */
export async function pressReviewStart(page: Page): Promise<void> {
  await page.getByTestId('review-reviewStart').click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.getByText('开始后题目、答题卡模板和题块将锁定').waitFor();
  await confirm.getByRole('button', { name: '开始阅卷' }).click();
}

type Candidate = { userId: number; name: string };

/**
 * Gives a block its markers (and leaders) by phone (setting/task), without the screen: journeys that are not
 * about 阅卷分配. Returns the people as found.
 */
export async function assignMarkers(
  page: Page,
  subjectId: number,
  blockId: number,
  phones: string[],
  leaderPhones: string[] = [],
): Promise<{ markers: Candidate[]; leaders: Candidate[] }> {
  const leaders: Candidate[] = [];
  for (const phone of leaderPhones) leaders.push(await candidate(page, subjectId, phone));
  const markers: Candidate[] = [];
  for (const phone of phones) markers.push(await candidate(page, subjectId, phone));
  await call(page, 'POST', `/api/subject/${subjectId}/setting/task/${blockId}`, {
    markers: markers.map((m) => ({ userId: m.userId })),
    leaders: leaders.map((l) => l.userId),
  });
  return { markers, leaders };
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
 * The scene of the journeys on a fresh subject: an exam of one subject (full `fullScore`, 100 unless given)
 * in the demo exam's school and grade, its first class as examinees and `card` as its template; then, as
 * given, its objective and subjective questions, its blocks (as setting/block takes them), the first
 * `scan.count` examinees' sheets scanned and recognised, every block's markers and leaders by phone, and
 * marking started without the checks (force).
 */
export async function subjectScene(
  page: Page,
  card: Card,
  o: {
    name: string;
    startDate: string;
    course: string;
    fullScore?: number;
    objective?: unknown[];
    subjective?: Array<{ no: string; score: number; step?: number }>;
    blocks?: unknown[];
    scan?: { count: number; seed: number } & Parameters<typeof scanSheets>[5];
    staff?: { markers: string[]; leaders?: string[] };
    start?: boolean;
  },
) {
  const exam = await createExamWithOneSubject(page, {
    name: o.name,
    startDate: o.startDate,
    course: o.course,
    fullScore: o.fullScore ?? 100,
  });
  const { examId, subjectId } = exam;
  const examinees = await prepareScanSubject(page, exam, card);
  const setting = `/api/api/subject/${subjectId}/setting/questions`;
  if (o.objective) await call(page, 'POST', `${setting}/objective`, { questions: o.objective });
  if (o.subjective) await call(page, 'POST', `${setting}/subjective`, { questions: o.subjective });
  const blockIds: number[] = [];
  if (o.blocks) {
    const { blocks } = await call<{ blocks: Array<{ id: number }> }>(
      page,
      'POST',
      `/api/subject/${subjectId}/setting/block`,
      { blocks: o.blocks },
    );
    blockIds.push(...blocks.map((b) => b.id));
  }
  if (o.scan) {
    const { count, seed, ...sheets } = o.scan;
    await scanSheets(page, subjectId, card, examinees.slice(0, count), seed, sheets);
  }
  let staff = { markers: [] as Candidate[], leaders: [] as Candidate[] };
  if (o.staff)
    for (const b of blockIds)
      staff = await assignMarkers(page, subjectId, b, o.staff.markers, o.staff.leaders ?? []);
  if (o.start) await call(page, 'GET', `/api/subject/${subjectId}/review/start?force=1`);
  return { exam, examId, subjectId, examinees, blockIds, staff };
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
  const box41 = card.pages[0]!.subjective[0]!;
  const scene = await subjectScene(page, card, {
    name: o.name,
    startDate: o.startDate,
    course: o.course,
    subjective: [{ no: '41', score: o.score }],
    blocks: [{ name: '第41题', nos: ['41'], regions: [{ page: 0, ...box41.rect }] }],
    scan: { count: o.scanned, seed: o.seed },
  });
  return {
    exam: scene.exam,
    subjectId: scene.subjectId,
    examinees: scene.examinees,
    blockId: scene.blockIds[0]!,
  };
}
