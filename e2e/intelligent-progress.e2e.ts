import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { typicalCard, type SubjectiveInk } from '@yj/scan-sim';
import { APP, call, loginAsSchoolAdmin, shot, journeySession } from './lib.ts';
import { candidate, signedIn, taskRow, until, subjectScene } from './marking-lib.ts';

// Issue 29, walked as the school's marking staff did on a subject of two blocks: 相同答案归组 on short and
// long written answers groups only the equal short ones (never the long writing), the grouped papers stay
// claimable by ordinary marking while they wait, a group is scored for the papers shown side by side; and the
// four progress screens — the marker's task list, 阅卷进度 (its live panel and its table), the block
// overview and the exam's progress — show one figure for a block at one moment, blanks scored 0 included.

const card = typicalCard();
const EXAM = '2026学年归组与进度演示考试';
/** demo teachers no other journey signs in as */
const LEADER = '13800000012';
const MARKER = '13800000013';
const QUALITY = '13800000014';
const LONG = '因为两角相等所以两直线平行';
/** answer box 41 of examinee i: "3" ×6, "5" ×4, lines of writing ×3, one long line written alike ×2, a blank */
const INK = (i: number): Record<string, SubjectiveInk> => ({
  '41':
    i < 6
      ? { kind: 'answer', text: '3' }
      : i < 10
        ? { kind: 'answer', text: '5' }
        : i < 13
          ? { kind: 'full' }
          : i < 15
            ? { kind: 'answer', text: LONG }
            : { kind: 'blank' },
});
const SHEETS = 16;

const s = journeySession();

interface Figure {
  done: number;
  total: number;
}
/** The figure a BlockProgressBar shows (its data attributes carry the numbers its text prints). */
async function figureOf(page: Page, testId: string): Promise<Figure> {
  const bar = page.getByTestId(testId).first();
  await bar.waitFor();
  const f = {
    done: Number(await bar.getAttribute('data-done')),
    total: Number(await bar.getAttribute('data-total')),
  };
  await bar.getByText(`${f.done} / ${f.total}`).waitFor();
  return f;
}

test('grouping takes only equal short answers, grouped papers stay claimable, one progress everywhere', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const [box41, box42] = card.pages[0]!.subjective;
  const { subjectId, examId, blockIds } = await subjectScene(page, card, {
    name: EXAM,
    startDate: '2026-12-06',
    course: '生物',
    subjective: [
      { no: '41', score: 6 },
      { no: '42', score: 4 },
    ],
    blocks: [
      { name: '第41题', nos: ['41'], regions: [{ page: 0, ...box41!.rect }] },
      { name: '第42题', nos: ['42'], regions: [{ page: 0, ...box42!.rect }] },
    ],
    scan: { count: SHEETS, seed: 2900, ink: INK },
    staff: { markers: [MARKER], leaders: [LEADER] },
    start: true,
  });
  const [b41, b42] = [blockIds[0]!, blockIds[1]!];
  const base = `/api/subject/${subjectId}/setting/intelligent`;

  // the leader switches both parts on for 第41题; 智能判空 scores the one blank 0 (checked, confirmed)
  const lp = await signedIn(s, LEADER);
  await lp.goto(`${APP}/book/subject/${subjectId}/setting/intelligent`);
  await lp.getByTestId('intelligent-setting').waitFor();
  for (const part of ['blank', 'group']) {
    await lp.getByTestId(`${part}-switch-${b41}`).click();
    await lp.getByTestId(`${part}-switch-${b41}`).and(lp.locator('.ant-switch-checked')).waitFor();
  }
  await lp.getByTestId(`blank-run-${b41}`).click();
  await lp.getByText('检出 1 份空白').waitFor({ timeout: 120_000 });
  const check = await call<{ run: { id: number }; sample: Array<{ paperId: number }> }>(
    lp,
    'GET',
    `${base}/check?blockId=${b41}`,
  );
  await call(lp, 'POST', `${base}/check/confirm`, {
    blockId: b41,
    runId: check.run.id,
    checked: check.sample.map((x) => x.paperId),
  });

  // 归组 over the 15 written answers: the "3"s and the "5"s, nothing of the lines of writing or the sentence
  await lp.getByTestId(`group-run-${b41}`).click();
  await lp.getByTestId(`group-open-${b41}`).waitFor({ timeout: 120_000 });
  await lp.getByText('2 组').waitFor();
  await shot(lp, 'intelligent-progress-01-grouped');
  await lp.getByTestId(`group-open-${b41}`).click();
  const groups = lp.getByTestId('answer-group');
  await groups.nth(1).waitFor();
  assert.equal(await groups.count(), 2, 'two groups: the equal short answers only');
  assert.deepEqual(
    [
      await groups.nth(0).getByTestId('group-paper').count(),
      await groups.nth(1).getByTestId('group-paper').count(),
    ],
    [6, 4],
  );
  // the leader sees every member of a group side by side before it is scored
  await groups.nth(0).getByTestId('task-image').nth(5).locator('img').waitFor();
  await groups.nth(1).getByTestId('task-image').nth(3).locator('img').waitFor();
  await shot(lp, 'intelligent-progress-02-groups-side-by-side');

  // grouping on, the grouped papers are still the ordinary pool's: the marker is offered all 15 papers
  const mp = await signedIn(s, MARKER);
  await mp.goto(`${APP}/book/review/task`);
  const row = taskRow(mp, EXAM, '第41题');
  await row.getByRole('link', { name: '归组评阅（2）' }).waitFor();
  await row.getByRole('button', { name: /阅卷/ }).waitFor();
  assert.equal(await row.getByText('暂无可阅试卷').count(), 0);
  const tasks = await call<Array<{ blockId: number; role: number; left: number }>>(
    mp,
    'GET',
    '/api/marking/tasks',
  );
  assert.equal(
    tasks.find((x) => x.blockId === b41 && x.role === 4)!.left,
    SHEETS - 1,
    'grouped papers claimable',
  );
  await shot(mp, 'intelligent-progress-03-task-list');

  // ordinary marking takes two papers (whichever the pool gives: grouped or not) and scores them 6
  const claimed = await call<Array<{ taskId: number; leaseToken: string; paperId: number }>>(
    mp,
    'POST',
    `/api/marking/block/${b41}/claim`,
    { type: 'normal', count: 2 },
  );
  assert.equal(claimed.length, 2);
  for (const c of claimed)
    await call(mp, 'POST', `/api/marking/task/${c.taskId}/submit`, {
      leaseToken: c.leaseToken,
      scores: [{ no: '41', score: 6 }],
    });

  // the marker scores the "3"s at once: only the papers still waiting, shown side by side
  await mp.goto(`${APP}/book/subject/${subjectId}/setting/intelligent/intelligentReview?blockId=${b41}`);
  const first = mp.getByTestId('answer-group').first();
  await first.getByTestId('group-paper').first().waitFor();
  const shown = await first.getByTestId('group-paper').count();
  assert.ok(shown >= 4 && shown <= 6, `the "3" group shows the ${shown} papers still waiting`);
  await first.getByRole('spinbutton').first().fill('6');
  await first.getByTestId('group-score-submit').click();
  await mp.locator('.ant-popconfirm').getByText(`给本组显示的 ${shown} 份答卷都记 6 分？`).waitFor();
  await shot(mp, 'intelligent-progress-04-group-confirm');
  await mp
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^确\s?定$/ })
    .click();
  await mp.getByText(`已给分 ${shown} 份`).waitFor();

  // 第42题: three papers marked
  const c42 = await call<Array<{ taskId: number; leaseToken: string }>>(
    mp,
    'POST',
    `/api/marking/block/${b42}/claim`,
    {
      type: 'normal',
      count: 3,
    },
  );
  for (const c of c42)
    await call(mp, 'POST', `/api/marking/task/${c.taskId}/submit`, {
      leaseToken: c.leaseToken,
      scores: [{ no: '42', score: 3 }],
    });

  // one figure per block on all four screens at this moment: 1 blank + 2 marked + the group; 3 on 第42题
  const want41 = { done: 1 + 2 + shown, total: SHEETS };
  const want42 = { done: 3, total: SHEETS };
  await readFourScreens(mp, lp, { subjectId, examId, b41, b42 }, want41, want42, 'a');

  // the rest marked one by one: every screen reaches 16 / 16, the blank included
  for (const b of [b41, b42]) {
    for (;;) {
      const got = await call<Array<{ taskId: number; leaseToken: string }>>(
        mp,
        'POST',
        `/api/marking/block/${b}/claim`,
        { type: 'normal', count: 4 },
      );
      if (!got.length) break;
      for (const c of got)
        await call(mp, 'POST', `/api/marking/task/${c.taskId}/submit`, {
          leaseToken: c.leaseToken,
          scores: [{ no: b === b41 ? '41' : '42', score: 2 }],
        });
    }
  }
  await until('the quality counters', async () => {
    const m = await call<{ subjects: Array<{ done: number }> }>(
      lp,
      'GET',
      `/api/exam/${examId}/monitor/progress`,
    );
    return m.subjects[0]?.done === 2 * SHEETS;
  });
  await readFourScreens(
    mp,
    lp,
    { subjectId, examId, b41, b42 },
    { done: SHEETS, total: SHEETS },
    {
      done: SHEETS,
      total: SHEETS,
    },
    'b',
  );

  // the subject's 质检员 opens 阅卷进度 (its menu's page): the same figures, no 阅卷进度加载失败 / 无权限
  const quality = await candidate(page, subjectId, QUALITY);
  await call(page, 'POST', `/api/exam/${examId}/role`, { role: 7, userIds: [quality.userId], subjectId });
  const qp = await signedIn(s, QUALITY);
  await qp.goto(`${APP}/book/review/progress/all?subjectId=${subjectId}`);
  for (const b of [b41, b42]) {
    assert.deepEqual(await figureOf(qp, `monitor-progress-${b}`), { done: SHEETS, total: SHEETS });
    assert.deepEqual(await figureOf(qp, `block-progress-${b}`), { done: SHEETS, total: SHEETS });
  }
  assert.equal(await qp.getByText('阅卷进度加载失败').count(), 0);
  // the block page stays the leaders': no 题块管理 for a 质检员
  assert.equal(await qp.getByRole('button', { name: '题块管理' }).count(), 0);
  await shot(qp, 'intelligent-progress-09-quality-person');
});

/** The marker's task list, 阅卷进度 (live panel and table), the block overview and the exam's progress. */
async function readFourScreens(
  mp: Page,
  lp: Page,
  ids: { subjectId: number; examId: number; b41: number; b42: number },
  want41: Figure,
  want42: Figure,
  tag: string,
): Promise<void> {
  const { subjectId, examId, b41, b42 } = ids;
  await mp.goto(`${APP}/book/review/task`);
  assert.deepEqual(await figureOf(mp, `task-progress-${b41}`), want41, '阅卷任务, 第41题');
  assert.deepEqual(await figureOf(mp, `task-progress-${b42}`), want42, '阅卷任务, 第42题');
  await shot(mp, `intelligent-progress-05${tag}-task-list`);

  await lp.goto(`${APP}/book/review/progress/all?subjectId=${subjectId}`);
  assert.deepEqual(await figureOf(lp, `monitor-progress-${b41}`), want41, '阅卷进度 live, 第41题');
  assert.deepEqual(await figureOf(lp, `monitor-progress-${b42}`), want42, '阅卷进度 live, 第42题');
  assert.deepEqual(await figureOf(lp, `block-progress-${b41}`), want41, '阅卷进度, 第41题');
  assert.deepEqual(await figureOf(lp, `block-progress-${b42}`), want42, '阅卷进度, 第42题');
  await lp.getByText('含智能判空记 0 分 1 份').first().waitFor();
  await shot(lp, `intelligent-progress-06${tag}-progress`);

  await lp.goto(`${APP}/book/subject/${subjectId}/overview/blockOrStudent`);
  assert.deepEqual(await figureOf(lp, `block-progress-${b41}`), want41, '总览, 第41题');
  assert.deepEqual(await figureOf(lp, `block-progress-${b42}`), want42, '总览, 第42题');
  await shot(lp, `intelligent-progress-07${tag}-overview`);

  await lp.goto(`${APP}/book/exam/${examId}/all_review_progress_all`);
  assert.deepEqual(
    await figureOf(lp, `exam-progress-${subjectId}`),
    { done: want41.done + want42.done, total: want41.total + want42.total },
    '考试阅卷进度: the two blocks summed',
  );
  await shot(lp, `intelligent-progress-08${tag}-exam`);
}
