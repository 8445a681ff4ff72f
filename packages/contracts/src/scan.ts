import { z } from 'zod';
import { idParam, int, text } from './fields';
import { pageQuery, type Paged } from './envelope';

/** Where a batch came from: the browser upload, the original-paper upload, or the local scan agent. */
export const ScanSource = { upload: 'upload', origin: 'origin', agent: 'agent' } as const;
export type ScanSourceValue = (typeof ScanSource)[keyof typeof ScanSource];

/** A page's recognition state. */
export const ScanPageStatus = {
  queued: 'queued',
  recognised: 'recognised',
  exception: 'exception',
  blank: 'blank',
  /** taken out by a person (定位/图像/空白/非本科目): the paper waits for a rescan */
  removed: 'removed',
} as const;
export type ScanPageStatusValue = (typeof ScanPageStatus)[keyof typeof ScanPageStatus];

/** A paper's state: waiting for its pages' recognition, matched without open exceptions, or with open exceptions. */
export const PaperStatus = {
  pending: 'pending',
  ok: 'ok',
  exception: 'exception',
  /** the other paper of a 考号重复 was kept: this one is set aside, never deleted */
  setAside: 'setAside',
  /** a page was taken out: the student's sheet must be scanned again */
  rescan: 'rescan',
} as const;
export type PaperStatusValue = (typeof PaperStatus)[keyof typeof PaperStatus];

/** Exception kinds of DESIGN.md §4 (scan_exception.type). */
export const ScanExceptionType = {
  location: 'location',
  kaohao: 'kaohao',
  kaohaoRepeat: 'kaohaoRepeat',
  objective: 'objective',
  ab: 'ab',
  optional: 'optional',
  absent: 'absent',
  subjective: 'subjective',
  blank: 'blank',
  wrongPage: 'wrongPage',
  image: 'image',
} as const;
export type ScanExceptionTypeValue = (typeof ScanExceptionType)[keyof typeof ScanExceptionType];
export const scanExceptionTypes = Object.values(ScanExceptionType) as [
  ScanExceptionTypeValue,
  ...ScanExceptionTypeValue[],
];

/** Chinese names of the exception kinds, for lists and messages. */
export const SCAN_EXCEPTION_LABELS: Record<ScanExceptionTypeValue, string> = {
  location: '定位异常',
  kaohao: '考号异常',
  kaohaoRepeat: '考号重复',
  objective: '客观题异常',
  ab: 'AB卷异常',
  optional: '选做题异常',
  absent: '缺考',
  subjective: '主观题异常',
  blank: '空白页',
  wrongPage: '非本科目答题卡',
  image: '图像异常',
};

/** Result of one upload: what was stored, what was already there. */
export interface ScanUploadResult {
  batchId: number;
  files: number;
  pages: number;
  /** pages stored and queued for recognition */
  accepted: number;
  /** pages whose content was already uploaded for this subject (recognised once) */
  duplicates: number;
  papers: number;
}

/** Counts of one batch, a subject or a school. */
export interface ScanCounts {
  pages: number;
  queued: number;
  recognised: number;
  exception: number;
  blank: number;
}

export interface ScanBatchProgress extends ScanCounts {
  batchId: number;
  schoolId: number;
  schoolName: string;
  source: ScanSourceValue;
  uploader: string | null;
  duplicates: number;
  state: string;
  createdAt: string;
}

/** scanExceptionProgress of a subject: per batch, and the whole. */
export interface ScanExceptionProgress {
  subjectId: number;
  total: ScanCounts & { papers: number; matched: number };
  batches: ScanBatchProgress[];
}

/**
 * Where the examinees of a subject stand: 实考 (a matched sheet, no absence), 缺考 (an absence record,
 * from a confirmed mark on the sheet or marked by hand), 未扫 (neither). The three add up to `examinees`.
 */
export interface ScanAccounting {
  examinees: number;
  present: number;
  absent: number;
  missing: number;
}

/** exam/{examId}/allScanProgress: one row per subject. */
export interface SubjectScanProgress extends ScanCounts {
  subjectId: number;
  name: string;
  examinees: number;
  papers: number;
  matched: number;
  /** 未扫: neither scanned nor absent */
  missing: number;
  present: number;
  absent: number;
  exceptions: number;
  /** schools of the exam the user sees, and those whose 扫描完成 is confirmed for this subject */
  schools: number;
  finishedSchools: number;
}

/** schoolExamineeProgress/{examId}: one row per school (and subject when asked). */
export interface SchoolScanProgress {
  schoolId: number;
  schoolName: string;
  examinees: number;
  /** answer sheets expected: examinees × subjects asked for; always scanned + absent + missing */
  sheets: number;
  /** examinee-subject pairs with a scanned paper and no absence */
  scanned: number;
  /** examinee-subject pairs with an absence record */
  absent: number;
  /** examinee-subject pairs neither scanned nor absent */
  missing: number;
  exceptions: number;
  /** 扫描完成 confirmed: for the asked subject, or for every subject of the exam */
  scanFinished: boolean;
}

/** 扫描完成 of a school in a subject: who confirmed it, when, and what it saw. */
export interface ScanFinishInfo {
  finishedAt: string;
  finishedBy: string | null;
  counts: Record<string, number>;
}

/** One school of a subject on the scan screens: the school picker and the 扫描完成 card. */
export interface ScanSchoolStatus extends ScanAccounting {
  schoolId: number;
  schoolName: string;
  /** papers still waiting for recognition */
  pending: number;
  /** open exceptions */
  exceptions: number;
  finished: ScanFinishInfo | null;
  /** why 扫描完成 cannot be confirmed now (empty: it can) */
  blockers: string[];
}

/** scan/scanException: badge counts, spec §3 names and the §5 summary names. */
export interface ScanExceptionCounts {
  locationExp: number;
  kaohaoExp: number;
  kaohaoRepeat: number;
  objExp: number;
  subExp: number;
  abExp: number;
  optionalExp: number;
  absentExp: number;
  otherExp: number;
  riskItems: {
    local: number;
    examNo: number;
    objective: number;
    subjective: number;
    abPaper: number;
    absent: number;
  };
  anchorExceptionCount: number;
  examNoExceptionCount: number;
  duplicateExamNoExceptionCount: number;
}

export interface ScanExceptionItem {
  id: number;
  type: ScanExceptionTypeValue;
  label: string;
  paperId: number | null;
  pageId: number | null;
  batchId: number;
  schoolId: number;
  kaohao: string | null;
  region: string | null;
  reason: string;
  detail: Record<string, unknown>;
  resolved: boolean;
  createdAt: string;
}

export interface MissedExaminee {
  examineeId: number;
  kaohao: string;
  name: string;
  className: string;
  schoolId: number;
  schoolName: string;
  kaochang: string | null;
  absent: boolean;
  /** the examinee's sheet was scanned (with a confirmed 缺考 mark) */
  scanned: boolean;
}

/** missedExamDetail: the listed examinees and the subject's 实考 / 缺考 / 未扫 counts. */
export interface MissedExamPage extends Paged<MissedExaminee> {
  summary: ScanAccounting;
}

const id = idParam();

/** Query of the exception list. */
export const scanExceptionQuery = pageQuery.extend({
  type: z.enum(scanExceptionTypes).optional(),
  schoolId: id.optional(),
  resolved: z.enum(['true', 'false']).optional(),
});
/** Query of missedExamDetail: 未扫 (default), 缺考, or both. */
export const missedExamQuery = pageQuery.extend({
  schoolId: id.optional(),
  status: z.enum(['missing', 'absent', 'all']).default('missing'),
});
/** Query of the paper list of a subject (view/student/paper). */
export const scanPaperQuery = pageQuery.extend({
  schoolId: id.optional(),
  status: z.enum(['pending', 'ok', 'exception']).optional(),
});
/** Optional school and subject filters of the progress and count routes. */
export const scanSchoolQuery = z.object({ schoolId: id.optional(), subjectId: id.optional() });

/** A recognised paper (view/student/paper). */
export interface ScanPaperItem {
  id: number;
  batchId: number;
  schoolId: number;
  kaohao: string | null;
  examineeId: number | null;
  name: string | null;
  status: PaperStatusValue;
  objective: Record<string, string[] | null>;
  absentMarked: boolean;
  pages: { id: number; position: number; status: ScanPageStatusValue; templatePage: number | null }[];
}

// ---- exception fixes (scan/scanException screens) ----

/** How an exception was settled (scan_exception.detail.resolution). */
export type ScanResolution =
  | 'assigned'
  | 'kept'
  | 'setAside'
  | 'answered'
  | 'absentConfirmed'
  | 'absentCleared'
  | 'paperType'
  | 'optional'
  | 'rescan'
  | 'replaced'
  /** 主观题异常, 打分栏: the score typed by a person */
  | 'scored'
  /** 主观题异常, image: a person saw the answer box whole enough to mark */
  | 'accepted';

const label = text().trim().min(1).max(4);
const point = z.object({
  x: z.number().min(-100_000).max(100_000),
  y: z.number().min(-100_000).max(100_000),
});

/** 考号异常 / 考号重复: give the paper to an examinee. */
export const scanAssignBody = z.object({ exceptionId: id, examineeId: id });
/** 考号重复: keep one of the two papers, the other is set aside. */
export const scanKeepBody = z.object({ exceptionId: id, keepPaperId: id });
/** 客观题异常: the answer of each listed exception (identical cases confirmed in one call). */
export const scanObjectiveBody = z.object({
  answers: z
    .array(z.object({ exceptionId: id, answer: z.array(label).max(26) }))
    .min(1, '请选择要确认的题目')
    .max(500),
});
/** 缺考: confirm the mark or clear it. */
export const scanAbsentBody = z.object({ exceptionId: id, absent: z.boolean() });
/** AB卷异常: the paper type. */
export const scanPaperTypeBody = z.object({ exceptionId: id, paperType: z.enum(['A', 'B']) });
/** 选做题异常: the chosen question. */
export const scanOptionalBody = z.object({ exceptionId: id, chosen: label });
/** 主观题异常 on a 打分栏: the score the teacher marked, read off the strip by a person. */
export const scanScoreBody = z.object({
  exceptionId: id,
  score: z
    .number({ error: '请输入分数' })
    .finite()
    .min(0, '分数不能小于 0')
    .max(1000, '分数过大')
    .refine((v) => Number.isInteger(v * 2), '分数只能是整数或 0.5 的倍数'),
});
/** 主观题异常 on an answer box: the image is good enough to mark as it is. */
export const scanAcceptBody = z.object({ exceptionId: id });
/** 定位/图像/空白/非本科目: take the page out and ask for a rescan. */
export const scanRescanBody = z.object({ exceptionId: id });
/** 定位异常: re-recognise a page with the anchors a person marked on the image (image pixels, template order). */
export const scanReanchorBody = z.object({
  pageId: id,
  pageIndex: int(0, 20).optional(),
  points: z.array(point).min(3).max(8),
});
/** Re-recognise a batch (after a template fix). */
export const scanBatchBody = z.object({ batchId: id });
/** spec §5: the exception papers of one summary kind. */
export const scanExceptionPapersQuery = z.object({
  kind: z.enum(['anchor', 'examNo', 'duplicateExamNo']),
  schoolId: id.optional(),
});
export const scanStudentQuery = z.object({ examineeId: id });
/** 标记缺考 by hand on missedExamDetail (students whose sheet never came), or undo it. */
export const scanAbsenceBody = z.object({
  examineeIds: z.array(id).min(1, '请选择考生').max(500),
  absent: z.boolean(),
});
/** 扫描完成 of one school, or reopening it. */
export const scanFinishBody = z.object({ schoolId: id });

/** What a fix answers: the papers touched and the open exceptions left on them. */
export interface ScanFixResult {
  papers: number[];
  resolved: number;
  /** papers queued for recognition again */
  queued?: number;
}

/** A box on the page image, in image pixels. */
export interface ImageBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A page of a paper as the exception screens show it. */
export interface ScanPageView {
  id: number;
  position: number;
  templatePage: number | null;
  status: ScanPageStatusValue;
  fileName: string;
  /** template → image matrix when the page registered */
  matrix: number[] | null;
  crops: { index: number; name: string; question: string }[];
}

export interface ScanPaperView {
  id: number;
  batchId: number;
  schoolId: number;
  status: PaperStatusValue;
  kaohao: string | null;
  examineeId: number | null;
  name: string | null;
  className: string | null;
  objective: Record<string, string[] | null>;
  /** 打分栏 scores by strip name (先阅后扫) */
  scores: Record<string, { question: string; value: number | null; manual?: boolean }>;
  absentMarked: boolean;
  paperType: string | null;
  pages: ScanPageView[];
}

/** scan exception detail: the exception, its paper and pages, the region to highlight and the choices. */
export interface ScanExceptionDetail {
  exception: ScanExceptionItem;
  paper: ScanPaperView | null;
  /** 考号重复: the paper that holds the exam number already */
  other: ScanPaperView | null;
  highlight: {
    pageId: number;
    box: ImageBox;
    bubbles: { label: string; box: ImageBox; fill: number | null }[];
  } | null;
  /** the labels a person may choose (objective, A/B, optional) */
  options: string[];
  /** 定位异常: the anchors to mark, in order */
  anchors: { name: string }[];
  /** 主观题异常 on a 打分栏: what may be typed (the question's full score and step) and what was read */
  score: ScoreRule | null;
}

/** The score a 打分栏 may carry: its question(s), full score and step; `read` is the strip's reading if any. */
export interface ScoreRule {
  question: string;
  max: number;
  step: 0.5 | 1;
  read: number | null;
}

/** scan/view/student/paper: an examinee's paper of a subject. */
export interface StudentPaperView {
  examinee: { id: number; kaohao: string; name: string; className: string; schoolName: string };
  paper: ScanPaperView | null;
}
