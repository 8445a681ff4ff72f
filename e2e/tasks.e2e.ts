import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { MonitorSummary, Paged, TaskItem } from '@yj/contracts';
import { orderlyStudent, typicalCard } from '@yj/scan-sim';
import {
  APP,
  call,
  DEMO_PASSWORD,
  journeyContext,
  login,
  loginAsSchoolAdmin,
  shot,
  waitForPath,
  journeySession,
} from './lib.ts';
import { subjectScene } from './marking-lib.ts';

// 我的任务 (task_info, offline/task) and the page-static monitor (issue 31, "the rest of the spec"), at 1366 × 768.
// A school administrator uploads answer sheets (one with a 考号 nobody has) and exports the totals; the header's
// 我的任务 shows both, the export's file downloads, the recognition's doubt says what to do and leads to the scan
// page; a teacher of the school sees none of it. Their page views and clicks reach the system administrator's
// 访问统计 as counts per page and school type, with nothing personal in them.

const card = typicalCard();
const s = journeySession();

test('我的任务: an upload and an export with progress, result and the doubt explained; only one’s own', async () => {
  const { page } = s;
  await page.setViewportSize({ width: 1366, height: 768 });
  await loginAsSchoolAdmin(page);
  const { exam, examinees } = await subjectScene(page, card, {
    name: '2026学年我的任务演示考试',
    startDate: '2026-11-23',
    course: '地理',
  });
  // two sheets of the roster and one whose 考号 nobody has: recognition leaves a 考号 doubt
  const dir = mkdtempSync(path.join(tmpdir(), 'yj-e2e-tasks-'));
  const files: string[] = [];
  for (const [i, kaohao] of [examinees[0]!.kaohao, examinees[1]!.kaohao, '20269999'].entries()) {
    const sheet = await orderlyStudent(card, 801 + i, kaohao);
    for (const [j, side] of [sheet.front, sheet.back].entries()) {
      const f = path.join(dir, `${i * 2 + j + 1}.jpg`);
      writeFileSync(f, side.jpeg);
      files.push(f);
    }
  }
  await page.goto(`${APP}/book/subject/${exam.subjectId}/answerCard`);
  await page.getByTestId('scan-upload').waitFor();
  await page.locator('input[type=file]').setInputFiles(files);
  await page.getByTestId('scan-send').click();
  await page.getByTestId('scan-upload-done').waitFor();
  await call(page, 'POST', '/api/download/export', { kind: 'totals', examId: exam.examId });

  await page.goto(`${APP}/book/home`);
  await page.getByTestId('task-badge').click();
  await waitForPath(page, '/book/offline/task');
  const list = page.getByTestId('task-list');
  await list.getByText('考试总分表').waitFor();
  const tasks = await call<Paged<TaskItem>>(page, 'GET', '/api/offline/task');
  const exportTask = tasks.items.find((t) => t.kind === 'export')!;
  const upload = tasks.items.find((t) => t.kind === 'recognition')!;
  assert.equal(upload.title, '识别答题卡 6 页');
  // the list follows both while they run, then shows their outcome
  await list.getByTestId(`task-status-${exportTask.key}`).getByText('已完成').waitFor({ timeout: 60_000 });
  await list.getByTestId(`task-status-${upload.key}`).getByText('已完成').waitFor({ timeout: 90_000 });
  await list.getByTestId(`task-detail-${upload.key}`).getByText('已识别 6 / 6 页').waitFor();
  await list
    .getByTestId(`task-detail-${upload.key}`)
    .getByText(/处识别异常待处理/)
    .waitFor();
  // both finished: the header counts nothing running any more
  await page.getByRole('link', { name: '我的任务', exact: true }).waitFor();
  const doubtful = upload;
  await shot(page, 'tasks-01-mine');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    list.getByTestId(`task-download-${exportTask.key}`).click(),
  ]);
  assert.match(download.suggestedFilename(), /我的任务演示考试-考试总分表\.xlsx$/);
  await list.getByText('全校任务', { exact: true }).click();
  await list.getByRole('columnheader', { name: '发起人' }).waitFor();
  await shot(page, 'tasks-02-school');
  await list.getByTestId(`task-go-${doubtful.key}`).click();
  await waitForPath(page, `/book/subject/${exam.subjectId}/answerCard`);

  // a teacher of the same school: none of the administrator's tasks
  const other = await (await journeyContext(s.browser, 'teacher')).newPage();
  await other.setViewportSize({ width: 1366, height: 768 });
  await login(other, '13800000003', DEMO_PASSWORD);
  await waitForPath(other, '/book/home');
  await other.getByTestId('task-badge').click();
  await waitForPath(other, '/book/offline/task');
  await other.getByText('还没有后台任务').waitFor();
  assert.equal(await other.getByText('全校任务').count(), 0, 'a teacher is offered only their own tasks');
  await shot(other, 'tasks-03-teacher-empty');
  // the page is closing: its last batch of views and clicks goes out
  await other.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  await other.context().close();
});

test('访问统计: the system administrator sees page views per page and day, top clicks, per school type', async () => {
  const admin = await (await journeyContext(s.browser, 'admin')).newPage();
  await admin.setViewportSize({ width: 1366, height: 768 });
  await login(admin, 'admin', DEMO_PASSWORD);
  await waitForPath(admin, '/book/home');
  // the batches are posted without waiting for an answer: read until the clicks of the first test are in
  let summary = await call<MonitorSummary>(admin, 'GET', '/api/monitor/summary');
  for (let i = 0; i < 40 && !summary.clicks.some((c) => c.control === 'header.tasks'); i++) {
    await admin.waitForTimeout(250);
    summary = await call<MonitorSummary>(admin, 'GET', '/api/monitor/summary');
  }
  const tasksPage = summary.views.find((v) => v.page === '/book/offline/task');
  assert.ok(tasksPage && tasksPage.total >= 2, 'both people opened 我的任务');
  assert.ok(summary.clicks.some((c) => c.control === 'header.tasks' && c.count >= 2));
  assert.ok(
    summary.views.some((v) => v.page === '/book/subject/:subjectId/answerCard'),
    'pages by their pattern',
  );
  // nothing personal: no name, no 考号, no exam name, no id in a page
  const text = JSON.stringify(summary);
  for (const secret of ['我的任务演示考试', '20269999', '王校长']) assert.ok(!text.includes(secret), secret);
  assert.ok(!summary.views.some((v) => /\/[0-9]+(\/|$)/.test(v.page)));

  await admin.getByRole('link', { name: '访问统计' }).click();
  await waitForPath(admin, '/book/monitor/page-static');
  const screen = admin.getByTestId('monitor-summary');
  // the 50 most visited pages in one list: in a database other journeys used first, 我的任务 is further down
  await screen.getByTestId('monitor-views').getByText('我的任务').first().waitFor();
  await screen.getByTestId('monitor-clicks').getByText('顶部 · 我的任务').waitFor();
  await screen.getByTestId('monitor-school-types').getByText('未设置类型').waitFor();
  await shot(admin, 'tasks-04-monitor');
  await screen.getByText('近 30 天').click();
  await screen.getByTestId('monitor-views').getByRole('columnheader').nth(31).waitFor();
  await admin.context().close();
});
