import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import { orderlyStudent, typicalCard } from '@yj/scan-sim';
import type { AllScorePage } from '@yj/contracts';
import { APP, call, loginAsSchoolAdmin, shot, waitForPath, journeySession } from './lib.ts';
import { subjectScene } from './marking-lib.ts';

// Exports (issue 15): a subject with one scanned sheet and one absent examinee; the exam's all_score screen, the
// 总分表 export asked for there, its progress in the download center, the file downloaded and read back: its
// totals are the screen's, 缺考 written as 缺考.

const card = typicalCard();
const strip = card.pages[1]!.scoreBoxes[0]!;
const s = journeySession();

test('export the exam totals, watch it in the download center, open the Excel and check it against all_score', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const { exam, examinees } = await subjectScene(page, card, {
    name: '2026学年导出演示考试',
    startDate: '2026-11-21',
    course: '语文',
    fullScore: 150,
  });
  // the card's 30 单选 keyed A, 1 分 each (its 多选 and 判断 keep no key): the sheet answers A, its strip gives 12
  const questions = Array.from({ length: 30 }, (_, i) => ({
    no: String(i + 1),
    kind: 'single',
    options: 4,
    score: 1,
    answer: 'A',
  }));
  await call(page, 'POST', `/api/api/subject/${exam.subjectId}/setting/questions/objective`, { questions });
  const [first, second] = examinees;
  const sheet = await orderlyStudent(card, 601, first!.kaohao, {
    front: (a) => {
      for (let i = 1; i <= 30; i++) a.objective[String(i)] = ['A'];
    },
    back: (b) => (b.scores[strip.name] = 12),
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'yj-e2e-export-'));
  const files = [sheet.front, sheet.back].map((x, i) => {
    const f = path.join(dir, `${i + 1}.jpg`);
    writeFileSync(f, x.jpeg);
    return f;
  });
  await page.goto(`${APP}/book/subject/${exam.subjectId}/answerCard`);
  await page.getByTestId('scan-upload').waitFor();
  await page.locator('input[type=file]').setInputFiles(files);
  await page.getByTestId('scan-send').click();
  await page.getByTestId('scan-upload-done').waitFor();
  await call(page, 'POST', `/api/subject/${exam.subjectId}/absent`, { ids: [second!.id], absent: true });
  await call(page, 'POST', `/api/subject/${exam.subjectId}/score/recompute`, {});

  // the exam page links to 全科成绩 once the sheet is scored (recognition scores it by itself)
  const allScore = `/api/exam/${exam.examId}/all_score?size=200`;
  const deadline = Date.now() + 90_000;
  let screen = await call<AllScorePage>(page, 'GET', allScore);
  const scored = () => screen.items.find((r) => r.kaohao === first!.kaohao)?.total ?? null;
  while (scored() === null && Date.now() < deadline) {
    await page.waitForTimeout(500);
    screen = await call<AllScorePage>(page, 'GET', allScore);
  }
  const total = scored();
  assert.equal(total, 42, '30 单选 right and the strip 12');
  await page.goto(`${APP}/book/exam/${exam.examId}`);
  await page.getByText('全科成绩').click();
  await waitForPath(page, `/book/exam/${exam.examId}/all_score`);
  await page.getByTestId(`total-${first!.kaohao}`).getByText(String(total), { exact: true }).waitFor();
  await page.getByTestId(`total-${second!.kaohao}`).getByText('缺考').waitFor();
  await page.getByTestId('all-score').getByText(`共 ${examinees.length} 名考生`).waitFor();
  await shot(page, 'export-01-all-score');
  await page.getByLabel('搜索姓名或考号').fill(first!.kaohao);
  await page.getByLabel('搜索姓名或考号').press('Enter');
  await page.getByTestId('all-score').getByText('共 1 名考生').waitFor();

  // asked for twice by a double click: one task
  await page.getByTestId('export-totals').dblclick();
  await page.getByText('已提交导出任务').waitFor();
  await page.getByRole('link', { name: '下载中心' }).first().click();
  await waitForPath(page, '/book/download/center');
  const center = page.getByTestId('download-center');
  await center.getByText('考试总分表').first().waitFor();
  assert.equal(await center.locator('.ant-table-row').count(), 1, 'one task for a double click');
  await center.getByText('已完成').waitFor({ timeout: 60_000 });
  await shot(page, 'export-02-download-center');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    center.getByRole('link', { name: '下载' }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^2026学年导出演示考试-考试总分表\.xlsx$/);
  const saved = path.join(dir, 'totals.xlsx');
  await download.saveAs(saved);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(saved) as unknown as ExcelJS.Buffer);
  const ws = wb.getWorksheet('考试总分')!;
  assert.deepEqual((ws.getRow(1).values as unknown[]).slice(1), [
    '考号',
    '姓名',
    '学校',
    '班级',
    '语文',
    '总分',
  ]);
  const file = new Map<string, unknown>();
  ws.eachRow((row, n) => {
    if (n > 1) file.set(String(row.getCell(1).value), row.getCell(6).value ?? '');
  });
  screen = await call<AllScorePage>(page, 'GET', allScore);
  assert.equal(file.size, screen.total);
  for (const r of screen.items) {
    const cell = r.subjects[String(exam.subjectId)]!;
    const expected = r.total ?? (cell.status === 'absent' ? '缺考' : '');
    assert.equal(file.get(r.kaohao), expected, `总分 of ${r.kaohao}`);
  }
  assert.equal(file.get(first!.kaohao), total);
  assert.equal(file.get(second!.kaohao), '缺考');
});

test('import the scores of a subject not marked here: row errors, only the right rows, all_score shows them', async () => {
  const { page } = s;
  const { exam, examinees } = await subjectScene(page, card, {
    name: '2026学年成绩导入演示考试',
    startDate: '2026-11-22',
    course: '英语',
  });
  await page.goto(`${APP}/book/subject/${exam.subjectId}/score/stuScore`);
  await page.getByTestId('score-import').click();
  const modal = page.getByRole('dialog');
  await modal.getByText('点击或将 Excel 文件拖到此处').waitFor();
  const [a, b] = examinees;
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('成绩').addRows([
    ['考号', '姓名', '成绩'],
    [a!.kaohao, a!.name, 91.5],
    [b!.kaohao, '', '缺考'],
    ['20269999', '', 60],
  ]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'yj-e2e-import-')), '英语成绩.xlsx');
  await wb.xlsx.writeFile(file);
  await modal.locator('input[type=file]').setInputFiles(file);
  const errors = modal.getByTestId('import-errors');
  await errors.getByText('考号 20269999 不在本次考试的考生中').waitFor();
  await shot(page, 'export-03-import-errors');
  await modal.getByRole('button', { name: '仅导入正确的行' }).click();
  await modal.getByText('导入完成').waitFor();
  assert.match(await modal.innerText(), /导入 2 名考生的成绩，其中缺考 1 名，跳过有错误的 1 行/);
  await shot(page, 'export-04-import-done');
  await modal.getByRole('button', { name: /完\s*成/ }).click();
  await page
    .getByTestId('stu-score')
    .locator('.ant-table-row', { hasText: a!.kaohao })
    .getByText('91.5')
    .first()
    .waitFor();

  await page.goto(`${APP}/book/exam/${exam.examId}/all_score`);
  await page.getByTestId(`total-${a!.kaohao}`).getByText('91.5').waitFor();
  await page.getByTestId(`total-${b!.kaohao}`).getByText('缺考').waitFor();
});
