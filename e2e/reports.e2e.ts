import assert from 'node:assert/strict';
import { test } from 'node:test';
import { APP, loginAsSchoolAdmin, shot, shotPath, journeySession } from './lib.ts';
import type { Locator, Page } from 'playwright-core';
import { signedIn } from './marking-lib.ts';
import { exportedRows, PER_CLASS, publishedExam, tableTexts, teachOnly, TEACHER } from './report-lib.ts';

// Reports (issue 16): an exam of the grade's first classes (up to three) whose sheets are scanned (four per
// class; the others registered 缺考), marked from the sheets' 打分栏 and published with 发布 on the scoreCheck
// screen, as a school admin does it. The school admin opens its reports from the exam page (charts render, the
// class table's Excel export holds the table's rows), and a teacher of one class sees only that class.
const s = journeySession();

/**
 * A table wider than its place scrolls sideways with its scrollbar in sight: the card is narrowed to 700 px
 * (as a school's real rows — forty names under 失分最多的学生, a 多选's dozen answers — outgrow 1366), then
 * the table must scroll inside it, its sticky scrollbar show at the window's foot though the table runs on
 * below, and the header stay over its columns when scrolled to the end.
 */
async function scrollsInPlace(page: Page, table: Locator, what: string): Promise<void> {
  await table.evaluate((el: HTMLElement) => (el.style.width = '700px'));
  await table.locator('tbody tr.ant-table-row').first().scrollIntoViewIfNeeded();
  const scroller = table.locator('.ant-table-body, .ant-table-content').first();
  const [scrollWidth, clientWidth] = await scroller.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  assert.ok(
    scrollWidth > clientWidth,
    `${what}: the table scrolls sideways (${scrollWidth} > ${clientWidth})`,
  );
  const bar = table.locator('.ant-table-sticky-scroll');
  await bar.waitFor();
  const barBox = (await bar.boundingBox())!;
  assert.ok(barBox.y + barBox.height <= page.viewportSize()!.height + 1, `${what}: the scrollbar in sight`);
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  // the header follows the body's scroll on its scroll event: waited for, not read at once
  const head = await table.locator('thead th').last().elementHandle();
  const cell = await table.locator('tbody tr.ant-table-row').first().locator('td').last().elementHandle();
  await page.waitForFunction(
    ([h, c]) => Math.abs(h!.getBoundingClientRect().x - c!.getBoundingClientRect().x) <= 2,
    [head, cell] as const,
  );
  if (what === '试卷讲评')
    await page.screenshot({ path: shotPath('reports-05h-commentary-narrow'), fullPage: false });
  await scroller.evaluate((el) => el.scrollTo({ left: 0 }));
  await table.evaluate((el: HTMLElement) => (el.style.width = ''));
}

test('published scores: overview, class comparison, 一分一段, distribution, questions, 等级, 学生成绩, 进退步; Excel = table; a teacher sees their class', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  // an earlier exam of the same students, then this one
  await publishedExam(page, {
    name: '2026学年报表演示期初考试',
    startDate: '2026-09-05',
    prefix: '2026',
    seed: 301,
  });
  const { exam, three, all, sitting } = await publishedExam(page, {
    name: '2026学年报表演示考试',
    startDate: '2026-11-21',
    prefix: '2027',
    seed: 907,
  });

  // exam page → 成绩报表
  await page.goto(`${APP}/book/exam/${exam.examId}`);
  await page.getByTestId('exam-quick-links').getByRole('button', { name: '成绩报表' }).click();
  await page.waitForURL(`**/minions/book/report_forms/${exam.examId}`);
  const forms = page.getByTestId('report-forms');
  await forms.getByText('2026学年报表演示考试 · 成绩报表').waitFor();
  await page.getByTestId('report-overview').getByText('实考', { exact: true }).waitFor();
  await page
    .getByTestId('report-table-overview')
    .locator('tbody tr.ant-table-row', { hasText: '全体' })
    .waitFor();
  // the conventions under 成绩概览: who counts as sat, σ over n, how 一分一段 takes half points
  const conventions = page.getByTestId('report-conventions');
  await conventions.getByText(/标准差为总体标准差，除以实考人数 n/).waitFor();
  assert.match(await conventions.innerText(), /缺考为没有成绩的考生.*88\.5\s*分计入 88 分一行/s);
  // issue 31: 成绩概览 has its chart (each class's mean, 优秀率, 及格率)
  await page.getByTestId('chart-overview').locator('canvas').waitFor();
  await shot(page, 'reports-01-overview');

  await page.getByRole('tab', { name: '班级对比' }).click();
  const classCard = page.getByTestId('report-table-classes');
  await classCard
    .locator('tbody tr.ant-table-row')
    .nth(three.length - 1)
    .waitFor();
  // sortable: by 平均分, highest first after two clicks
  await classCard.getByRole('columnheader', { name: '平均分', exact: true }).click();
  await classCard.getByRole('columnheader', { name: '平均分', exact: true }).click();
  await shot(page, 'reports-02-classes');
  const shown = await tableTexts(classCard);
  const means = shown.slice(1).map((r) => Number(r[shown[0]!.indexOf('平均分')]));
  assert.deepEqual(
    [...means].sort((a, b) => b - a),
    means,
    'sorted by mean, highest first',
  );
  const sheet = await exportedRows(page, classCard);
  assert.deepEqual(sheet[0], shown[0], 'the same columns');
  const byClass = (rows: string[][]) => [...rows.slice(1)].sort((a, b) => a[1]!.localeCompare(b[1]!));
  assert.deepEqual(
    byClass(sheet).map((r) => r.map((c) => (c === '' ? '' : c))),
    byClass(shown),
    'the export holds the rows on screen',
  );

  await page.getByRole('tab', { name: '一分一段' }).click();
  await page.getByTestId('chart-segments').locator('canvas').waitFor();
  await page.getByTestId('report-table-segments').locator('tbody tr.ant-table-row').first().waitFor();
  // issue 31: 名次 beside 累计人数 — one more than those above, ties sharing it
  const segs = await tableTexts(page.getByTestId('report-table-segments'));
  const segCol = (name: string) => segs[0]!.indexOf(name);
  assert.ok(segCol('名次') > 0, '一分一段 has 名次');
  for (const row of segs.slice(1))
    assert.equal(
      Number(row[segCol('名次')]),
      Number(row[segCol('累计人数')]) - Number(row[segCol('人数')]) + 1,
      `名次 of ${row[segCol('分数')]}`,
    );
  assert.equal(segs[1]![segCol('名次')], '1');
  await shot(page, 'reports-03-segments');
  await page.getByRole('tab', { name: '分数分布' }).click();
  await page.getByTestId('chart-bands').locator('canvas').waitFor();
  await page.getByTestId('chart-box').locator('canvas').waitFor();
  await shot(page, 'reports-04-distribution');
  await page.getByRole('tab', { name: '试题分析' }).click();
  await page.getByText('试题分析按科目查看：请在上方选择一个科目').waitFor();
  await forms.getByText('数学', { exact: true }).click();
  await page.getByTestId('chart-questions').locator('canvas').waitFor();
  await page.getByTestId('report-table-questions').locator('tbody tr.ant-table-row').nth(40).waitFor();
  await shot(page, 'reports-05-questions');
  await scrollsInPlace(page, page.getByTestId('report-table-questions'), '试题分析');
  // the conventions under 试题分析: the 27 % groups (their size, ties shared, not by exam number), a single
  // examinee's D, and which questions KR-20 covers
  const questionNotes = page.getByTestId('questions-conventions');
  await questionNotes.scrollIntoViewIfNeeded();
  const notes = await questionNotes.innerText();
  const satMath = Number(
    (
      await page.getByTestId('report-table-questions').locator('tbody tr.ant-table-row').first().innerText()
    ).split('\t')[3],
  );
  assert.ok(
    notes.includes(`本次 ${Math.floor(0.27 * satMath + 0.5)} 人`),
    `the group size of ${satMath} sat: ${notes}`,
  );
  assert.match(notes, /平分剩下的名额.*不按考号取舍.*记为 —/s);
  assert.match(notes, /KR-20 只计只有对错两种得分（0 分或满分）的题：第 1–\d+/);
  await page.screenshot({ path: shotPath('reports-05e-questions-conventions'), fullPage: false });
  // 各班得分率雷达图: every class of the exam (up to six) over the 41 questions
  const radar = page.getByTestId('chart-radar');
  await radar.locator('canvas').waitFor();
  await radar.scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  await page.screenshot({ path: shotPath('reports-05b-radar'), fullPage: false });

  // 试卷讲评 of the first class: 41 questions against the grade, the export = the table, a typical answer's cut
  await page.getByRole('tab', { name: '试卷讲评' }).click();
  const commentary = page.getByTestId('report-commentary');
  await commentary.getByText(`试卷讲评 · 数学 · ${three[0]!.name}`).waitFor();
  await commentary.locator('tbody tr.ant-table-row').nth(40).waitFor();
  await commentary.getByText(`本班实考 ${PER_CLASS} 人，全体实考 ${sitting.length} 人`).waitFor();
  const said = await tableTexts(commentary);
  const commentaryRows = await exportedRows(page, commentary);
  assert.deepEqual(
    commentaryRows,
    said.map((r) => r.slice(0, commentaryRows[0]!.length)),
    'the 试卷讲评 export holds the table on screen (the typical answers are images)',
  );
  // sortable by 班级得分率: lowest first
  await commentary.getByRole('columnheader', { name: '班级得分率' }).click();
  const sortedRates = (await tableTexts(commentary)).slice(1).map((r) => parseFloat(r[4]!));
  assert.deepEqual(
    [...sortedRates].sort((a, b) => a - b),
    sortedRates,
    'lowest 得分率 first',
  );
  await shot(page, 'reports-05c-commentary');
  await scrollsInPlace(page, commentary, '试卷讲评');
  const q48 = commentary.locator('tbody tr.ant-table-row', { hasText: '主观' });
  await q48.getByRole('button', { name: /^高分/ }).click();
  const cut = page.locator('.ant-modal').getByRole('img', { name: '第48题高分答卷' });
  await cut.waitFor();
  await page.waitForFunction(
    () => (document.querySelector('img[alt="第48题高分答卷"]') as HTMLImageElement | null)?.naturalWidth,
  );
  await shot(page, 'reports-05d-typical');
  await page.keyboard.press('Escape');

  // 报表设置: 及格线 50 %, a second 临界线 at 30 % with 10 % either side; the figures follow
  await page.getByRole('tab', { name: '成绩概览' }).click();
  await page.getByTestId('rate-lines').getByText('85% / 70% / 60%').waitFor();
  // a subject's overview names the questions KR-20 is over
  assert.match(
    await page.getByTestId('report-conventions').innerText(),
    /KR-20 只计只有对错两种得分（0 分或满分）的题：第 1–\d+/,
  );
  await page.getByTestId('report-conventions').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('reports-05f-subject-conventions'), fullPage: false });
  await page.getByTestId('report-settings-open').click();
  const dialog = page.getByTestId('report-settings');
  await dialog.getByLabel('及格线').fill('50');
  await dialog.getByRole('button', { name: '添加临界线' }).click();
  await dialog.getByLabel('临界线2').fill('30');
  await dialog.getByLabel('上下浮动').fill('10');
  // a share sum other than 100 % is refused before anything is sent
  await dialog.getByLabel('A等人数比例').fill('20');
  await page.getByTestId('settings-save').click();
  await dialog.getByText('各等级人数比例之和应为 100%').waitFor();
  await dialog.getByLabel('A等人数比例').fill('15');
  await shot(page, 'reports-06-settings');
  await page.getByTestId('settings-save').click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('rate-lines').getByText('85% / 70% / 50%').waitFor();
  await page.getByRole('tab', { name: '等级与临界生' }).click();
  const levels = page.getByTestId('report-table-levels');
  await levels.getByRole('columnheader', { name: '30%线下临界' }).waitFor();
  await levels.locator('tbody tr.ant-table-row', { hasText: three[1]!.name }).waitFor();
  await shot(page, 'reports-07-levels');
  assert.match(
    await page.getByTestId('levels-conventions').innerText(),
    /四舍五入到整人.*同分考生名次相同，同属较高的等级/s,
  );
  const onScreen = await tableTexts(levels);
  const levelRows = await exportedRows(page, levels);
  assert.deepEqual(levelRows, onScreen, 'the 等级与临界生 export holds the table on screen');
  const grades = onScreen[0]!.indexOf('A等人数');
  const satCell = onScreen[1]![onScreen[0]!.indexOf('实考')];
  const graded = onScreen[1]!.slice(grades, grades + 5).reduce((a, c) => a + Number(c), 0);
  assert.equal(String(graded), satCell, 'every examinee who sat has a grade');

  // 学生成绩: ranks, Z / T and 等级赋分 of every examinee (缺考 listed last); by class, by exam number; the
  // export = the table
  const classSize = all.filter((e) => e.className === three[1]!.name).length;
  await page.getByRole('tab', { name: '学生成绩' }).click();
  const students = page.getByTestId('report-students');
  await students.getByText(`共 ${all.length} 人`).waitFor();
  await students.getByTestId('students-class').click();
  await page.locator('.ant-select-item-option', { hasText: three[1]!.name }).click();
  await students.getByText(`共 ${classSize} 人`).waitFor();
  await shot(page, 'reports-08-students');
  await scrollsInPlace(page, students, '学生成绩');
  const listed = await tableTexts(students);
  assert.ok(
    listed.slice(1).every((r) => r[listed[0]!.indexOf('班级')] === three[1]!.name),
    'only the chosen class',
  );
  const studentRows = await exportedRows(page, students);
  // the whole filtered list; the screen shows its first page
  assert.equal(studentRows.length - 1, classSize, 'every student of the class');
  assert.deepEqual(
    studentRows.slice(0, listed.length),
    // the last column on screen opens the student's report
    listed.map((r) => r.slice(0, studentRows[0]!.length)),
    'the 学生成绩 export holds the list on screen',
  );
  const one = sitting.find((e) => e.className === three[1]!.name)!;
  await students.getByPlaceholder('考号或姓名').fill(one.kaohao);
  await students.getByPlaceholder('考号或姓名').press('Enter');
  await students.getByText('共 1 人').waitFor();
  const oneRow = students.locator('tbody tr.ant-table-row', { hasText: one.kaohao });
  await oneRow.waitFor();
  // the student's printable report, in a tab of its own: the 数学 score and ranks of the list
  const listedOne = (await tableTexts(students))[1]!;
  const [sr] = await Promise.all([
    page.waitForEvent('popup'),
    oneRow.getByRole('link', { name: '查看 / 打印' }).click(),
  ]);
  const report = sr.getByTestId('student-report');
  await report.getByText(`姓名：${listedOne[1]}`).waitFor();
  const mathRow = report.getByTestId('student-report-summary').locator('tbody tr', { hasText: '数学' });
  const cells = await mathRow.locator('td').allInnerTexts();
  // 科目 满分 得分 班级平均 班级最高 班级排名 校内排名 总排名; the list: … 分数 班级排名 校内排名 总排名
  assert.deepEqual(cells.slice(5, 8), listedOne.slice(5, 8), 'the ranks of the list');
  assert.equal(Number(cells[2]), Number(listedOne[4]), 'the score of the list');
  assert.equal(await report.getByTestId('student-report-questions').locator('tbody tr').count(), 41);
  await shot(sr, 'reports-08b-student-report');
  await sr.emulateMedia({ media: 'print' });
  await sr.screenshot({ path: shotPath('reports-08c-student-report-print'), fullPage: true });
  const pdf = await sr.pdf({ format: 'A4' });
  assert.ok(pdf.length > 10_000, 'prints to A4');
  await sr.close();

  // 进退步 against the earlier exam: class summary and students, each change = 上次名次 − 本次名次
  await page.getByRole('tab', { name: '进退步' }).click();
  await page.getByTestId('progress-exam').click();
  await page.locator('.ant-select-item-option', { hasText: '2026学年报表演示期初考试' }).click();
  const summary = page.getByTestId('progress-classes');
  await summary
    .locator('tbody tr.ant-table-row')
    .nth(three.length - 1)
    .waitFor();
  const progressCard = page.getByTestId('progress-students');
  await progressCard.getByText(`共 ${all.length} 人`).waitFor();
  await shot(page, 'reports-09-progress');
  const moved = await tableTexts(progressCard);
  const col = (h: string) => moved[0]!.indexOf(h);
  const ranked = moved.slice(1).filter((r) => r[col('本次排名')] && r[col('上次排名')]);
  assert.ok(ranked.length > 0, 'students ranked in both exams');
  for (const r of ranked)
    assert.equal(Number(r[col('名次变化')]), Number(r[col('上次排名')]) - Number(r[col('本次排名')]));
  const progressRows = await exportedRows(page, progressCard);
  assert.equal(progressRows.length - 1, all.length, 'every student of both exams');
  assert.deepEqual(progressRows.slice(0, moved.length), moved, 'the 进退步 export holds the list on screen');

  // a teacher of the second class only (任教班级 set as the teachers screen does)
  await teachOnly(page, exam.schoolId, three[1]!.id);
  const tp = await signedIn(s, TEACHER);
  await tp.goto(`${APP}/book/report_forms/${exam.examId}`);
  await tp.getByText('按您的权限只显示您所在学校或任教班级的数据').waitFor();
  await tp.getByRole('tab', { name: '班级对比' }).click();
  const own = tp.getByTestId('report-table-classes').locator('tbody tr.ant-table-row');
  await own.first().waitFor();
  assert.equal(await own.count(), 1);
  assert.ok((await own.first().innerText()).includes(three[1]!.name));
  assert.equal(
    await tp.getByTestId('report-settings-open').count(),
    0,
    'a teacher does not change the settings',
  );
  await tp.getByRole('tab', { name: '学生成绩' }).click();
  await tp.getByTestId('report-students').getByText(`共 ${classSize} 人`).waitFor();
  await shot(tp, 'reports-10-teacher');
  // 试卷讲评: their class only; a student of another class's report is refused
  await tp.getByTestId('report-forms').getByText('数学', { exact: true }).click();
  await tp.getByRole('tab', { name: '试卷讲评' }).click();
  await tp.getByTestId('report-commentary').getByText(`试卷讲评 · 数学 · ${three[1]!.name}`).waitFor();
  await tp.getByTestId('commentary-class').click();
  assert.equal(await tp.locator('.ant-select-item-option').count(), 1, 'only their class to choose');
  await tp.keyboard.press('Escape');
  const stranger = sitting.find((e) => e.className === three[0]!.name)!;
  await tp.goto(`${APP}/book/report_forms/${exam.examId}/student/${stranger.id}`);
  await tp.getByText('学生报告加载失败').waitFor();
  await shot(tp, 'reports-11-teacher-refused');

  // a teacher of none of the exam's classes is told why, with nothing to retry (it said 加载失败 / 重新加载)
  await teachOnly(page, exam.schoolId, null);
  await tp.goto(`${APP}/book/report_forms/${exam.examId}`);
  await tp.getByTestId('report-forbidden').getByText('不能查看本次考试的成绩报表').waitFor();
  assert.equal(await tp.getByRole('button', { name: /重新加载/ }).count(), 0, 'nothing to retry');
  await shot(tp, 'reports-12-teacher-no-classes');
});
