import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  createRng,
  orderlyStudent,
  quizCard,
  randomAnswers,
  scannerFeed,
  simulateSheet,
  typicalCard,
} from '@yj/scan-sim';
import {
  APP,
  badgeCounts,
  call,
  type CreatedExam,
  giveCardPictures,
  journeySession,
  loginAsSchoolAdmin,
  newScanExam,
  scannedFiles,
  shot,
  uploadScans,
  waitForPath,
} from './lib.ts';
import { candidate, signedIn } from './marking-lib.ts';

// Piles of sheets that went wrong outside the image, as the person at the scanner meets them: each is uploaded in
// the browser, raised where it used to be read silently (or one click at a time), and settled on the 识别异常
// screen.

const s = journeySession({ setup: (x) => loginAsSchoolAdmin(x.page) });
/** a demo teacher, made the 学校负责人 of the blank-backs exam */
const LEADER = '13800000008';

/**
 * The exam's 学校负责人 (scan.read, not subject.scan) opens the 识别异常 screen and the 缺扫名单 a scanner is
 * working on: the same exceptions and images, and not one control the server would refuse.
 */
async function readOnlyLeader(exam: CreatedExam): Promise<void> {
  const leader = await candidate(s.page, exam.subjectId, LEADER);
  await call(s.page, 'POST', `/api/exam/${exam.examId}/role`, {
    role: 9,
    userIds: [leader.userId],
    schoolId: exam.schoolId,
  });
  const page = await signedIn(s, LEADER);
  await page.goto(`${APP}/book/scan/scanException?subjectId=${exam.subjectId}&type=otherExp`);
  await page.getByTestId('scan-read-only').waitFor();
  await badgeCounts(page, 'otherExp', 3);
  const panel = page.getByTestId('exception-panel');
  await panel.getByText('空白页').first().waitFor();
  // drawn once the image came: the page images are served to scan.read
  await panel.getByTestId('exception-image').waitFor();
  await shot(page, 'scan-blanks-00-read-only');
  for (const control of ['blanks-set-aside', 'rescan'])
    assert.equal(await page.getByTestId(control).count(), 0, `${control} shown to a 学校负责人`);
  assert.equal(await page.getByRole('button', { name: '上传答题卡' }).count(), 0);

  await page.getByRole('button', { name: '缺扫名单' }).click();
  await page.getByTestId('missed-summary').waitFor();
  for (const control of ['mark-absent', 'scan-finish'])
    assert.equal(await page.getByTestId(control).count(), 0, `${control} shown to a 学校负责人`);
  assert.equal(await page.getByRole('button', { name: '上传原卷' }).count(), 0);
  assert.equal(await page.locator('.ant-table-selection-column').count(), 0, 'rows to tick');
  await shot(page, 'scan-blanks-00-missed-read-only');

  await page.goto(`${APP}/book/subject/${exam.subjectId}/answerCard`);
  await page.getByTestId('to-exceptions').getByText('查看识别异常').waitFor();
  assert.equal(await page.getByTestId('scan-upload-card').count(), 0, 'the upload card');
  await page.locator('.ant-table-row', { hasText: '阳光实验中学' }).first().waitFor();
  assert.equal(await page.locator('[data-testid^="void-batch-"]').count(), 0, '作废 shown to a 学校负责人');

  // 成绩发布: the subjects' states and checks, neither the batch button nor a box to tick (score.publish)
  await page.goto(`${APP}/book/exam/${exam.examId}/scoreRelease`);
  await page.getByTestId('score-release').locator('.ant-table-row').first().waitFor();
  assert.equal(await page.getByTestId('batch-release').count(), 0, '发布所选科目 shown to a 学校负责人');
  assert.equal(await page.getByTestId('score-release').locator('.ant-checkbox').count(), 0, 'rows to tick');
  await shot(page, 'scan-blanks-00-release-read-only');

  // the subject's card templates: listed, and neither made, changed nor chosen (subject.setting.edit)
  await page.goto(`${APP}/book/subject/${exam.subjectId}/template/home`);
  await page.getByTestId('template-home').locator('.ant-table-row').first().waitFor();
  for (const control of ['new-template', 'activate-template'])
    assert.equal(await page.getByTestId(control).count(), 0, `${control} shown to a 学校负责人`);
  assert.equal(await page.getByRole('button', { name: '删除' }).count(), 0);
  await page.goto(`${APP}/book/subject/${exam.subjectId}/template/create`);
  await page.getByTestId('no-access').waitFor();
  await page.context().close();
}

/** From the upload screen to the 识别异常 screen's badge `key`, once it counts `n`. */
async function openBadge(page: Page, key: string, n: number): Promise<void> {
  await page.getByTestId('to-exceptions').click();
  await waitForPath(page, '/book/scan/scanException');
  await badgeCounts(page, key, n);
  await page.getByTestId(`badge-${key}`).click();
}

// A sheet with another student's exam number (room-order.ts): room 01's batch, in order, holds one sheet read
// as a room 02 student's. Nothing in the exam-number list is against it; the batch's order is. The person
// compares the name on the sheet and confirms it.
test('a sheet out of its batch’s room, or out of its room’s seat order, is raised with where it was found and settled with one click', async () => {
  const { page } = s;
  const card = typicalCard();
  // 35 students in rooms of 30: room 01 and five in room 02
  const { exam, examinees } = await newScanExam(
    page,
    { name: '2026学年考场核对演示考试', startDate: '2026-11-21', course: '化学' },
    card,
  );
  const first = examinees.filter((e) => e.kaochang === examinees[0]!.kaochang);
  const other = examinees.find((e) => e.kaochang !== examinees[0]!.kaochang);
  assert.ok(first.length >= 11 && other, 'two rooms');

  const order = [...first.slice(0, 6), other, ...first.slice(6, 11)];
  const sheets = await Promise.all(order.map((e, i) => orderlyStudent(card, 900 + 10 * i, e.kaohao)));
  const pages = sheets.flatMap((x) => [x.front.jpeg, x.back.jpeg]);
  await uploadScans(page, exam.subjectId, scannedFiles('rooms', pages), 12);

  await openBadge(page, 'kaohaoExp', 1);
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

  // The next seats of room 01 (seat-order.ts): the student in seat 15 filled 25 — a roommate who has no sheet,
  // in the same room, so the room check has nothing against it; the sheet breaks the seats' order instead.
  const seats = first.slice(11, 24);
  const writer = seats[3]!;
  const slipped = first[24]!;
  assert.equal(slipped.kaohao, writer.kaohao.replace(/1(\d)$/, '2$1'), 'one digit apart');
  const pile = await Promise.all(
    seats.map((e, i) => orderlyStudent(card, 1200 + 10 * i, e === writer ? slipped.kaohao : e.kaohao)),
  );
  await uploadScans(
    page,
    exam.subjectId,
    scannedFiles(
      'seats',
      pile.flatMap((x) => [x.front.jpeg, x.back.jpeg]),
    ),
    13,
  );
  await openBadge(page, 'kaohaoExp', 1);
  await panel.getByText(`而那里的 ${writer.kaohao}（${writer.name}） 还没有答卷`).waitFor();
  await shot(page, 'scan-seats-01-raised');
  await page.getByTestId(`give-${writer.id}`).click();
  await page.getByText(`确认这张答卷是 ${writer.name} 的？`).waitFor();
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  await badgeCounts(page, 'kaohaoExp', 0);
});

// Two-sided cards scanned with the scanner left on 单面 (paper-pages.ts): every paper the upload is cut into holds
// two students' fronts. The upload screen asks for a two-sided scan; each paper is raised as 页面异常 with both
// images side by side, and taken out for the rescan.
test('a one-sided scan of two-sided cards is raised paper by paper, both fronts shown, and taken out', async () => {
  const { page } = s;
  const card = typicalCard();
  const { exam, examinees } = await newScanExam(
    page,
    { name: '2026学年单面扫描演示考试', startDate: '2026-11-23', course: '生物' },
    card,
  );
  const pile = await Promise.all(
    examinees.slice(0, 4).map((e, i) => orderlyStudent(card, 950 + 10 * i, e.kaohao)),
  );
  const fronts = scannerFeed(
    pile.map((x) => [x.front.jpeg, x.back.jpeg]),
    { simplex: true },
  );
  await uploadScans(page, exam.subjectId, scannedFiles('feed', fronts), 2);
  const notice = page.getByTestId('scan-foreign');
  await notice
    .getByText(/^批次 #\d+ 共 2 页与所在答卷的其他页不是同一名考生的$/)
    .waitFor({ timeout: 30_000 });
  await notice.getByText(/请把扫描仪设为“双面”/).waitFor();
  await shot(page, 'scan-feed-00-notice');

  await openBadge(page, 'otherExp', 2);
  const panel = page.getByTestId('exception-panel');
  await panel.getByText('页面异常').waitFor();
  await panel.getByText('第 2 张图与第 1 张图都是答题卡第 1 页').waitFor();
  const images = panel.getByTestId('paper-pages');
  await images.getByText('第 1 张图（答题卡第 1 页）').waitFor();
  await images.getByText('标出的一页').waitFor();
  await images.locator('svg[role=img]').nth(1).waitFor();
  await shot(page, 'scan-feed-01-raised');

  await panel.getByTestId('rescan').click();
  await page.locator('.ant-modal-confirm-title', { hasText: '移出这张答题卡并重新扫描？' }).waitFor();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await badgeCounts(page, 'otherExp', 1);
  await shot(page, 'scan-feed-02-taken-out');

  // the rest of the pile at once: the batch is voided (作废), its notice goes, and the pile is scanned again
  // two-sided into a new batch, every student matched
  await page.goto(`${APP}/book/subject/${exam.subjectId}/answerCard`);
  await page.locator('[data-testid^="void-batch-"]').click();
  await page
    .locator('.ant-modal-confirm-title')
    .getByText(/^作废批次 #\d+（4 页）？$/)
    .waitFor();
  await shot(page, 'scan-feed-03-void-confirm');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '作废本批次' }).click();
  await page.locator('[data-testid^="batch-voided-"]').waitFor();
  await page.getByTestId('scan-foreign').waitFor({ state: 'detached' });
  const sheets = pile.flatMap((x) => [x.front.jpeg, x.back.jpeg]);
  await uploadScans(page, exam.subjectId, scannedFiles('again', sheets), 4);
  await page
    .locator('.ant-descriptions-item', { hasText: '已匹配考生' })
    .getByText('4', { exact: true })
    .waitFor({ timeout: 30_000 });
  await shot(page, 'scan-feed-04-scanned-again');
});

// Two sheets pulled through together on a scanner without a double-feed sensor (same-sheet.ts): the first
// student's paper holds the second's back and the second shows as not scanned. Scanned again, that sheet's back is
// found in both papers by its writing; both are raised with the two images side by side, and taking out the paper
// holding the stray page (for its own sheet's rescan) settles both.
test('a sheet fed stuck to the one before it is found in two papers when scanned again; taking out the wrong paper settles both', async () => {
  const { page } = s;
  const card = typicalCard();
  const { exam, examinees } = await newScanExam(
    page,
    { name: '2026学年双张进纸演示考试', startDate: '2026-11-25', course: '地理' },
    card,
  );
  await giveCardPictures(page, exam.subjectId, card);
  const [a, b, c] = examinees;
  const pile = await Promise.all([a!, b!, c!].map((e, i) => orderlyStudent(card, 1400 + 10 * i, e.kaohao)));
  const fed = scannerFeed(
    pile.map((x) => [x.front.jpeg, x.back.jpeg]),
    { doubleFed: [0] },
  );
  await uploadScans(page, exam.subjectId, scannedFiles('stuck', fed), 2);
  const again = await orderlyStudent(card, 1410, b!.kaohao, { rescan: 7_100 });
  await uploadScans(page, exam.subjectId, scannedFiles('late', [again.front.jpeg, again.back.jpeg]), 1);

  await openBadge(page, 'otherExp', 2);
  const panel = page.getByTestId('exception-panel');
  // the first student's paper: it holds the stray page
  await page.locator('.ant-table-row', { hasText: `${a!.kaohao}第 2 张图与后来扫描的考号` }).click();
  await panel.getByText(`本答卷的这一页是考号 ${b!.kaohao} 的`).waitFor();
  const both = panel.getByTestId('same-sheet-pages');
  await both.getByText('本答卷第 2 张图（答题卡第 2 页）').waitFor();
  await both.getByText(`考号 ${b!.kaohao}（${b!.name}）的答卷第 2 张图（答题卡第 2 页）`).waitFor();
  await both.locator('svg[role=img]').nth(1).waitFor();
  await shot(page, 'scan-twice-01-raised');

  await panel.getByTestId('rescan').click();
  await page.locator('.ant-modal-confirm-title', { hasText: '移出这张答题卡并重新扫描？' }).waitFor();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  // the sheet is now in the late paper alone: its side of the pair is settled with it
  await badgeCounts(page, 'otherExp', 0);
  await shot(page, 'scan-twice-02-taken-out');
});

// One-sided cards on a scanner left on 双面: every sheet's blank back becomes a paper of its own, waiting on a
// 空白页. They are set aside with one confirmed click instead of one each.
test('the blank backs of a two-sided scan of one-sided cards are set aside with one click', async () => {
  const { page } = s;
  const card = quizCard();
  const { exam, examinees } = await newScanExam(
    page,
    { name: '2026学年空白页演示小测', startDate: '2026-11-24', course: '物理' },
    card,
  );
  const sheet = async (seed: number, kaohao: string, blank = false) =>
    (
      await simulateSheet(card, 0, randomAnswers(card.pages[0]!, createRng(seed), 'clean', kaohao), {
        seed,
        difficulty: 'clean',
        blank,
      })
    ).jpeg;
  const pile = await Promise.all(
    examinees
      .slice(0, 3)
      .map(async (e, i) => [await sheet(970 + i, e.kaohao), await sheet(980 + i, e.kaohao, true)] as const),
  );
  await uploadScans(
    page,
    exam.subjectId,
    scannedFiles('blanks', scannerFeed(pile.map(([f, b]) => [f, b]))),
    6,
  );

  await openBadge(page, 'otherExp', 3);
  await page.getByTestId('exception-panel').getByText('空白页').first().waitFor();
  await readOnlyLeader(exam);
  await page.getByTestId('blanks-set-aside').click();
  await page.getByText('移出所有只有空白页的答卷？').waitFor();
  await shot(page, 'scan-blanks-01-confirm');
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  await page.getByText('已移出 3 份只有空白页的答卷').waitFor();
  await badgeCounts(page, 'otherExp', 0);
  await shot(page, 'scan-blanks-02-done');
});
