import type { z } from 'zod';
import { scanContract, type scanPaperQuery, type ScanExceptionTypeValue } from '@yj/contracts';
import { callRoute } from '../../api/contract';
import { FILTER_BASE } from '../../api/constants';
import { SCAN_PAGE_SIZE } from './scan-pages';

/** missedExamDetail lists: 未扫, 缺考, or both. */
export type MissedStatus = 'missing' | 'absent' | 'all';
export interface MissedQuery {
  page: number;
  status?: MissedStatus;
  size?: number;
  schoolId?: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Address of a stored page image (img src: the session cookie goes with it). */
export const pageImageUrl = (pageId: number): string => `${FILTER_BASE}/api/scan/page/${pageId}/image`;
/** Address of one subjective crop of a page. */
export const cropUrl = (pageId: number, crop: number): string =>
  `${FILTER_BASE}/api/scan/page/${pageId}/crop/${crop}`;

const c = scanContract;
const subject = (subjectId: number) => ({ params: { subjectId } });
const exam = (examId: number) => ({ params: { examId } });
/** The recognised papers' filter of 识别结果 (view/student/paper). */
export type ScanPaperFilter = NonNullable<z.input<typeof scanPaperQuery>['status']>;

/** Every /filter call of the scan screens: contracts/routes/scan.ts. */
export const scanApi = {
  progress: (subjectId: number) => callRoute(c.progress, { ...subject(subjectId), query: {} }),
  examProgress: (examId: number) => callRoute(c.examProgress, { ...exam(examId), query: {} }),
  schoolProgress: (examId: number) => callRoute(c.schoolProgress, { ...exam(examId), query: {} }),
  counts: (subjectId: number) => callRoute(c.counts, { ...subject(subjectId), query: {} }),
  exceptions: (subjectId: number, type: ScanExceptionTypeValue) =>
    callRoute(c.exceptions, { ...subject(subjectId), query: { type, resolved: 'false', size: 200 } }),
  detail: (subjectId: number, exceptionId: number) =>
    callRoute(c.detail, { params: { subjectId, exceptionId } }),
  missed: (subjectId: number, q: MissedQuery) =>
    callRoute(c.missed, { ...subject(subjectId), query: { size: SCAN_PAGE_SIZE, status: 'missing', ...q } }),
  schools: (subjectId: number) => callRoute(c.schools, subject(subjectId)),
  finish: (subjectId: number, schoolId: number) =>
    callRoute(c.finish, { ...subject(subjectId), body: { schoolId } }),
  reopen: (subjectId: number, schoolId: number) =>
    callRoute(c.reopen, { ...subject(subjectId), body: { schoolId } }),
  absence: (subjectId: number, examineeIds: number[], absent: boolean) =>
    callRoute(c.absence, { ...subject(subjectId), body: { examineeIds, absent } }),
  papers: (subjectId: number, page: number, status?: ScanPaperFilter) =>
    callRoute(c.papers, {
      ...subject(subjectId),
      query: { page, size: SCAN_PAGE_SIZE, ...(status ? { status } : {}) },
    }),
  studentPaper: (subjectId: number, examineeId: number) =>
    callRoute(c.studentPaper, { ...subject(subjectId), query: { examineeId } }),
  assign: (subjectId: number, exceptionId: number, examineeId: number) =>
    callRoute(c.assign, { ...subject(subjectId), body: { exceptionId, examineeId } }),
  keep: (subjectId: number, exceptionId: number, keepPaperId: number) =>
    callRoute(c.keep, { ...subject(subjectId), body: { exceptionId, keepPaperId } }),
  objective: (subjectId: number, answers: { exceptionId: number; answer: string[] }[]) =>
    callRoute(c.objective, { ...subject(subjectId), body: { answers } }),
  absent: (subjectId: number, exceptionId: number, absent: boolean) =>
    callRoute(c.absent, { ...subject(subjectId), body: { exceptionId, absent } }),
  paperType: (subjectId: number, exceptionId: number, paperType: 'A' | 'B') =>
    callRoute(c.paperType, { ...subject(subjectId), body: { exceptionId, paperType } }),
  optional: (subjectId: number, exceptionId: number, chosen: string) =>
    callRoute(c.optional, { ...subject(subjectId), body: { exceptionId, chosen } }),
  score: (subjectId: number, exceptionId: number, score: number) =>
    callRoute(c.score, { ...subject(subjectId), body: { exceptionId, score } }),
  accept: (subjectId: number, exceptionId: number) =>
    callRoute(c.accept, { ...subject(subjectId), body: { exceptionId } }),
  rescan: (subjectId: number, exceptionId: number) =>
    callRoute(c.rescan, { ...subject(subjectId), body: { exceptionId } }),
  /** 空白页 in bulk: the subject's papers of blank pages only, set aside */
  blanks: (subjectId: number) => callRoute(c.blanks, { ...subject(subjectId), body: {} }),
  reanchor: (subjectId: number, pageId: number, points: Point[]) =>
    callRoute(c.reanchor, { ...subject(subjectId), body: { pageId, points } }),
  rerecognise: (subjectId: number, batchId: number) =>
    callRoute(c.rerecognise, { ...subject(subjectId), body: { batchId } }),
  voidBatch: (subjectId: number, batchId: number) =>
    callRoute(c.voidBatch, { ...subject(subjectId), body: { batchId } }),
};
