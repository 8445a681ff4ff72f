import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { typicalCard } from '@yj/scan-sim';
import type { TeacherItem } from '@yj/contracts';
import { APP, call, createExamWithOneSubject, shot, typicalObjective } from './lib.ts';
import { assignMarkers, pressReviewDone, pressReviewStart, scanSheets } from './marking-lib.ts';

// The reports' journeys' shared steps (reports.e2e.ts, report-groups.e2e.ts): an exam published as a school
// admin does it, and the texts of a table card and of its Excel export.

/** The seeded teacher who marks the journeys' block. */
export const TEACHER = '13800000021';
/** Sheets scanned per class; the class's other examinees are 缺考. */
export const PER_CLASS = 4;
const card = typicalCard();
const box48 = card.pages[1]!.subjective.find((x) => x.question === '48')!;

/** The subject's scores, published as a user does: marking started and finished, then 发布 on scoreCheck. */
export async function markAndPublish(page: Page, examId: number, subjectId: number): Promise<void> {
  await page.goto(`${APP}/book/exam/${examId}/startReviewManage`);
  const row = page.getByTestId('review-manage').locator('.ant-table-row', { hasText: '数学' });
  await row.waitFor();
  await pressReviewStart(page);
  // refused reasons (if any) are overridden with 仍然开始, as the scan staff confirmed the absences
  const force = page.getByTestId('review-force-start');
  await row.getByText('阅卷中').or(force).first().waitFor();
  if (await force.isVisible()) await force.click();
  await row.getByText('阅卷中').waitFor();
  await pressReviewDone(page);
  await row.getByText('阅卷完成').waitFor();
  await page.goto(`${APP}/book/subject/${subjectId}/score/scoreCheck`);
  await page.getByText('核查通过').waitFor();
  await page.getByTestId('publish-release').click();
  const dialog = page.locator('.ant-modal-confirm:not(.ant-zoom-appear)');
  await dialog.getByRole('button', { name: /^发\s?布$/ }).click();
  await page.getByTestId('publish-state').getByText('已发布').waitFor();
  await shot(page, 'reports-00-published');
}

/** The rows of the Excel file a card's 导出 Excel button downloads, as cell texts. */
export async function exportedRows(page: Page, card: Locator): Promise<string[][]> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: '导出 Excel' }).click(),
  ]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await file.path())!);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

/** The cell texts of the rows of a table card (antd renders sorter headers and a measure row apart). */
export async function tableTexts(card: Locator): Promise<string[][]> {
  const head = await card.locator('thead th').allInnerTexts();
  const rows = await card
    .locator('tbody tr.ant-table-row')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())),
    );
  return [head.map((h) => h.trim()), ...rows];
}

/**
 * An exam of the grade's first classes (up to three) with 数学 published: the first sheets of each class scanned
 * (random answers, a 打分栏 score spread over 0–19), the rest 缺考, marked from the 打分栏 and published on the
 * screens. 1–30 单选, 31–35 多选, 36–40 判断, 2 分 each (80), 48 主观 20 分.
 */
export async function publishedExam(
  page: Page,
  o: {
    name: string;
    startDate: string;
    prefix: string;
    seed: number;
    /** classes taking part (default 3) and sheets scanned per class (default PER_CLASS): fewer for a lighter scene */
    classes?: number;
    perClass?: number;
  },
) {
  const exam = await createExamWithOneSubject(page, {
    name: o.name,
    startDate: o.startDate,
    course: '数学',
    fullScore: 100,
  });
  const classes = await call<Array<{ id: number; name: string }>>(
    page,
    'POST',
    `/api/school/${exam.schoolId}/banjis`,
    {
      gradeId: exam.gradeId,
    },
  );
  const three = classes.slice(0, o.classes ?? 3);
  await call(page, 'POST', `/api/exam/${exam.examId}/examinees/add`, {
    classIds: three.map((c) => c.id),
    rule: { kind: 'sequence', prefix: o.prefix, digits: 4 },
    roomSize: 30,
  });
  type Row = { id: number; kaohao: string; className: string };
  const all: Row[] = [];
  for (let p = 1; ; p++) {
    const got = await call<{ items: Row[]; total: number }>(
      page,
      'POST',
      `/api/exam/${exam.examId}/examinees`,
      {
        page: p,
        size: 200,
      },
    );
    all.push(...got.items);
    if (all.length >= got.total || !got.items.length) break;
  }
  // 1–30 单选, 31–35 多选, 36–40 判断, 2 分 each (80), 48 主观 20 分 (scored on the sheet's 打分栏, 0–19)
  await call(page, 'POST', `/api/subject/${exam.subjectId}/template`, { body: card });
  await call(page, 'POST', `/api/api/subject/${exam.subjectId}/setting/questions/objective`, {
    questions: typicalObjective(2),
  });
  await call(page, 'POST', `/api/api/subject/${exam.subjectId}/setting/questions/subjective`, {
    questions: [{ no: '48', score: 20 }],
  });
  const { blocks } = await call<{ blocks: Array<{ id: number }> }>(
    page,
    'POST',
    `/api/subject/${exam.subjectId}/setting/block`,
    { blocks: [{ name: '第48题', nos: ['48'], markCount: 1, regions: [{ page: 1, ...box48.rect }] }] },
  );
  await assignMarkers(page, exam.subjectId, blocks[0]!.id, [TEACHER]);
  // the first sheets of each class scanned (random answers, a 打分栏 score spread over 0–19); the rest 缺考
  const sorted = [...all].sort((a, b) => a.kaohao.localeCompare(b.kaohao));
  const perClass = o.perClass ?? PER_CLASS;
  const sitting = three.flatMap((c) => sorted.filter((e) => e.className === c.name).slice(0, perClass));
  assert.equal(sitting.length, three.length * perClass, 'every class has its sheets');
  await scanSheets(page, exam.subjectId, card, sitting, o.seed, {
    strip: (i) => (i * o.seed) % 20,
  });
  const sat = new Set(sitting.map((e) => e.id));
  await call(page, 'POST', `/api/subject/${exam.subjectId}/absent`, {
    ids: sorted.filter((e) => !sat.has(e.id)).map((e) => e.id),
    absent: true,
  });
  await markAndPublish(page, exam.examId, exam.subjectId);
  return { exam, three, all, sitting };
}

/** The journeys' teacher (TEACHER) made the teacher of one class only, as the teachers screen does it. */
export async function teachOnly(page: Page, schoolId: number, classId: number | null): Promise<void> {
  const t = await call<TeacherItem>(page, 'GET', `/api/school/${schoolId}/teachers/one?phone=${TEACHER}`);
  await call(page, 'POST', `/api/school/${schoolId}/teachers/update`, {
    oldInfo: { userId: t.userId, phone: t.phone },
    newInfo: {
      name: t.name,
      phone: t.phone,
      subjects: t.subjects,
      classIds: classId === null ? [] : [classId],
    },
  });
}
