import { z } from 'zod';
import { int, intParam, text } from './fields';
import { pageQuery } from './envelope';

// 升学去向 — the spec's base-info card `university`: where a school's graduates were admitted, year by year, kept
// by the school itself (entered or imported from the Excel it already keeps) and summed per year the way schools
// report it (本科率, 985 / 211 counts, the universities most admitted to).

/** 录取批次 as Chinese admission lists name them (old and new 高考 both: 本科一批 / 本科二批 and 本科批). */
export const ADMISSION_BATCHES = [
  '本科提前批',
  '本科批',
  '本科一批',
  '本科二批',
  '强基计划',
  '综合评价',
  '专科批',
  '出国（境）',
  '其他',
] as const;
export type AdmissionBatch = (typeof ADMISSION_BATCHES)[number];

/** The batches counted as 本科 in 本科率 (出国 and 其他 are neither 本科 nor 专科 there). */
export const UNDERGRADUATE_BATCHES: ReadonlySet<AdmissionBatch> = new Set([
  '本科提前批',
  '本科批',
  '本科一批',
  '本科二批',
  '强基计划',
  '综合评价',
]);

/** 院校层次, one per row, the highest that applies (a 985 university is also 211 and 双一流: the summary counts so). */
export const ADMISSION_LEVELS = ['985', '211', '双一流', '普通本科', '专科院校', '境外院校'] as const;
export type AdmissionLevel = (typeof ADMISSION_LEVELS)[number];

const thisYear = new Date().getFullYear();
export const admissionInput = z.object({
  /** 毕业年份 */
  year: int(1977, thisYear + 1),
  name: text().trim().min(1, '姓名不能为空').max(30, '姓名不能超过 30 个字'),
  xuehao: text().trim().max(30, '学号不能超过 30 个字').default(''),
  /** the class as it was at graduation: text, the class itself may be gone */
  className: text().trim().max(30, '班级名称不能超过 30 个字').default(''),
  university: text().trim().min(1, '录取院校不能为空').max(50, '录取院校不能超过 50 个字'),
  major: text().trim().max(50, '录取专业不能超过 50 个字').default(''),
  batch: z.enum(ADMISSION_BATCHES, { message: '请选择录取批次' }),
  level: z.enum(ADMISSION_LEVELS).or(z.literal('')).default(''),
});
export type AdmissionInput = z.input<typeof admissionInput>;

export const admissionItem = z.object({
  id: z.number(),
  year: z.number(),
  name: z.string(),
  xuehao: z.string(),
  className: z.string(),
  university: z.string(),
  major: z.string(),
  batch: z.string(),
  level: z.string(),
});
export type AdmissionItem = z.infer<typeof admissionItem>;

export const admissionListQuery = pageQuery.extend({
  year: intParam(1977, 9999).optional(),
  keyword: text().trim().max(30).optional(),
});
export type AdmissionListQuery = z.infer<typeof admissionListQuery>;

/** One graduating year, summed: what a school's 升学喜报 states. */
export const admissionYear = z.object({
  year: z.number(),
  total: z.number(),
  /** 本科 (UNDERGRADUATE_BATCHES) */
  undergraduate: z.number(),
  /** 专科批 */
  junior: z.number(),
  /** level 985 */
  c985: z.number(),
  /** 211 including 985 */
  c211: z.number(),
  /** 双一流 including 985 and 211 */
  doubleFirst: z.number(),
  /** the ten universities most admitted to, most first */
  topUniversities: z.array(z.object({ university: z.string(), count: z.number() })),
});
export type AdmissionYear = z.infer<typeof admissionYear>;

/** What an Excel import of 升学去向 did: rows of a (year, class, name) already kept are updated. */
export interface AdmissionImportResult {
  created: number;
  updated: number;
  skipped: number;
  errors: Array<{ row: number; column: string; message: string }>;
}
