import type {
  ReviewDoneCheck,
  ReviewManageSubject,
  ReviewOperation,
  ReviewScheduleInput,
  ReviewScheduleResult,
  ReviewTransitionResult,
} from '@yj/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/filter';

/** The spec §7 path of each marking transition (GET, as the spec names them). */
const PATHS: Record<ReviewOperation, string> = {
  reviewStart: 'start',
  reviewPause: 'pause',
  reviewResume: 'resume',
  reviewDone: 'done',
  reviewDoneCancel: 'done/cancel',
};

export const reviewLifecycleApi = {
  subjects: (examId: number) =>
    api.get<ReviewManageSubject[]>('/api/exam/:examId/review/subjects', undefined, { params: { examId } }),
  run: (subjectId: number, op: ReviewOperation, force = false) =>
    api.get<ReviewTransitionResult>(
      `/api/subject/:id/review/${PATHS[op]}`,
      force ? { force: '1' } : undefined,
      { params: { id: subjectId } },
    ),
  schedule: (subjectId: number, v: ReviewScheduleInput) =>
    api.post<ReviewScheduleResult>('/api/subject/:id/review/schedule', v, { params: { id: subjectId } }),
  doneCheck: (subjectId: number) =>
    api.get<ReviewDoneCheck>('/api/subject/:id/review/done/check', undefined, { params: { id: subjectId } }),
};

export const reviewKeys = { all: ['review-lifecycle'] as const };

export const reviewSubjectsQuery = (examId: number) =>
  queryOptions({
    queryKey: [...reviewKeys.all, 'exam', examId],
    queryFn: () => reviewLifecycleApi.subjects(examId),
    meta: { silent: true },
  });
