import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { cardSvg, typicalCard } from '@yj/scan-sim';
import {
  dragOnSvg,
  APP,
  BASE_URL,
  call,
  createExamWithOneSubject,
  loginAsSchoolAdmin,
  shot,
  waitForPath,
  journeySession,
} from './lib.ts';

// Question structure and blocks (issue 5): a teacher types the objective questions the way they say them,
// adds subjective questions until the totals match the full score, enters the answer string, and groups the
// subjective questions into two blocks, one of them double-marked, then frames where each block is cut
// from on the card (题块框选), sets 给分点 and previews the cut. A fresh exam of its own, so no other spec's
// subject changes.

const EXAM = '2026学年题目设置演示考试';

const s = journeySession();

/**
 * Gives the subject a one-page template with a picture: the scan simulator's blank card page 1, its
 * subjective boxes renumbered to this paper's questions (11, 12(1)+12(2), 13).
 */
async function giveTemplate(page: Page, subjectId: number): Promise<void> {
  const first = typicalCard().pages[0]!;
  const jpeg = await sharp(Buffer.from(cardSvg(first, 'e2e-block', '语文答题卡')))
    .jpeg()
    .toBuffer();
  const res = await page.request.fetch(
    `${BASE_URL}/filter/api/subject/${subjectId}/template/image?dpi=200&page=0`,
    {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      multipart: { file: { name: '语文答题卡.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
    },
  );
  const up = (await res.json()) as { code: number; message: string; data: { key: string } };
  assert.equal(up.code, 0, up.message);
  const boxes = first.subjective;
  await call(page, 'POST', `/api/subject/${subjectId}/template`, {
    body: {
      id: 'e2e-block',
      name: '语文答题卡',
      pages: [
        {
          ...first,
          image: up.data.key,
          subjective: [
            { name: '第11题', question: '11', rect: boxes[1]!.rect },
            { name: '第12题', question: '12(1)|12(2)', rect: boxes[2]!.rect },
            { name: '第13题', question: '13', rect: boxes[3]!.rect },
          ],
        },
      ],
    },
  });
}

/** Drags on the canvas from one point to another (its own pixels), scrolled into view first. */
async function dragOnCanvas(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.getByTestId('block-canvas').scrollIntoViewIfNeeded();
  await dragOnSvg(page, 'block-canvas', from, to);
}

async function waitForMessage(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

/** Types a score into the InputNumber labelled `label`. */
async function score(page: Page, label: string, value: number): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(String(value));
  await input.blur();
}

/** Picks options of the multiple Select labelled 包含题目 inside the block dialog. */
async function pickQuestions(page: Page, nos: string[]): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.locator('.ant-select-multiple').click();
  for (const no of nos) {
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
        hasText: `第 ${no} 题（`,
      })
      .first()
      .click();
  }
  // close the dropdown without closing the dialog
  await dialog.locator('.ant-modal-title').click();
}

test('a teacher enters a structure by quick entry, matches the totals, sets answers and two blocks', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);

  // a fresh exam with one subject, 语文 150 分
  const { subjectId } = await createExamWithOneSubject(page, {
    name: EXAM,
    startDate: '2026-11-24',
    course: '语文',
    fullScore: 150,
  });

  // subject detail → 题目设置
  await page.goto(`${APP}/book/subject/${subjectId}`);
  await page.getByTestId('subject-detail').waitFor();
  await page.getByRole('button', { name: '题目设置' }).click();
  await waitForPath(page, `/book/subject/${subjectId}/setting/question`);
  await page.getByTestId('totals-bar').waitFor();
  await page.getByText('还没有录入任何题目').waitFor();
  await shot(page, 'question-01-empty');

  // a line the parser cannot read is named by its line number
  const entry = page.getByTestId('quick-entry');
  await entry.fill('1-10 单选 A-D 每题3分\n11-12 随便写写');
  await page.getByTestId('quick-entry-add').click();
  await page
    .getByTestId('quick-entry-error')
    .getByText(/^第 2 行：无法识别“11-12 随便写写”/)
    .waitFor();
  await shot(page, 'question-02-quick-entry-error');

  await entry.fill('1-10 单选 A-D 每题3分');
  await page.getByTestId('quick-entry-add').click();
  assert.equal(await page.locator('[data-testid="objective-table"] .ant-table-row').count(), 10);
  await page.getByTestId('totals-state').getByText('还差 120 分：题目总分 30 分，科目满分 150 分').waitFor();
  // a rule the server refuses comes back in its own words: 少选得分 must stay below the score
  await page.getByLabel('第 1 题题型', { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: '多选',
    })
    .click();
  await score(page, '第 1 题少选得分', 5);
  await page.getByTestId('save-objective').click();
  await page
    .getByTestId('save-error')
    .getByText(/少选得分只用于多选题，且须小于该题分值/)
    .waitFor();
  await shot(page, 'question-03-server-refuses');
  await score(page, '第 1 题少选得分', 1);
  await page.getByTestId('save-objective').click();
  await waitForMessage(page, '客观题已保存');
  await page.getByTestId('save-error').waitFor({ state: 'detached' });
  const saved = await call<Array<{ no: string; kind: string; partialScore: number | null }>>(
    page,
    'GET',
    `/yue/subject/${subjectId}/setting/answer/objective`,
  );
  assert.deepEqual(saved[0], { ...saved[0], no: '1', kind: 'multi', partialScore: 1 });
  await shot(page, 'question-04-objective');

  // subjective: 11, 12 with two sub-questions, 13 — the bar says how far off the totals are
  await page.getByRole('tab', { name: /主观题/ }).click();
  for (const no of ['11', '12', '13']) {
    await page.getByTestId('add-subjective').click();
    await page.getByLabel(`第 ${no} 题满分`, { exact: true }).waitFor();
  }
  await page.getByTestId('add-sub-12').click();
  await page.getByLabel('第 12(2) 题满分', { exact: true }).waitFor();
  await page
    .getByTestId('totals-state')
    .getByText(/^还差 90 分/)
    .waitFor();
  await score(page, '第 11 题满分', 20);
  await score(page, '第 12(1) 题满分', 20);
  await score(page, '第 12(2) 题满分', 20);
  await score(page, '第 13 题满分', 70);
  await page.getByTestId('totals-state').getByText('多出 10 分：题目总分 160 分，科目满分 150 分').waitFor();
  await shot(page, 'question-05-totals-differ');
  await score(page, '第 13 题满分', 60);
  await page.getByTestId('totals-state').getByText('题目总分与科目满分 150 分一致').waitFor();
  await page.getByTestId('save-subjective').click();
  await waitForMessage(page, '主观题已保存');

  // answers typed in one go
  await page.getByRole('tab', { name: '答案' }).click();
  await page.getByTestId('answer-input-A').fill('ABCDABCDA');
  await page.getByTestId('answer-fill-A').click();
  await page.getByTestId('answer-error').getByText('共 10 道客观题，录入了 9 个答案').waitFor();
  // the placeholder's form: single answers run together, the 多选 (question 1) ended by a comma — what was
  // understood shows as it is typed
  await page.getByTestId('answer-input-A').fill('AB,CDABCDABC');
  await page.getByTestId('answer-preview-A').getByText('将填入：1 AB，2 C，3 D，4 A').waitFor();
  await shot(page, 'question-05b-answer-preview');
  await page.getByTestId('answer-input-A').fill('ABCDABCDAB');
  await page.getByTestId('answer-fill-A').click();
  await page.getByTestId('answer-keys').getByText('10：B').waitFor();
  await page.getByTestId('save-answer').click();
  await waitForMessage(page, '答案已保存');
  await page.getByTestId('structure-problems').waitFor({ state: 'detached' });
  await shot(page, 'question-06-answers-saved');

  // 评分标准 of a subjective question: typed, the tab marked unsaved, saved, read back
  await page.getByRole('tab', { name: /评分标准/ }).click();
  await page.getByTestId('standard-13').fill('立意明确 20 分；结构完整 20 分；\n语言通顺 20 分');
  await page.getByTestId('unsaved-standard').waitFor();
  await shot(page, 'question-06b-standard');
  await page.getByTestId('save-standard').click();
  await waitForMessage(page, '评分标准已保存');
  await page.getByTestId('unsaved-standard').waitFor({ state: 'detached' });

  const info = await call<{
    structure: {
      objective: Array<{ answer: string }>;
      subjective: Array<{ no: string; score: number; answer?: string }>;
    };
    totals: { total: number };
  }>(page, 'GET', `/yue/api/subject/${subjectId}/setting/questions/info`);
  assert.equal(info.totals.total, 150);
  assert.equal(info.structure.objective.map((q) => q.answer).join(''), 'ABCDABCDAB');
  assert.deepEqual(
    info.structure.subjective.map((q) => q.no),
    ['11', '12(1)', '12(2)', '13'],
  );
  assert.equal(info.structure.subjective[3]?.answer, '立意明确 20 分；结构完整 20 分；\n语言通顺 20 分');
  const judged = await call<{ ok: boolean }>(page, 'POST', '/api/subject/judge/strucTemplate', { subjectId });
  assert.equal(judged.ok, true);

  // 题块设置: 阅读 (11, 12) single-marked; 作文 (13) double-marked with a threshold
  await page.getByRole('button', { name: '题块设置' }).click();
  await waitForPath(page, `/book/subject/${subjectId}/setting/block`);
  await page
    .getByTestId('unassigned')
    .getByText(/第11题、第12\(1\)题、第12\(2\)题、第13题/)
    .waitFor();
  await shot(page, 'block-01-empty');

  // a block made by 未分配的题每题一块 is edited as a block of the list (its dialog said 新增题块), then taken out
  await page.getByRole('button', { name: '未分配的题每题一块' }).click();
  const rows = page.locator('[data-testid="block-table"] .ant-table-row');
  await rows.nth(3).waitFor();
  await rows.first().getByRole('button', { name: '编辑' }).click();
  await page.getByRole('dialog').locator('.ant-modal-title').getByText('编辑题块', { exact: true }).waitFor();
  await page.getByRole('dialog').locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  for (let left = 4; left > 0; left--) {
    await rows.first().getByRole('button', { name: '删除' }).click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="block-table"] .ant-table-row').length === n,
      left - 1,
    );
  }

  await page.getByTestId('add-block').click();
  await page.getByRole('dialog').getByPlaceholder('如：作文').fill('现代文阅读');
  await pickQuestions(page, ['11', '12(1)', '12(2)']);
  await page.getByRole('dialog').getByText('题块满分 60 分').waitFor();
  await page.getByRole('dialog').locator('.ant-modal-footer .ant-btn-primary').click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  await page.getByTestId('add-block').click();
  await page.getByRole('dialog').getByPlaceholder('如：作文').fill('作文');
  await pickQuestions(page, ['13']);
  await page.locator('.ant-radio-button-wrapper', { hasText: '双评' }).click();
  await page.getByRole('dialog').locator('.ant-modal-footer .ant-btn-primary').click();
  await page.getByTestId('block-problems').getByText('双评须设置误差阈值').waitFor();
  await shot(page, 'block-02-double-needs-threshold');
  await page.getByRole('dialog').getByPlaceholder('误差阈值').fill('6');
  await page.getByRole('dialog').locator('.ant-modal-footer .ant-btn-primary').click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByTestId('all-assigned').waitFor();
  await page.getByTestId('save-blocks').click();
  await waitForMessage(page, '题块已保存');
  await shot(page, 'block-03-saved');

  // saved on the server, and shown again after a reload
  const blocks = await call<{
    blocks: Array<{
      name: string;
      nos: string[];
      markCount: number;
      threshold: number | null;
      fullScore: number;
    }>;
    unassigned: string[];
  }>(page, 'GET', `/api/subject/${subjectId}/setting/block`);
  assert.deepEqual(
    blocks.blocks.map((b) => [b.name, b.nos, b.markCount, b.threshold, b.fullScore]),
    [
      ['现代文阅读', ['11', '12(1)', '12(2)'], 1, null, 60],
      ['作文', ['13'], 2, 6, 60],
    ],
  );
  assert.deepEqual(blocks.unassigned, []);
  await page.reload();
  await page
    .locator('[data-testid="block-table"] .ant-table-row', { hasText: '作文' })
    .getByText('双评')
    .waitFor();
  assert.equal(await page.locator('[data-testid="block-table"] .ant-table-row').count(), 2);
});

test('题块框选: a proposal accepted, a region drawn, 给分点 set, the cut previewed; the exam overview', async () => {
  const { page } = s;
  const exam = (
    await call<{ items: Array<{ id: number; name: string; subjects: Array<{ id: number }> }> }>(
      page,
      'POST',
      '/api/exam/inSchool',
      { page: 1, size: 50 },
    )
  ).items.find((e) => e.name === EXAM);
  assert.ok(exam, 'the first test created the exam');
  const subjectId = exam.subjects[0]!.id;
  await giveTemplate(page, subjectId);

  await page.goto(`${APP}/book/subject/${subjectId}/setting/block`);
  await page.getByTestId('to-block-style').click();
  await waitForPath(page, `/book/subject/${subjectId}/setting/block/style`);
  await page.getByTestId('block-canvas').waitFor();

  // 现代文阅读 is selected first: its proposal (the boxes of 11 and 12) can be accepted on its own, or every
  // block's at once (a click per block before)
  await page.getByTestId('accept-proposal').waitFor();
  await shot(page, 'block-04-style-proposals');
  await page.getByTestId('accept-all-proposals').getByText('全部采用建议区域（2）').waitFor();
  await page.getByTestId('accept-all-proposals').click();
  await page.getByTestId('accept-all-proposals').waitFor({ state: 'detached' });
  await page.getByTestId('style-region').getByText('区域 1：第 1 页 · 940×1980').waitFor();
  await page.getByTestId('style-block-现代文阅读').getByText('1 个区域').waitFor();
  await page.getByTestId('style-block-作文').getByText('1 个区域').waitFor();
  // the block's name is printed at the region's top right, clear of the card's own 11.(6分) at the top left
  const label = await page.getByTestId('region-label').first().boundingBox();
  const region = await page.locator('[data-block-region="现代文阅读"] rect').first().boundingBox();
  assert.ok(
    label && region && label.x > region.x + region.width / 2,
    'label on the right half of the region',
  );

  // 作文: its accepted region taken away and drawn by hand around the box of question 13
  await page.getByTestId('style-block-作文').click();
  await page.getByTestId('style-region').getByRole('button', { name: '删除' }).click();
  await page.getByTestId('style-region').waitFor({ state: 'detached' });
  await dragOnCanvas(page, { x: 2200, y: 250 }, { x: 3160, y: 2250 });
  await page.getByTestId('style-region').waitFor();
  assert.equal(await page.getByTestId('style-region').count(), 1);

  // 给分点 of 13 (60 分): two points that first do not add up
  const points = page.getByTestId('points-13');
  await points.getByRole('button', { name: '添加给分点' }).click();
  await page.getByLabel('第13题给分点1名称', { exact: true }).fill('内容');
  await score(page, '第13题给分点1分值', 30);
  await points.getByRole('button', { name: '添加给分点' }).click();
  await page.getByLabel('第13题给分点2名称', { exact: true }).fill('表达');
  await score(page, '第13题给分点2分值', 20);
  await points.getByText('给分点之和 50 分与第 13 题满分 60 分不一致').waitFor();
  await shot(page, 'block-05-style-points-differ');
  await score(page, '第13题给分点1分值', 40);
  await points.getByText('合计 60 分').waitFor();
  await page.getByTestId('save-style').click();
  await waitForMessage(page, '题块区域和给分点已保存');
  await shot(page, 'block-06-style-saved');

  const saved = await call<{
    blocks: Array<{
      name: string;
      regionsProposed: boolean;
      regions: Array<{ page: number; x: number; y: number; w: number; h: number }>;
      points: Array<{ no: string; step: number; points: Array<{ name: string; score: number }> }>;
    }>;
  }>(page, 'GET', `/api/subject/${subjectId}/setting/block`);
  const [reading, essay] = saved.blocks;
  assert.deepEqual(reading!.regions, [{ page: 0, x: 1210, y: 260, w: 940, h: 1980 }]);
  assert.equal(essay!.regionsProposed, false);
  const r = essay!.regions[0]!;
  // drawn on a zoomed canvas: within a few template pixels of where the mouse went
  for (const [got, want] of [
    [r.x, 2200],
    [r.y, 250],
    [r.x + r.w, 3160],
    [r.y + r.h, 2250],
  ] as const)
    assert.ok(Math.abs(got - want) < 12, `region edge ${got} near ${want}`);
  assert.deepEqual(essay!.points, [
    {
      no: '13',
      step: 1,
      points: [
        { name: '内容', score: 40 },
        { name: '表达', score: 20 },
      ],
    },
  ]);

  // nothing is scanned for this subject: the preview is cut from the template picture
  await page.getByTestId('preview-cut').click();
  await page.getByTestId('preview-source').getByText('还没有扫描的答题卡：切自模板图片').waitFor();
  const img = page.getByTestId('preview-image');
  await img.waitFor();
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="preview-image"]') as HTMLImageElement | null)?.complete,
  );
  const natural = await img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight]);
  assert.deepEqual(natural, [r.w, r.h]);
  await shot(page, 'block-07-style-preview');
  await page.keyboard.press('Escape');

  // exam/{examId}/setting/block: the subject with its two framed blocks
  await page.goto(`${APP}/book/exam/${exam.id}/setting/block`);
  const row = page.locator('[data-testid="exam-blocks"] .ant-table-row', { hasText: '语文' });
  await row.getByText('均已框选').waitFor();
  await row.getByText('2 个').waitFor();
  await shot(page, 'block-08-exam-overview');
  await row.getByRole('button', { name: '题块框选' }).click();
  await waitForPath(page, `/book/subject/${subjectId}/setting/block/style`);
});

test('答案 saved before the objective questions: the questions go first, and every tab names what is unsaved', async () => {
  const { page } = s;
  // a school enters questions and goes straight to 答案 (before: 保存未成功：客观题 1 不存在)
  const { subjectId } = await createExamWithOneSubject(page, {
    name: '2026学年题目设置保存演示',
    startDate: '2026-11-25',
    course: '数学',
    fullScore: 100,
  });
  await page.goto(`${APP}/book/subject/${subjectId}/setting/question`);
  await page.getByTestId('quick-entry').fill('1-4 单选 A-D 每题5分');
  await page.getByTestId('quick-entry-add').click();
  await page.getByRole('tab', { name: /主观题/ }).click();
  await page.getByTestId('add-subjective').click();
  await score(page, '第 5 题满分', 80);
  await page.getByTestId('unsaved-subjective').waitFor();
  await page.getByRole('tab', { name: '答案' }).click();
  await page.getByTestId('answer-input-A').fill('ABCD');
  await page.getByTestId('answer-fill-A').click();
  await page.getByTestId('save-answer-first').getByText('将先保存客观题').waitFor();
  await page.getByTestId('save-answer').click();
  await waitForMessage(page, '客观题、答案已保存');
  await page.getByTestId('unsaved-objective').waitFor({ state: 'detached' });
  // the answer tab is saved, the subjective question is not: said at the tab's foot, not a bare 已保存
  await page.getByTestId('save-answer-others').getByText('主观题还有未保存的修改，请到该页保存').waitFor();
  await page.getByTestId('unsaved-subjective').waitFor();
  await shot(page, 'question-10-answers-save-questions-first');
  const info = await call<{
    structure: { objective: Array<{ no: string; answer: string }>; subjective: unknown[] };
  }>(page, 'GET', `/yue/api/subject/${subjectId}/setting/questions/info`);
  assert.deepEqual(
    info.structure.objective.map((q) => `${q.no}${q.answer}`),
    ['1A', '2B', '3C', '4D'],
  );
  assert.equal(info.structure.subjective.length, 0);
  // leaving with the subjective question unsaved asks first
  await page.getByRole('link', { name: '题块设置' }).click();
  await page.locator('.ant-modal-confirm-title', { hasText: '有未保存的修改，确定离开吗？' }).waitFor();
  await page.getByRole('button', { name: '留在本页' }).click();
  await page.getByRole('tab', { name: /主观题/ }).click();
  await page.getByTestId('save-subjective').click();
  await waitForMessage(page, '主观题已保存');
  await page.getByTestId('unsaved-subjective').waitFor({ state: 'detached' });
});
