import { subjectContract as c, type ReviewOperation, type ReviewScheduleInput } from '@yj/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../api/contract';

/** The contract of each marking transition (spec §7 paths, GET as the spec names them). */
const TRANSITIONS = {
  reviewStart: c.start,
  reviewPause: c.pause,
  reviewResume: c.resume,
  reviewDone: c.done,
  reviewDoneCancel: c.doneCancel,
} as const;

export const reviewLifecycleApi = {
  subjects: (examId: number) => callRoute(c.subjects, { params: { examId } }),
  run: (subjectId: number, op: ReviewOperation, force = false) =>
    op === 'reviewStart'
      ? callRoute(TRANSITIONS.reviewStart, { params: { id: subjectId }, query: force ? { force: '1' } : {} })
      : callRoute(TRANSITIONS[op], { params: { id: subjectId } }),
  schedule: (subjectId: number, v: ReviewScheduleInput) =>
    callRoute(c.schedule, { params: { id: subjectId }, body: v }),
  doneCheck: (subjectId: number) => callRoute(c.doneCheck, { params: { id: subjectId } }),
};

export const reviewKeys = { all: ['review-lifecycle'] as const };

export const reviewSubjectsQuery = (examId: number) =>
  queryOptions({
    queryKey: [...reviewKeys.all, 'exam', examId],
    queryFn: () => reviewLifecycleApi.subjects(examId),
    meta: { silent: true },
  });
