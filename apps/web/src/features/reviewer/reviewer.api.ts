import type {
  AssignImportResult,
  BlockReviewersSave,
  DivideSave,
  DivideView,
  ExamAssignmentSubject,
  Paged,
  ReviewerCandidate,
  SubjectAssignment,
} from '@yj/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/filter';
import { uploadFile } from '../../api/upload';

const base = '/api/subject/:id/setting/task';

/** Every /filter call of the marking assignment screens (setting/task, setting/divide, all_setting_task). */
export const reviewerApi = {
  list: (subjectId: number) => api.get<SubjectAssignment>(base, undefined, { params: { id: subjectId } }),
  candidates: (subjectId: number, keyword: string) =>
    api.get<Paged<ReviewerCandidate>>(
      `${base}/candidates`,
      { page: 1, size: 50, ...(keyword ? { keyword } : {}) },
      { params: { id: subjectId } },
    ),
  save: (subjectId: number, blockId: number, body: BlockReviewersSave) =>
    api.post<{ released: number }>(`${base}/:blockId`, body, { params: { id: subjectId, blockId } }),
  copy: (subjectId: number, blockId: number, toBlockIds: number[]) =>
    api.post<{ copied: number; released: number }>(
      `${base}/:blockId/copy`,
      { toBlockIds },
      { params: { id: subjectId, blockId } },
    ),
  importFile: (subjectId: number, file: File, onProgress: (p: number) => void) =>
    uploadFile<AssignImportResult>(`/api/subject/${subjectId}/setting/task/import`, file, onProgress),
  exportPath: (subjectId: number) => `/api/subject/${subjectId}/setting/task/export`,
  divide: (subjectId: number, blockId: number) =>
    api.get<DivideView>('/api/subject/:id/setting/divide/:blockId', undefined, {
      params: { id: subjectId, blockId },
    }),
  saveDivide: (subjectId: number, blockId: number, body: DivideSave) =>
    api.post<DivideView>('/api/subject/:id/setting/divide/:blockId', body, {
      params: { id: subjectId, blockId },
    }),
  ofExam: (examId: number) =>
    api.get<ExamAssignmentSubject[]>('/api/exam/:examId/setting/task', undefined, { params: { examId } }),
};

export const reviewerKeys = {
  subject: (subjectId: number) => ['reviewer', subjectId] as const,
  candidates: (subjectId: number, keyword: string) => ['reviewer', subjectId, 'candidates', keyword] as const,
  divide: (subjectId: number, blockId: number) => ['reviewer', subjectId, 'divide', blockId] as const,
  exam: (examId: number) => ['reviewer', 'exam', examId] as const,
};

export const assignmentQuery = (subjectId: number) =>
  queryOptions({
    queryKey: reviewerKeys.subject(subjectId),
    queryFn: () => reviewerApi.list(subjectId),
    meta: { silent: true },
    staleTime: 0,
  });

export const candidatesQuery = (subjectId: number, keyword: string) =>
  queryOptions({
    queryKey: reviewerKeys.candidates(subjectId, keyword),
    queryFn: () => reviewerApi.candidates(subjectId, keyword),
    staleTime: 30_000,
  });

export const divideQuery = (subjectId: number, blockId: number) =>
  queryOptions({
    queryKey: reviewerKeys.divide(subjectId, blockId),
    queryFn: () => reviewerApi.divide(subjectId, blockId),
    meta: { silent: true },
    staleTime: 0,
  });

export const examAssignmentQuery = (examId: number) =>
  queryOptions({
    queryKey: reviewerKeys.exam(examId),
    queryFn: () => reviewerApi.ofExam(examId),
    meta: { silent: true },
    staleTime: 0,
  });
