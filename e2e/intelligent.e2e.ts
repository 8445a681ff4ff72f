import assert from 'node:assert/strict';
import { test } from 'node:test';
import { typicalCard, type SubjectiveInk } from '@yj/scan-sim';
import { APP, call, loginAsSchoolAdmin, shot, journeySession } from './lib.ts';
import { signedIn, taskRow, subjectScene } from './marking-lib.ts';

// 智能辅助 and 重新选题 (issue 14): nine sheets scanned where three answers are blank and three alike; the block
// leader switches both parts on, runs 智能判空, checks the sample and confirms (the blanks get 0 and leave the
// pool), sends one back; runs 归组 and the marker scores the alike group at once; the marker sends one of the
// confirmed blanks back with a reason; the subject's manager then changes the block's questions on the
// 重新选题 page behind the confirmation that says how many marks go.

const card = typicalCard();
/** demo teachers no other journey signs in as */
const LEADER = '13800000002';
const MARKER = '13800000004';
/** what examinee i wrote in answer box 41: blank, the short answer "3", or lines of writing */
const INK = (i: number): Record<string, SubjectiveInk> => ({
  '41': i % 3 === 0 ? { kind: 'blank' } : i % 3 === 1 ? { kind: 'answer', text: '3' } : { kind: 'full' },
});

const s = journeySession();

interface Progress {
  tasks: { submitted: number; pending: number };
}

test('blank answers scored 0 after the leader’s check, a group scored at once, a reselect', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const box41 = card.pages[0]!.subjective[0]!;
  const { subjectId, blockIds } = await subjectScene(page, card, {
    name: '2026学年智能辅助演示考试',
    startDate: '2026-11-29',
    course: '化学',
    subjective: [
      { no: '41', score: 6 },
      { no: '42', score: 4 },
    ],
    blocks: [{ name: '第41-42题', nos: ['41', '42'], regions: [{ page: 0, ...box41.rect }] }],
    scan: { count: 9, seed: 900, ink: INK },
    staff: { markers: [MARKER], leaders: [LEADER] },
    start: true,
  });
  const blockId = blockIds[0]!;
  const progress = () => call<Progress>(page, 'GET', `/api/marking/block/${blockId}/progress`);

  // the leader: 智能辅助 from the subject page, both parts switched on for the block (off by default)
  const lp = await signedIn(s, LEADER);
  await lp.goto(`${APP}/book/subject/${subjectId}`);
  await lp.getByTestId('to-intelligent').click();
  await lp.getByTestId('intelligent-setting').waitFor();
  await lp.getByTestId(`blank-switch-${blockId}`).click();
  await lp.getByTestId(`blank-switch-${blockId}`).and(lp.locator('.ant-switch-checked')).waitFor();
  await lp.getByTestId(`group-switch-${blockId}`).click();
  await lp.getByTestId(`group-switch-${blockId}`).and(lp.locator('.ant-switch-checked')).waitFor();

  // 智能判空 runs over the block, its progress followed on the page
  await lp.getByTestId(`blank-run-${blockId}`).click();
  await lp.getByText('检出 3 份空白').waitFor({ timeout: 120_000 });
  await shot(lp, 'intelligent-01-settings');

  // the check screen: the sample of blanks, then the confirmation
  await lp.getByTestId(`blank-check-${blockId}`).click();
  await lp.getByTestId('blank-check').waitFor();
  const sample = lp.getByTestId('blank-sample').getByTestId('blank-item');
  await sample.nth(2).waitFor();
  assert.equal(await sample.count(), 3);
  await lp.getByTestId('blank-sample').getByTestId('task-image').nth(2).locator('img').waitFor();
  await shot(lp, 'intelligent-02-check');
  await lp.getByTestId('blank-confirm').click();
  await lp.locator('.ant-modal-confirm').getByText('检出的 3 份空白答卷记 0 分').waitFor();
  await lp.locator('.ant-modal-confirm').getByRole('button', { name: '确认记 0 分' }).click();
  await lp.getByText('已确认：3 份空白答卷记 0 分').waitFor();
  let p = await progress();
  assert.equal(p.tasks.submitted, 3, 'the blanks are scored');
  assert.equal(p.tasks.pending, 6, 'and left the pool');

  // one is sent back to ordinary marking
  const applied = lp.getByTestId('blank-applied').getByTestId('blank-item');
  await applied.nth(2).waitFor();
  await applied.first().getByTestId('blank-back').click();
  await lp.getByText('已退回正常阅卷').waitFor();
  // the list is read again after the message: wait for the third card to go (a loaded machine is slow here)
  await lp.getByTestId('blank-applied').getByTestId('blank-item').nth(2).waitFor({ state: 'detached' });
  assert.equal(await lp.getByTestId('blank-applied').getByTestId('blank-item').count(), 2);
  await shot(lp, 'intelligent-03-applied');
  p = await progress();
  assert.equal(p.tasks.pending, 7);

  // 归组 over the papers still in the pool
  await lp.goto(`${APP}/book/subject/${subjectId}/setting/intelligent`);
  await lp.getByTestId(`group-run-${blockId}`).click();
  await lp.getByTestId(`group-open-${blockId}`).waitFor({ timeout: 120_000 });
  await shot(lp, 'intelligent-04-grouped');

  // the marker finds the group on the task list and scores the alike answers as one group
  const mp = await signedIn(s, MARKER);
  await mp.goto(`${APP}/book/review/task`);
  const groupsLink = taskRow(mp, '2026学年智能辅助演示考试', '第41-42题').getByRole('link', {
    name: '归组评阅（1）',
  });
  await groupsLink.waitFor();
  await shot(mp, 'intelligent-05a-task-list');
  await groupsLink.click();
  const group = mp.getByTestId('answer-group');
  await group.first().waitFor();
  assert.equal(await group.count(), 1, 'one group: the three answers "3"');
  assert.equal(await group.first().getByTestId('group-paper').count(), 3);
  await group.first().getByTestId('task-image').nth(2).locator('img').waitFor();
  await shot(mp, 'intelligent-05-group');
  // the score of each question of the block: 41 then 42
  await group.first().getByRole('spinbutton').nth(0).fill('2');
  await group.first().getByRole('spinbutton').nth(1).fill('0');
  await group.first().getByTestId('group-score-submit').click();
  await mp.locator('.ant-popconfirm').getByText('给本组显示的 3 份答卷都记 2 分？').waitFor();
  await mp
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^确\s?定$/ })
    .click();
  await mp.getByText('已给分 3 份').waitFor();
  await mp.getByText('没有待评的相同答案分组：都已给分或移出').waitFor();
  await shot(mp, 'intelligent-06-group-done');
  p = await progress();
  assert.equal(p.tasks.submitted, 5, 'two blanks and the group of three');

  await mp.goto(`${APP}/book/review/task`);
  const row = taskRow(mp, '2026学年智能辅助演示考试', '第41-42题');
  // a blank scored 0 is a mark of no marker, in nobody's 回评: the markers reach them from the task list
  const blanksLink = row.getByTestId(`marker-blanks-${blockId}`);
  await blanksLink.getByText('智能判空（2）').waitFor();
  await blanksLink.click();
  const blanks = mp.getByTestId('marker-blanks').getByTestId('marker-blank');
  await blanks.nth(1).waitFor();
  assert.equal(await blanks.count(), 2);
  await mp.getByTestId('marker-blanks').getByTestId('task-image').nth(1).locator('img').waitFor();
  await shot(mp, 'intelligent-06b-marker-blanks');
  await blanks.first().getByTestId('marker-blank-back').click();
  await mp.getByTestId('marker-blank-reason').fill('框外有作答');
  await shot(mp, 'intelligent-06c-marker-blank-back');
  await mp.getByTestId('marker-blank-back-ok').click();
  await mp.getByText('已退回正常阅卷，这份答卷将由阅卷老师评分').waitFor();
  await mp.getByText('智能判空把 1 份空白答卷记为 0 分').waitFor();
  p = await progress();
  assert.equal(p.tasks.submitted, 4, 'one blank and the group of three');

  // 重新选题 on its own page (spec subject/{subjectId}/{step}/resetting/{reSelectFlag}), from the block page:
  // the manager takes question 42 out of the block after seeing how many marks go
  await page.goto(`${APP}/book/subject/${subjectId}/overview/block/${blockId}`);
  await page.getByTestId('reselect-open').click();
  await page.waitForURL(`**/book/subject/${subjectId}/${blockId}/resetting/1`);
  const form = page.getByTestId('reselect-form');
  await form.getByTestId('reselect-counts').getByText('4 份').first().waitFor();
  await form
    .locator('.ant-select-selection-item', { hasText: '第42题' })
    .locator('.ant-select-selection-item-remove')
    .click();
  await form.getByText('第 42 题将不在任何题块中').waitFor();
  await form.getByTestId('reselect-reason').fill('第42题改为线下批阅');
  await form.getByTestId('reselect-sure').check();
  await shot(page, 'intelligent-07-reselect');
  await form.getByTestId('reselect-submit').click();
  await page.getByText('已重新选题：题块现为第 41 题，4 份评分作废，4 份试卷重新评阅').waitFor();
  // back on the block page
  await page.waitForURL(`**/book/subject/${subjectId}/overview/block/${blockId}**`);
  p = await progress();
  assert.equal(p.tasks.submitted, 0, 'every mark of the block discarded');
});
