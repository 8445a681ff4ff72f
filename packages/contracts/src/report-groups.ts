import { z } from 'zod';
import { id, idParam, intParam, text } from './fields';
import { reportParams, reportQuery, reportSheet } from './report';

// 分析组 (analysis groups, issue 16): a set of classes or of examinees of an exam whose reports are computed on
// their own — the same figures as an exam's report, over the members only.

/** The most classes and examinees one group holds. */
export const GROUP_MAX_CLASSES = 200;
export const GROUP_MAX_EXAMINEES = 5000;

export const reportGroupParams = reportParams.extend({ groupId: idParam() });

/** POST (create) and PUT (edit) body: a name and either classes or examinees. */
export const reportGroupBody = z
  .object({
    name: text().trim().min(1, '请填写分析组名称').max(30, '名称最多 30 个字'),
    classIds: z.array(id()).max(GROUP_MAX_CLASSES, `一个分析组最多 ${GROUP_MAX_CLASSES} 个班级`).optional(),
    examineeIds: z
      .array(id())
      .max(GROUP_MAX_EXAMINEES, `一个分析组最多 ${GROUP_MAX_EXAMINEES} 名学生`)
      .optional(),
  })
  .refine((b) => (b.classIds?.length ?? 0) > 0 !== (b.examineeIds?.length ?? 0) > 0, {
    message: '请选择班级或学生（二者选一）',
    path: ['classIds'],
  });
export type ReportGroupBody = z.infer<typeof reportGroupBody>;

export const reportGroupsQuery = z.object({
  page: intParam(1).default(1),
  size: intParam(1, 100).default(20),
});
export type ReportGroupsQuery = z.infer<typeof reportGroupsQuery>;

/** Examinees to choose from when a group is made of students: by exam number or name. */
export const reportGroupCandidatesQuery = z.object({ keyword: text().trim().min(1).max(30) });
export const reportGroupCandidate = z.object({
  examineeId: z.number(),
  kaohao: z.string(),
  name: z.string(),
  className: z.string(),
});
export type ReportGroupCandidate = z.infer<typeof reportGroupCandidate>;

/** Examinees given by exam number (pasted from a spreadsheet column): those found and the numbers not found. */
export const reportGroupKaohaoBody = z.object({
  kaohaos: z
    .array(text().trim().min(1).max(30))
    .min(1, '请粘贴考号')
    .max(GROUP_MAX_EXAMINEES, `一次最多 ${GROUP_MAX_EXAMINEES} 个考号`),
});
export const reportGroupKaohaoFound = z.object({
  found: z.array(reportGroupCandidate),
  /** numbers of no examinee of the exam the reader may see */
  missing: z.array(z.string()),
});

/** One group as listed: its members by id and by name (classes named, examinees counted). */
export const reportGroupItem = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(['classes', 'students']),
  classIds: z.array(z.number()),
  examineeIds: z.array(z.number()),
  /** the classes' names (class groups), or the examinees' classes (student groups) */
  classNames: z.array(z.string()),
  /** a student group's members in this exam (empty for a class group) */
  students: z.array(reportGroupCandidate),
  /** examinees of the group in this exam */
  size: z.number(),
  createdByName: z.string(),
  updatedAt: z.string(),
});
export type ReportGroupItem = z.infer<typeof reportGroupItem>;

export const reportGroupsPage = z.object({ items: z.array(reportGroupItem), total: z.number() });
export type ReportGroupsPage = z.infer<typeof reportGroupsPage>;

export const reportGroupCreated = z.object({ id: z.number() });

/** GET …/groups/:groupId/report?subjectId= — the group's report (the total without subjectId). */
export const reportGroupReportQuery = reportQuery;
export const reportGroupExportQuery = reportQuery.extend({ sheet: reportSheet });

/** What an exam number in a file looks like (the examinee import's rule): a cell of another shape is a heading. */
export const KAOHAO_SHAPE = /^[0-9A-Za-z-]{1,20}$/;

/**
 * POST …/groups/:groupId/import?apply=1 (multipart `file`): 导入考号 of a student group from an .xlsx — the column
 * headed 考号, else the first. Without apply the file is only checked (the preview); with it the examinees found
 * are added to the group.
 */
export const reportGroupImportQuery = z.object({ apply: z.enum(['0', '1']).optional() });

/** A problem of one row of the file (Excel row number; column 考号), as the other imports list them. */
const importRowProblem = z.object({ row: z.number(), column: z.string(), message: z.string() });

export const reportGroupImportResult = z.object({
  /** the non-empty cells read */
  rows: z.number(),
  /** examinees of the exam the reader may see, not yet in the group */
  matched: z.array(reportGroupCandidate),
  /** examinees found that are in the group already */
  already: z.number(),
  /** numbers of no examinee of the exam the reader may see */
  missing: z.number(),
  /** rows repeating an earlier row's number */
  duplicated: z.number(),
  /** cells that are not an exam number (a formula, another shape) */
  invalid: z.number(),
  /** the rows not added, with why */
  problems: z.array(importRowProblem),
  /** apply: the examinees added to the group (0 in a preview) */
  added: z.number(),
});
export type ReportGroupImportResult = z.infer<typeof reportGroupImportResult>;
