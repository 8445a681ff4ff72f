import assert from 'node:assert/strict';
import { test } from 'node:test';
import { typicalCard } from '@yj/scan-sim';
import { APP, call, loginAsSchoolAdmin, shot, waitForPath, journeySession } from './lib.ts';
import { candidate, oneBlockScene, signedIn } from './marking-lib.ts';

// Leaders (题组长, issue 13): a fresh subject is scanned, its block 第41题 gets two markers and a leader, and
// marking starts. Marker A marks a paper, flags one as 问题卷 and keeps one claimed. The leader sees the
// progress, recalls the claimed paper, scores the problem paper from its image, sends marker A's mark back
// (打回) and opens the student's paper; the subject's progress lists the block.

const card = typicalCard();
/** demo teachers no other spec signs in as */
const LEADER = '13800000012';
const MARKER_A = '13800000013';
const MARKER_B = '13800000014';

const s = journeySession();

const as = (account: string) => signedIn(s, account);

test('a block leader: progress and recall, a problem paper scored from its image, 打回, a student’s paper', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const { subjectId, blockId } = await oneBlockScene(page, card, {
    name: '2026学年题组长演示考试',
    startDate: '2026-11-27',
    course: '物理',
    score: 10,
    scanned: 3,
    seed: 300,
  });

  // two markers and a leader for the block, then marking starts (scanning is not confirmed finished)
  const userOf = (phone: string) => candidate(page, subjectId, phone);
  const [leader, markerA, markerB] = [
    (await userOf(LEADER)).userId,
    (await userOf(MARKER_A)).userId,
    (await userOf(MARKER_B)).userId,
  ];
  const nameA = (await userOf(MARKER_A)).name;
  await call(page, 'POST', `/api/subject/${subjectId}/setting/task/${blockId}`, {
    markers: [{ userId: markerA }, { userId: markerB }],
    leaders: [leader],
  });
  await call(page, 'GET', `/api/subject/${subjectId}/review/start?force=1`);

  // marker A: one mark, one 问题卷, one claimed and left
  const a = await as(MARKER_A);
  const tasks = await call<Array<{ taskId: number; leaseToken: string }>>(
    a,
    'POST',
    `/api/marking/block/${blockId}/claim`,
    { type: 'normal', count: 3 },
  );
  assert.equal(tasks.length, 3);
  await call(a, 'POST', `/api/marking/task/${tasks[0]!.taskId}/submit`, {
    leaseToken: tasks[0]!.leaseToken,
    scores: [{ no: '41', score: 6 }],
  });
  await call(a, 'POST', `/api/marking/task/${tasks[1]!.taskId}/problem`, {
    leaseToken: tasks[1]!.leaseToken,
    reason: 'unclear',
    note: '字迹太淡，看不清',
  });

  // the leader's block page: 进度 with marker A holding one paper, recalled after the confirmation
  const l = await as(LEADER);
  await l.goto(`${APP}/book/subject/${subjectId}/overview/block/${blockId}`);
  const markers = l.getByTestId('lead-markers');
  const rowA = markers.locator(`[data-row-key="${markerA}"]`);
  await rowA.getByTestId(`recall-${markerA}`).waitFor();
  await shot(l, 'lead-01-progress');
  await rowA.getByTestId(`recall-${markerA}`).click();
  await l
    .locator('.ant-popover')
    .getByRole('button', { name: /^收\s?回$/ })
    .click();
  await l.getByText('已收回 1 份试卷').waitFor();
  await rowA.getByTestId(`recall-${markerA}`).waitFor({ state: 'detached' });

  // 问题卷: the image, the reason; 给分 with the step buttons
  await l.getByRole('tab', { name: /问题卷/ }).click();
  const panel = l.getByTestId('problem-panel');
  await panel.getByText('字迹太淡，看不清').waitFor();
  await l.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="problem-panel"] img');
    return Boolean(img && img.complete && img.naturalWidth > 0);
  });
  await shot(l, 'lead-02-problem');
  // issue 31: 查看整卷 puts the student's whole paper beside the 问题卷 (the head masked), and the leader settles
  // the paper from there
  await panel.getByTestId('whole-paper-open').click();
  const whole = l.getByTestId('whole-paper');
  await l.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="whole-paper"] img');
    return Boolean(img && img.complete && img.naturalWidth > 0);
  });
  const [left, right] = [await panel.boundingBox(), await whole.boundingBox()];
  assert.ok(left && right && right.x >= left.x + left.width - 1, 'the whole paper stands beside the 问题卷');
  assert.equal(await l.getByTestId('problem-list').count(), 0, 'the list steps aside');
  await shot(l, 'lead-02b-whole-paper');
  await panel.getByTestId('problem-score').click();
  const dialog = l.getByTestId('score-dialog');
  await dialog.getByTestId('score-41').getByText('7', { exact: true }).click();
  await shot(l, 'lead-03-score');
  await l.getByTestId('score-submit').click();
  await l.getByText('问题卷已处理').waitFor();
  await l.getByTestId('problem-list').getByText('没有待处理的问题卷').waitFor();

  // 打回: marker A's mark goes back to the pool; the paper view shows who marked what
  await l.getByRole('tab', { name: '打回' }).click();
  await l.getByTestId('remark-marker').click();
  await l.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: nameA }).click();
  const list = l.getByTestId('remark-list');
  await list.locator('.ant-table-row').first().waitFor();
  await list.getByText('查看试卷').first().click();
  await l.getByTestId('paper-marks').getByText('最终 6 分').waitFor();
  await shot(l, 'lead-04-paper');
  await l.keyboard.press('Escape');
  await list.locator('.ant-table-row input[type=checkbox]').first().check();
  await shot(l, 'lead-05-remark');
  await l.getByTestId('remark-submit').click();
  await l
    .locator('.ant-popover')
    .getByRole('button', { name: /^打\s?回$/ })
    .click();
  await l.getByText('已打回 1 份试卷，将由其他老师重新评阅').waitFor();

  // marker B gets the re-marked paper from the pool
  const b = await as(MARKER_B);
  const next = await call<Array<{ taskId: number }>>(b, 'POST', `/api/marking/block/${blockId}/claim`, {
    type: 'normal',
    count: 3,
  });
  assert.ok(
    next.some((t) => t.taskId === tasks[0]!.taskId),
    'the re-marked paper is in the pool again',
  );

  // 阅卷进度 of the subject
  await l.goto(`${APP}/book/review/progress/all?subjectId=${subjectId}`);
  // the live panel (monitor-blocks) and the leaders' table both name the block
  await l.getByTestId('subject-progress').getByText('第41题').first().waitFor();
  await shot(l, 'lead-06-subject-progress');
  await l.getByText('题块管理').click();
  await waitForPath(l, `/book/subject/${subjectId}/overview/block/${blockId}`);
});
