import { z } from 'zod';
import { pageQuery } from './envelope';

/** Where a batch came from: the browser upload, the original-paper upload, or the local scan agent. */
export const ScanSource = { upload: 'upload', origin: 'origin', agent: 'agent' } as const;
export type ScanSourceValue = (typeof ScanSource)[keyof typeof ScanSource];

/** A page's recognition state. */
export const ScanPageStatus = {
  queued: 'queued',
  recognised: 'recognised',
  exception: 'exception',
  blank: 'blank',
} as const;
export type ScanPageStatusValue = (typeof ScanPageStatus)[keyof typeof ScanPageStatus];

/** A paper's state: waiting for its pages' recognition, matched without open exceptions, or with open exceptions. */
export const PaperStatus = { pending: 'pending', ok: 'ok', exception: 'exception' } as const;
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

/** exam/{examId}/allScanProgress: one row per subject. */
export interface SubjectScanProgress extends ScanCounts {
  subjectId: number;
  name: string;
  examinees: number;
  papers: number;
  matched: number;
  missing: number;
  exceptions: number;
}

/** schoolExamineeProgress/{examId}: one row per school (and subject when asked). */
export interface SchoolScanProgress {
  schoolId: number;
  schoolName: string;
  examinees: number;
  scanned: number;
  missing: number;
  exceptions: number;
  scanFinished: boolean;
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
}

const id = z.coerce.number().int().positive();

/** Query of the exception list. */
export const scanExceptionQuery = pageQuery.extend({
  type: z.enum(scanExceptionTypes).optional(),
  schoolId: id.optional(),
  resolved: z.enum(['true', 'false']).optional(),
});
/** Query of missedExamDetail. */
export const missedExamQuery = pageQuery.extend({ schoolId: id.optional() });
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
