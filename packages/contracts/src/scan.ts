import { z } from 'zod';
import { idParam, int, text } from './fields';
import { pageQuery } from './envelope';
import { paged } from './route';

/** Where a batch came from: the browser upload, the original-paper upload, or the local scan agent. */
export const ScanSource = { upload: 'upload', origin: 'origin', agent: 'agent' } as const;
export type ScanSourceValue = (typeof ScanSource)[keyof typeof ScanSource];

/** A page's recognition state. */
export const ScanPageStatus = {
  queued: 'queued',
  recognised: 'recognised',
  exception: 'exception',
  blank: 'blank',
  /** taken out by a person (定位/图像/空白/页面异常): the paper waits for a rescan */
  removed: 'removed',
  /** its batch voided (作废本批次): out of every count, and the same image may be uploaded again */
  voided: 'voided',
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
  wrongPage: '页面异常',
  image: '图像异常',
};

// The answers (shape only: what a school already stored is answered as it is, never refused).

const scanSource = z.enum([ScanSource.upload, ScanSource.origin, ScanSource.agent]);
const scanPageStatus = z.enum(
  Object.values(ScanPageStatus) as [ScanPageStatusValue, ...ScanPageStatusValue[]],
);
const paperStatus = z.enum(Object.values(PaperStatus) as [PaperStatusValue, ...PaperStatusValue[]]);

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
const scanCountsShape = {
  pages: z.number(),
  queued: z.number(),
  recognised: z.number(),
  exception: z.number(),
  blank: z.number(),
};
export const scanCounts = z.object(scanCountsShape);
export type ScanCounts = z.infer<typeof scanCounts>;

export const scanBatchProgress = scanCounts.extend({
  batchId: z.number(),
  schoolId: z.number(),
  schoolName: z.string(),
  source: scanSource,
  uploader: z.string().nullable(),
  duplicates: z.number(),
  /** pages on which recognition found scanner streaks (a line down the page from dust on the glass) */
  streaked: z.number(),
  /** pages scanned 1-bit cut at one threshold (黑白, not dithered): light marks may be missing from them */
  thresholded: z.number(),
  /**
   * pages raised as another student's in their paper, still open (paper-pages.ts): a one-sided scan of two-sided
   * cards, or sheets fed together
   */
  foreign: z.number(),
  state: z.string(),
  /** 作废本批次: when its papers were set aside (null while it counts) */
  voidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ScanBatchProgress = z.infer<typeof scanBatchProgress>;

/** scanExceptionProgress of a subject: per batch, and the whole. */
export const scanExceptionProgress = z.object({
  subjectId: z.number(),
  total: scanCounts.extend({ papers: z.number(), matched: z.number() }),
  batches: z.array(scanBatchProgress),
});
export type ScanExceptionProgress = z.infer<typeof scanExceptionProgress>;

/**
 * Where the examinees of a subject stand: 实考 (a matched sheet, no absence), 缺考 (an absence record,
 * from a confirmed mark on the sheet or marked by hand), 未扫 (neither). The three add up to `examinees`.
 */
export const scanAccounting = z.object({
  examinees: z.number(),
  present: z.number(),
  absent: z.number(),
  missing: z.number(),
});
export type ScanAccounting = z.infer<typeof scanAccounting>;

/** exam/{examId}/allScanProgress: one row per subject. */
export const subjectScanProgress = scanCounts.extend({
  subjectId: z.number(),
  name: z.string(),
  examinees: z.number(),
  papers: z.number(),
  matched: z.number(),
  /** 未扫: neither scanned nor absent */
  missing: z.number(),
  present: z.number(),
  absent: z.number(),
  exceptions: z.number(),
  /** schools of the exam the user sees, and those whose 扫描完成 is confirmed for this subject */
  schools: z.number(),
  finishedSchools: z.number(),
});
export type SubjectScanProgress = z.infer<typeof subjectScanProgress>;

/** schoolExamineeProgress/{examId}: one row per school (and subject when asked). */
export const schoolScanProgress = z.object({
  schoolId: z.number(),
  schoolName: z.string(),
  examinees: z.number(),
  /** answer sheets expected: examinees × subjects asked for; always scanned + absent + missing */
  sheets: z.number(),
  /** examinee-subject pairs with a scanned paper and no absence */
  scanned: z.number(),
  /** examinee-subject pairs with an absence record */
  absent: z.number(),
  /** examinee-subject pairs neither scanned nor absent */
  missing: z.number(),
  exceptions: z.number(),
  /** 扫描完成 confirmed: for the asked subject, or for every subject of the exam */
  scanFinished: z.boolean(),
});
export type SchoolScanProgress = z.infer<typeof schoolScanProgress>;

/** 扫描完成 of a school in a subject: who confirmed it, when, and what it saw. */
export const scanFinishInfo = z.object({
  finishedAt: z.string(),
  finishedBy: z.string().nullable(),
  counts: z.record(z.string(), z.number()),
});
export type ScanFinishInfo = z.infer<typeof scanFinishInfo>;

/** One school of a subject on the scan screens: the school picker and the 扫描完成 card. */
export const scanSchoolStatus = scanAccounting.extend({
  schoolId: z.number(),
  schoolName: z.string(),
  /** papers still waiting for recognition */
  pending: z.number(),
  /** open exceptions */
  exceptions: z.number(),
  finished: scanFinishInfo.nullable(),
  /** why 扫描完成 cannot be confirmed now (empty: it can) */
  blockers: z.array(z.string()),
});
export type ScanSchoolStatus = z.infer<typeof scanSchoolStatus>;

/** scan/scanException: badge counts, spec §3 names and the §5 summary names. */
export const scanExceptionCounts = z.object({
  locationExp: z.number(),
  kaohaoExp: z.number(),
  kaohaoRepeat: z.number(),
  objExp: z.number(),
  subExp: z.number(),
  abExp: z.number(),
  optionalExp: z.number(),
  absentExp: z.number(),
  otherExp: z.number(),
  riskItems: z.object({
    local: z.number(),
    examNo: z.number(),
    objective: z.number(),
    subjective: z.number(),
    abPaper: z.number(),
    absent: z.number(),
  }),
  anchorExceptionCount: z.number(),
  examNoExceptionCount: z.number(),
  duplicateExamNoExceptionCount: z.number(),
});
export type ScanExceptionCounts = z.infer<typeof scanExceptionCounts>;

export const scanExceptionItem = z.object({
  id: z.number(),
  type: z.enum(scanExceptionTypes),
  label: z.string(),
  paperId: z.number().nullable(),
  pageId: z.number().nullable(),
  batchId: z.number(),
  schoolId: z.number(),
  kaohao: z.string().nullable(),
  region: z.string().nullable(),
  reason: z.string(),
  detail: z.record(z.string(), z.unknown()),
  resolved: z.boolean(),
  createdAt: z.string(),
});
export type ScanExceptionItem = z.infer<typeof scanExceptionItem>;

export const missedExaminee = z.object({
  examineeId: z.number(),
  kaohao: z.string(),
  name: z.string(),
  className: z.string(),
  schoolId: z.number(),
  schoolName: z.string(),
  kaochang: z.string().nullable(),
  absent: z.boolean(),
  /** the examinee's sheet was scanned (with a confirmed 缺考 mark) */
  scanned: z.boolean(),
});
export type MissedExaminee = z.infer<typeof missedExaminee>;

/** missedExamDetail: the listed examinees and the subject's 实考 / 缺考 / 未扫 counts. */
export const missedExamPage = paged(missedExaminee).extend({ summary: scanAccounting });
export type MissedExamPage = z.infer<typeof missedExamPage>;

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
const objectiveShape = z.record(z.string(), z.array(z.string()).nullable());
export const scanPaperItem = z.object({
  id: z.number(),
  batchId: z.number(),
  schoolId: z.number(),
  kaohao: z.string().nullable(),
  examineeId: z.number().nullable(),
  name: z.string().nullable(),
  status: paperStatus,
  objective: objectiveShape,
  absentMarked: z.boolean(),
  pages: z.array(
    z.object({
      id: z.number(),
      position: z.number(),
      status: scanPageStatus,
      templatePage: z.number().nullable(),
    }),
  ),
});
export type ScanPaperItem = z.infer<typeof scanPaperItem>;

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
  | 'accepted'
  /** 页面异常 `again`: the other paper holding the same sheet was taken out, so this one holds it alone */
  | 'otherTakenOut';

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
/** 定位/图像/空白/页面异常: take the page out and ask for a rescan. */
export const scanRescanBody = z.object({ exceptionId: id });
/** 定位异常: re-recognise a page with the anchors a person marked on the image (image pixels, template order). */
export const scanReanchorBody = z.object({
  pageId: id,
  pageIndex: int(0, 20).optional(),
  points: z.array(point).min(3).max(8),
});
/** 空白页 in bulk: set aside the papers of blank pages only, of the subject or of one batch. */
export const scanBlanksBody = z.object({ batchId: id.optional() });
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
export const scanFixResult = z.object({
  papers: z.array(z.number()),
  resolved: z.number(),
  /** papers queued for recognition again */
  queued: z.number().optional(),
});
export type ScanFixResult = z.infer<typeof scanFixResult>;

/** A box on the page image, in image pixels. */
export const imageBox = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });
export type ImageBox = z.infer<typeof imageBox>;

/** A page of a paper as the exception screens show it. */
export const scanPageView = z.object({
  id: z.number(),
  position: z.number(),
  templatePage: z.number().nullable(),
  status: scanPageStatus,
  fileName: z.string(),
  /** template → image matrix when the page registered */
  matrix: z.array(z.number()).nullable(),
  crops: z.array(z.object({ index: z.number(), name: z.string(), question: z.string() })),
});
export type ScanPageView = z.infer<typeof scanPageView>;

export const scanPaperView = z.object({
  id: z.number(),
  batchId: z.number(),
  schoolId: z.number(),
  status: paperStatus,
  kaohao: z.string().nullable(),
  examineeId: z.number().nullable(),
  name: z.string().nullable(),
  className: z.string().nullable(),
  objective: objectiveShape,
  /** 打分栏 scores by strip name (先阅后扫) */
  scores: z.record(
    z.string(),
    z.object({ question: z.string(), value: z.number().nullable(), manual: z.boolean().optional() }),
  ),
  absentMarked: z.boolean(),
  paperType: z.string().nullable(),
  pages: z.array(scanPageView),
});
export type ScanPaperView = z.infer<typeof scanPaperView>;

/** The score a 打分栏 may carry: its question(s), full score and step; `read` is the strip's reading if any. */
export const scoreRule = z.object({
  question: z.string(),
  max: z.number(),
  step: z.literal([0.5, 1]),
  read: z.number().nullable(),
});
export type ScoreRule = z.infer<typeof scoreRule>;

/** scan exception detail: the exception, its paper and pages, the region to highlight and the choices. */
export const scanExceptionDetail = z.object({
  exception: scanExceptionItem,
  paper: scanPaperView.nullable(),
  /** 考号重复: the paper that holds the exam number already */
  other: scanPaperView.nullable(),
  highlight: z
    .object({
      pageId: z.number(),
      box: imageBox,
      bubbles: z.array(z.object({ label: z.string(), box: imageBox, fill: z.number().nullable() })),
    })
    .nullable(),
  /** the labels a person may choose (objective, A/B, optional) */
  options: z.array(z.string()),
  /** 定位异常: the anchors to mark, in order */
  anchors: z.array(z.object({ name: z.string() })),
  /** 主观题异常 on a 打分栏: what may be typed (the question's full score and step) and what was read */
  score: scoreRule.nullable(),
});
export type ScanExceptionDetail = z.infer<typeof scanExceptionDetail>;

/** scan/view/student/paper: an examinee's paper of a subject. */
export const studentPaperView = z.object({
  examinee: z.object({
    id: z.number(),
    kaohao: z.string(),
    name: z.string(),
    className: z.string(),
    schoolName: z.string(),
  }),
  paper: scanPaperView.nullable(),
});
export type StudentPaperView = z.infer<typeof studentPaperView>;
