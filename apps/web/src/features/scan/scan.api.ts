import type {
  MissedExamPage,
  Paged,
  ScanExceptionCounts,
  ScanExceptionDetail,
  ScanExceptionItem,
  ScanExceptionProgress,
  ScanExceptionTypeValue,
  ScanFixResult,
  ScanPaperItem,
  ScanSchoolStatus,
  SchoolScanProgress,
  StudentPaperView,
  SubjectScanProgress,
} from '@yj/contracts';
import { api } from '../../api/filter';
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

const fix = (subjectId: number, name: string, body: Record<string, unknown>) =>
  api.post<ScanFixResult>(`/api/subject/:subjectId/scan/fix/${name}`, body, { params: { subjectId } });

/** Every /filter call of the scan screens. */
export const scanApi = {
  progress: (subjectId: number) =>
    api.get<ScanExceptionProgress>('/api/subject/:subjectId/scanExceptionProgress', undefined, {
      params: { subjectId },
    }),
  examProgress: (examId: number) =>
    api.get<SubjectScanProgress[]>('/api/exam/:examId/allScanProgress', undefined, { params: { examId } }),
  schoolProgress: (examId: number) =>
    api.get<SchoolScanProgress[]>('/api/schoolExamineeProgress/:examId', undefined, { params: { examId } }),
  counts: (subjectId: number) =>
    api.get<ScanExceptionCounts>('/api/subject/:subjectId/scan/scanException', undefined, {
      params: { subjectId },
    }),
  exceptions: (subjectId: number, type: ScanExceptionTypeValue) =>
    api.get<Paged<ScanExceptionItem>>(
      '/api/subject/:subjectId/scan/exceptions',
      { type, resolved: 'false', size: 200 },
      { params: { subjectId } },
    ),
  detail: (subjectId: number, exceptionId: number) =>
    api.get<ScanExceptionDetail>('/api/subject/:subjectId/scan/exception/:exceptionId', undefined, {
      params: { subjectId, exceptionId },
    }),
  missed: (subjectId: number, q: MissedQuery) =>
    api.get<MissedExamPage>(
      '/api/subject/:subjectId/missedExamDetail',
      { size: SCAN_PAGE_SIZE, status: 'missing', ...q },
      { params: { subjectId } },
    ),
  schools: (subjectId: number) =>
    api.get<ScanSchoolStatus[]>('/api/subject/:subjectId/scan/schools', undefined, { params: { subjectId } }),
  finish: (subjectId: number, schoolId: number) =>
    api.post<unknown>('/api/subject/:subjectId/scan/finish', { schoolId }, { params: { subjectId } }),
  reopen: (subjectId: number, schoolId: number) =>
    api.post<unknown>('/api/subject/:subjectId/scan/reopen', { schoolId }, { params: { subjectId } }),
  absence: (subjectId: number, examineeIds: number[], absent: boolean) =>
    api.post<{ changed: number }>(
      '/api/subject/:subjectId/scan/absence',
      { examineeIds, absent },
      { params: { subjectId } },
    ),
  papers: (subjectId: number, page: number, status?: string) =>
    api.get<Paged<ScanPaperItem>>(
      '/api/subject/:subjectId/scan/papers',
      { page, size: SCAN_PAGE_SIZE, ...(status ? { status } : {}) },
      { params: { subjectId } },
    ),
  studentPaper: (subjectId: number, examineeId: number) =>
    api.get<StudentPaperView>(
      '/api/subject/:subjectId/scan/view/student/paper',
      { examineeId },
      { params: { subjectId } },
    ),
  assign: (subjectId: number, exceptionId: number, examineeId: number) =>
    fix(subjectId, 'assign', { exceptionId, examineeId }),
  keep: (subjectId: number, exceptionId: number, keepPaperId: number) =>
    fix(subjectId, 'keep', { exceptionId, keepPaperId }),
  objective: (subjectId: number, answers: { exceptionId: number; answer: string[] }[]) =>
    fix(subjectId, 'objective', { answers }),
  absent: (subjectId: number, exceptionId: number, absent: boolean) =>
    fix(subjectId, 'absent', { exceptionId, absent }),
  paperType: (subjectId: number, exceptionId: number, paperType: 'A' | 'B') =>
    fix(subjectId, 'paperType', { exceptionId, paperType }),
  optional: (subjectId: number, exceptionId: number, chosen: string) =>
    fix(subjectId, 'optional', { exceptionId, chosen }),
  score: (subjectId: number, exceptionId: number, score: number) =>
    fix(subjectId, 'score', { exceptionId, score }),
  accept: (subjectId: number, exceptionId: number) => fix(subjectId, 'accept', { exceptionId }),
  rescan: (subjectId: number, exceptionId: number) => fix(subjectId, 'rescan', { exceptionId }),
  reanchor: (subjectId: number, pageId: number, points: Point[]) =>
    fix(subjectId, 'reanchor', { pageId, points }),
  rerecognise: (subjectId: number, batchId: number) => fix(subjectId, 'rerecognise', { batchId }),
};
