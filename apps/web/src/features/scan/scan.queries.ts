import { queryOptions } from '@tanstack/react-query';
import type { ScanExceptionTypeValue } from '@yj/contracts';
import { scanApi, type MissedQuery, type ScanPaperFilter } from './scan.api';

export const scanKeys = {
  subject: (subjectId: number) => ['scan', 'subject', subjectId] as const,
};

/** Batch progress; polled while a page waits for recognition. */
export const progressQuery = (subjectId: number) =>
  queryOptions({
    queryKey: [...scanKeys.subject(subjectId), 'progress'],
    queryFn: () => scanApi.progress(subjectId),
    meta: { silent: true },
    refetchInterval: (q) => (q.state.data && q.state.data.total.queued > 0 ? 1500 : false),
  });

export const countsQuery = (subjectId: number) =>
  queryOptions({
    queryKey: [...scanKeys.subject(subjectId), 'counts'],
    queryFn: () => scanApi.counts(subjectId),
    meta: { silent: true },
  });

export const exceptionsQuery = (subjectId: number, type: ScanExceptionTypeValue) =>
  queryOptions({
    queryKey: [...scanKeys.subject(subjectId), 'exceptions', type],
    queryFn: () => scanApi.exceptions(subjectId, type),
    meta: { silent: true },
  });

export const detailQuery = (subjectId: number, exceptionId: number) =>
  queryOptions({
    queryKey: [...scanKeys.subject(subjectId), 'detail', exceptionId],
    queryFn: () => scanApi.detail(subjectId, exceptionId),
    meta: { silent: true },
  });

export const missedQuery = (subjectId: number, q: MissedQuery) =>
  queryOptions({
    queryKey: [...scanKeys.subject(subjectId), 'missed', q],
    queryFn: () => scanApi.missed(subjectId, q),
    meta: { silent: true },
  });

/**
 * The subject's schools the user scans for, with 实考 / 缺考 / 未扫 and 扫描完成 (picker and finish card);
 * polled like the progress while a paper waits for recognition, so 正在识别 and 实考 follow it.
 */
export const schoolsQuery = (subjectId: number) =>
  queryOptions({
    queryKey: [...scanKeys.subject(subjectId), 'schools'],
    queryFn: () => scanApi.schools(subjectId),
    meta: { silent: true },
    refetchInterval: (q) => (q.state.data?.some((s) => s.pending > 0) ? 1500 : false),
  });

export const studentPaperQuery = (subjectId: number, examineeId: number) =>
  queryOptions({
    queryKey: [...scanKeys.subject(subjectId), 'student', examineeId],
    queryFn: () => scanApi.studentPaper(subjectId, examineeId),
    meta: { silent: true },
  });

export const examProgressQuery = (examId: number) =>
  queryOptions({
    queryKey: ['scan', 'exam', examId, 'progress'],
    queryFn: () => scanApi.examProgress(examId),
    meta: { silent: true },
    refetchInterval: (q) => (q.state.data?.some((s) => s.queued > 0) ? 2000 : false),
  });

/** schoolExamineeProgress/{examId}: per school over every subject (扫描完成 when every subject is). */
export const schoolProgressQuery = (examId: number) =>
  queryOptions({
    queryKey: ['scan', 'exam', examId, 'schools'],
    queryFn: () => scanApi.schoolProgress(examId),
    meta: { silent: true },
  });

export const papersQuery = (subjectId: number, page: number, status?: ScanPaperFilter) =>
  queryOptions({
    queryKey: [...scanKeys.subject(subjectId), 'papers', page, status ?? ''],
    queryFn: () => scanApi.papers(subjectId, page, status),
    meta: { silent: true },
  });
