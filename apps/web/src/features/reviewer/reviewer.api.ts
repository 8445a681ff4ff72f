import {
  reviewerContract as c,
  type AssignImportResult,
  type BlockReviewersSave,
  type DivideSave,
} from '@yj/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../api/contract';
import { uploadFile } from '../../api/upload';

/** Every /filter call of the marking assignment screens (setting/task, setting/divide, all_setting_task). */
export const reviewerApi = {
  list: (subjectId: number) => callRoute(c.list, { params: { id: subjectId } }),
  candidates: (subjectId: number, keyword: string) =>
    callRoute(c.candidates, {
      params: { id: subjectId },
      query: { page: 1, size: 50, ...(keyword ? { keyword } : {}) },
    }),
  save: (subjectId: number, blockId: number, body: BlockReviewersSave) =>
    callRoute(c.save, { params: { id: subjectId, blockId }, body }),
  copy: (subjectId: number, blockId: number, toBlockIds: number[]) =>
    callRoute(c.copy, { params: { id: subjectId, blockId }, body: { toBlockIds } }),
  importFile: (subjectId: number, file: File, onProgress: (p: number) => void) =>
    uploadFile<AssignImportResult>(`/api/subject/${subjectId}/setting/task/import`, file, onProgress),
  exportPath: (subjectId: number) => `/api/subject/${subjectId}/setting/task/export`,
  divide: (subjectId: number, blockId: number) => callRoute(c.divide, { params: { id: subjectId, blockId } }),
  saveDivide: (subjectId: number, blockId: number, body: DivideSave) =>
    callRoute(c.saveDivide, { params: { id: subjectId, blockId }, body }),
  ofExam: (examId: number) => callRoute(c.ofExam, { params: { examId } }),
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
