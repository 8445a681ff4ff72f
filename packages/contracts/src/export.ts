import { z } from 'zod';
import { id, idParam, intParam, text } from './fields';
import { pageQuery } from './envelope';
import { scoreStudentStatus, type ScoreStudentStatus } from './score';
import type { ImportError } from './school';

// Score exports and the download center (spec §2 download/center, exam/{examId}/all_score; §7 scores export).

export const exportKind = z.enum(['questions', 'classes', 'totals']);
export type ExportKind = z.infer<typeof exportKind>;
export const EXPORT_KIND_LABELS: Record<ExportKind, string> = {
  questions: '小题分明细',
  classes: '班级成绩汇总',
  totals: '考试总分表',
};

export const exportStatus = z.enum(['pending', 'running', 'done', 'failed', 'expired']);
export type ExportStatus = z.infer<typeof exportStatus>;
export const EXPORT_STATUS_LABELS: Record<ExportStatus, string> = {
  pending: '排队中',
  running: '生成中',
  done: '已完成',
  failed: '生成失败',
  expired: '已过期',
};

/** POST /api/download/export: totals need examId; questions and classes need subjectId. */
export const exportCreate = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('totals'), examId: id('考试编号无效') }),
  z.object({ kind: z.literal('questions'), subjectId: id('科目编号无效') }),
  z.object({ kind: z.literal('classes'), subjectId: id('科目编号无效') }),
]);
export type ExportCreate = z.infer<typeof exportCreate>;

/** One row of the download center. */
export const exportTaskItem = z.object({
  id: z.number(),
  kind: exportKind,
  examId: z.number(),
  examName: z.string(),
  subjectId: z.number().nullable(),
  subjectName: z.string().nullable(),
  userName: z.string(),
  status: exportStatus,
  progress: z.number(),
  rows: z.number().nullable(),
  size: z.number().nullable(),
  fileName: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type ExportTaskItem = z.infer<typeof exportTaskItem>;

/** GET /api/download/center */
export const exportListQuery = pageQuery;

/** GET /api/exam/:examId/all_score: every subject of the exam side by side with the total. */
export const allScoreQuery = pageQuery.extend({
  classId: idParam().optional(),
  keyword: text().trim().max(30).optional(),
  /** kaohao, name, total, or s<subjectId> for a subject's column */
  sort: z
    .string()
    .regex(/^(kaohao|name|total|s[1-9][0-9]{0,9})$/, '排序字段无效')
    .default('kaohao'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type AllScoreQuery = z.infer<typeof allScoreQuery>;

export const allScoreSubject = z.object({
  id: z.number(),
  name: z.string(),
  fullScore: z.number(),
  /** 计入总分 */
  inTotal: z.boolean(),
});
export type AllScoreSubject = z.infer<typeof allScoreSubject>;

/** One examinee's cell in a subject: the figure, or why there is none. */
export const allScoreCell = z.object({
  total: z.number().nullable(),
  status: scoreStudentStatus,
});
export type AllScoreCell = z.infer<typeof allScoreCell>;

export const allScoreRow = z.object({
  examineeId: z.number(),
  kaohao: z.string(),
  name: z.string(),
  schoolName: z.string(),
  className: z.string(),
  /** subjectId → cell */
  subjects: z.record(z.string(), allScoreCell),
  /** sum of the 计入总分 subjects with a figure; null when none has one */
  total: z.number().nullable(),
});
export type AllScoreRow = z.infer<typeof allScoreRow>;

export const allScorePage = z.object({
  total: z.number(),
  size: z.number(),
  items: z.array(allScoreRow),
  subjects: z.array(allScoreSubject),
  classes: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type AllScorePage = z.infer<typeof allScorePage>;

/** GET /api/api/subject/:id/getExamineeList/:status?p= — the examinees of a subject in one score status. */
export const examineeListStatus = z.enum(['all', 'ok', 'absent', 'missing', 'irregular']);
export type ExamineeListStatus = z.infer<typeof examineeListStatus>;
export const examineeStatusQuery = z.object({
  p: intParam(1).default(1),
  size: intParam(1, 200).default(20),
});

export const examineeListItem = z.object({
  examineeId: z.number(),
  kaohao: z.string(),
  name: z.string(),
  className: z.string(),
  status: scoreStudentStatus,
  total: z.number().nullable(),
  irregularReason: z.string().nullable(),
});
export type ExamineeListItem = z.infer<typeof examineeListItem>;
export const examineeListPage = z.object({
  total: z.number(),
  size: z.number(),
  page: z.number(),
  items: z.array(examineeListItem),
});
export type ExamineeListPage = z.infer<typeof examineeListPage>;

/** Status codes the all-score query answers per subject (null: no score row yet, shown as 无答题卡). */
export const CELL_STATUS: Record<number, ScoreStudentStatus> = {
  0: 'ok',
  1: 'absent',
  2: 'missing',
  3: 'irregular',
};

/**
 * What a score cell shows, on screen and in Excel alike: the figure; 缺考 (never 0); 违纪 beside its 0; blank when
 * there is no sheet.
 */
export function scoreCellText(cell: AllScoreCell): string | number {
  if (cell.status === 'absent') return '缺考';
  if (cell.status === 'irregular') return '违纪';
  return cell.total ?? '';
}

/** The exam total's cell: the sum, or 缺考 when every counted subject was missed, or blank. */
export function totalCellText(
  row: Pick<AllScoreRow, 'subjects' | 'total'>,
  subjects: AllScoreSubject[],
): string | number {
  if (row.total !== null) return row.total;
  const counted = subjects.filter((s) => s.inTotal);
  const allAbsent =
    counted.length > 0 && counted.every((s) => row.subjects[String(s.id)]?.status === 'absent');
  return allAbsent ? '缺考' : '';
}

/** POST /api/exam/:examId/subject/:subjectId/inTotal — 计入总分 of one subject (the exam's managers). */
export const inTotalBody = z.object({ inTotal: z.boolean() });
export type InTotalBody = z.infer<typeof inTotalBody>;

/** The columns of a score import (成绩导入): 考号 and 成绩 required (a number or 缺考), 姓名 checked when given. */
export const SCORE_IMPORT_COLUMNS = ['考号', '成绩'] as const;
export const SCORE_IMPORT_OPTIONAL = ['姓名'] as const;

/** POST /api/subject/:id/score/import */
export interface ScoreImportResult {
  imported: number;
  absent: number;
  skipped: number;
  errors: ImportError[];
}
