import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { typicalCard } from '@yj/scan-sim';
import type { SentMessageItem } from '@yj/contracts';
import {
  APP,
  call,
  createExamWithOneSubject,
  loginAsSchoolAdmin,
  journeySession,
  prepareScanSubject,
  shot,
  typicalObjective,
  waitForPath,
  type Session,
} from './lib.ts';
import {
  candidate,
  keyScore,
  pressReviewDone,
  pressReviewStart,
  scanSheets,
  signedIn,
} from './marking-lib.ts';

// Issue 31 "What tells people what to do next": the manager starts marking; each marker's home shows 待阅 for
// the block with a way straight in, and the bell a system message; the leader's home shows the arbitration
// waiting; the manager's home shows 阅卷完成 and then 发布 waiting; once published the teachers (staff and the
// school's teachers of the course) get the message. Then a 需确认 message: sent once on a double click, confirmed,
// followed by its sender, and deleted after a confirmation. Screens at 1366 × 768, the home and 消息中心 at 1920 too.

const EXAM = '2026学年待办与消息演示考试';
const card = typicalCard();
const box41 = card.pages[0]!.subjective[0]!;
/** demo teachers; 13800000015 teaches 化学 and has no role in the exam */
const LEADER = '13800000009';
const MARKER_A = '13800000010';
const MARKER_B = '13800000011';
const CHEMISTRY = '13800000015';

// the browser for the file, closed after; console errors fail the journey (e2e/lib.ts)
const s: Session = journeySession();

/** Opens the bell's list and the message whose title and text are given; closes it again. */
async function openFromBell(page: Page, title: string, text: string, name: string): Promise<void> {
  await page.getByRole('button', { name: /消息/ }).click();
  const item = page.getByTestId('message-item').filter({ hasText: title }).filter({ hasText: EXAM }).first();
  await item.waitFor();
  await shot(page, `${name}-bell`);
  await item.click();
  const dialog = page.getByTestId('message-dialog');
  await dialog.getByText(text).waitFor();
  await shot(page, `${name}-message`);
  await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The header menu's entries, and the one lit (the page's own; none on the bell's pages). */
async function headerMenu(page: Page): Promise<{ entries: string[]; lit: string[] }> {
  const menu = page.locator('header .ant-menu-horizontal').first();
  await menu.waitFor();
  return {
    entries: await menu.locator(':scope > .ant-menu-item').allInnerTexts(),
    lit: await menu.locator(':scope > .ant-menu-item-selected').allInnerTexts(),
  };
}

/** The home page at 1920 × 1080 as well, then back to 1366 × 768. */
async function wide(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await shot(page, `${name}-1920`);
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('待办 and messages from 开始阅卷 to 发布成绩, and a 需确认 message', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const exam = await createExamWithOneSubject(page, {
    name: EXAM,
    startDate: '2026-11-29',
    course: '化学',
    fullScore: 100,
  });
  const { examId, subjectId } = exam;
  const examinees = await prepareScanSubject(page, exam, card);
  await call(page, 'POST', `/api/api/subject/${subjectId}/setting/questions/objective`, {
    questions: typicalObjective(2),
  });
  await call(page, 'POST', `/api/api/subject/${subjectId}/setting/questions/subjective`, {
    questions: [{ no: '41', score: 20 }],
  });
  const { blocks } = await call<{ blocks: Array<{ id: number }> }>(
    page,
    'POST',
    `/api/subject/${subjectId}/setting/block`,
    {
      blocks: [
        { name: '第41题', nos: ['41'], markCount: 2, threshold: 2, regions: [{ page: 0, ...box41.rect }] },
      ],
    },
  );
  const blockId = blocks[0]!.id;
  await scanSheets(page, subjectId, card, examinees.slice(0, 2), 700);
  await call(page, 'POST', `/api/subject/${subjectId}/absent`, {
    ids: examinees.slice(2).map((e) => e.id),
    absent: true,
  });
  const [leader, a, b] = [
    await candidate(page, subjectId, LEADER),
    await candidate(page, subjectId, MARKER_A),
    await candidate(page, subjectId, MARKER_B),
  ];
  await call(page, 'POST', `/api/subject/${subjectId}/setting/task/${blockId}`, {
    markers: [{ userId: a.userId }, { userId: b.userId }],
    leaders: [leader.userId],
  });

  // the manager starts marking (scanning not confirmed: 仍然开始)
  await page.goto(`${APP}/book/exam/${examId}/startReviewManage`);
  const row = page.getByTestId('review-manage').locator('.ant-table-row', { hasText: '化学' });
  await pressReviewStart(page);
  await page.getByTestId('review-force-start').click();
  await row.getByText('阅卷中').waitFor();

  // marker A: 待阅 2 份 on the home page, 阅卷已开始 in the bell; 去阅卷 opens the block's marking screen
  const pa = await signedIn(s, MARKER_A);
  const todoA = pa.getByTestId(`todo-mark-${blockId}`);
  await todoA.getByText('待阅 2 份').waitFor();
  await pa.getByTestId('unread-badge').locator('.ant-badge-count').waitFor();
  await shot(pa, 'todo-01-marker-home');
  await wide(pa, 'todo-01-marker-home');
  // a marker who scans nothing is not offered the scan client's download; 首页 is lit on the home page only
  const markerMenu = await headerMenu(pa);
  assert.ok(!markerMenu.entries.includes('工具下载'), `no 工具下载 for a marker: ${markerMenu.entries}`);
  assert.deepEqual(markerMenu.lit, ['首页']);
  await pa.goto(`${APP}/book/inSchool`);
  await pa.getByText('校内考试').first().waitFor();
  assert.deepEqual((await headerMenu(pa)).lit, [], '校内考试 is not 首页');
  await pa.goto(`${APP}/book/home`);
  await openFromBell(pa, '阅卷已开始', `${EXAM} 化学 已开始阅卷`, 'todo-02-marker');
  await todoA.getByRole('button', { name: '去阅卷' }).click();
  await waitForPath(pa, `/book/subject/${subjectId}/mark/${blockId}/normal/1`);
  await keyScore(pa, 9, 1);
  await keyScore(pa, 9, 2);

  // marker B: the same way in; 9 agrees on one paper, 1 is beyond the threshold on the other: arbitration
  const pb = await signedIn(s, MARKER_B);
  await pb.getByTestId(`todo-mark-${blockId}`).getByText('待阅 2 份').waitFor();
  await pb.getByTestId(`todo-mark-${blockId}`).getByRole('button', { name: '去阅卷' }).click();
  await waitForPath(pb, `/book/subject/${subjectId}/mark/${blockId}/normal/1`);
  await keyScore(pb, 9, 1);
  await keyScore(pb, 1, 2);
  await pb.goto(`${APP}/book/home`);
  await pb.getByTestId('todo').getByText('暂无待办事项').waitFor();

  // the leader: 仲裁 1 份 on the home page, 去仲裁 opens the arbitration screen
  const pl = await signedIn(s, LEADER);
  const todoL = pl.getByTestId(`todo-lead-${blockId}`);
  await todoL.getByText('仲裁 1 份').waitFor();
  await shot(pl, 'todo-03-leader-home');
  await todoL.getByRole('link', { name: '去仲裁' }).click();
  await waitForPath(pl, `/book/subject/${subjectId}/mark/${blockId}/arbitration/1`);
  await keyScore(pl, 5, 1);

  // the manager: 待确认阅卷完成, then 待发布成绩, each a link to where it is done
  await page.goto(`${APP}/book/home`);
  const left = page.getByTestId(`todo-manage-${subjectId}-markingLeft`);
  await left.getByText('已全部评完，待确认阅卷完成').waitFor();
  await shot(page, 'todo-04-manager-home');
  await left.getByRole('link', { name: '去完成阅卷' }).click();
  await waitForPath(page, `/book/exam/${examId}/startReviewManage`);
  await pressReviewDone(page);
  await row.getByText('阅卷完成').waitFor();
  await page.goto(`${APP}/book/home`);
  const ready = page.getByTestId(`todo-manage-${subjectId}-publish`);
  await ready.getByText('成绩核查已通过，待发布成绩').waitFor();
  await shot(page, 'todo-05-manager-publish');
  await wide(page, 'todo-05-manager-publish');
  await ready.getByRole('link', { name: '去发布' }).click();
  await waitForPath(page, `/book/subject/${subjectId}/score/scoreCheck`);
  await page.getByTestId('publish-release').click();
  await page
    .locator('.ant-modal-confirm:not(.ant-zoom-appear)')
    .getByRole('button', { name: /^发\s?布$/ })
    .click();
  await page.getByTestId('publish-state').getByText('已发布').waitFor();

  // the teachers get the message: a marker, and the school's 化学 teacher without a role in the exam
  await pa.goto(`${APP}/book/home`);
  await openFromBell(pa, '成绩已发布', `${EXAM} 化学 的成绩已发布`, 'todo-06-marker-published');
  const pc = await signedIn(s, CHEMISTRY);
  await openFromBell(pc, '成绩已发布', `${EXAM} 化学 的成绩已发布`, 'todo-07-teacher-published');

  // a 需确认 message to the exam's staff, from 消息中心 (the bell's page: no menu entry lit; the manager scans, so
  // 工具下载 is offered): a double click on 发送 sends it once
  await page.goto(`${APP}/book/messages`);
  const managerMenu = await headerMenu(page);
  assert.ok(managerMenu.entries.includes('工具下载'), `工具下载 for who scans: ${managerMenu.entries}`);
  assert.deepEqual(managerMenu.lit, [], '消息中心 is not 首页');
  await page.getByTestId('message-write').click();
  const form = page.getByTestId('message-form');
  await form.getByText('考试全体人员').click();
  await page.getByTestId('message-target').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: EXAM }).click();
  await page.getByTestId('message-title').fill('请确认复核安排');
  await page.getByTestId('message-content').fill('请各位老师于周五前完成试卷复核，收到后点击“确认收到”。');
  await page.getByTestId('message-need-confirm').check();
  await shot(page, 'todo-08-write');
  await page.getByTestId('message-send').dblclick();
  await page.getByText(/消息已发送给 \d+ 人/).waitFor();
  const sent = await call<{ items: SentMessageItem[] }>(page, 'POST', '/api/message/sent', {
    page: 1,
    size: 50,
  });
  const ours = sent.items.filter((m) => m.title === '请确认复核安排');
  assert.equal(ours.length, 1, 'a double click sends one message');
  assert.ok(ours[0]!.recipients >= 3, 'the markers and the leader are among the recipients');

  // marker A confirms it; the sender sees who did
  await pa.goto(`${APP}/book/messages`);
  await pa.getByTestId('inbox').getByText('请确认复核安排').click();
  await pa.getByTestId('message-confirm').click();
  await pa.getByTestId('message-dialog').getByText('已确认').waitFor();
  await shot(pa, 'todo-09-confirmed');
  await pa.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
  await page.getByRole('tab', { name: '我发送的' }).click();
  await page.getByTestId(`receipts-${ours[0]!.id}`).click();
  const receipts = page.getByTestId('message-receipts');
  await receipts.locator('.ant-table-row', { hasText: a.name }).getByText('已确认').waitFor();
  await receipts.locator('.ant-table-row', { hasText: b.name }).getByText('未读').waitFor();
  await shot(page, 'todo-10-receipts');
  await wide(page, 'todo-10-receipts');
  await page.keyboard.press('Escape');

  // marker A deletes it: asked first, then gone from the list
  await pa
    .getByTestId('inbox')
    .locator('.ant-table-row', { hasText: '请确认复核安排' })
    .getByText('删除')
    .click();
  const ask = pa.locator('.ant-modal-confirm', { hasText: '确定删除这条消息吗？' });
  await ask.waitFor();
  await shot(pa, 'todo-11-delete-ask');
  await ask.getByRole('button', { name: /^删\s?除$/ }).click();
  await pa.getByTestId('inbox').getByText('请确认复核安排').waitFor({ state: 'detached' });
});
