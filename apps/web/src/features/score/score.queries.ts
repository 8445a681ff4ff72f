import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { publishApi, scoreApi, type StudentsQuery } from './score.api';

export const scoreKeys = {
  subject: (subjectId: number) => ['score', 'subject', subjectId] as const,
};

export const summaryQuery = (subjectId: number) =>
  queryOptions({
    queryKey: [...scoreKeys.subject(subjectId), 'summary'],
    queryFn: () => scoreApi.summary(subjectId),
    meta: { silent: true },
  });

export const studentsQuery = (subjectId: number, q: StudentsQuery) =>
  queryOptions({
    queryKey: [...scoreKeys.subject(subjectId), 'students', q],
    queryFn: () => scoreApi.students(subjectId, q),
    meta: { silent: true },
    // the table keeps its rows while the next page or sort loads
    placeholderData: keepPreviousData,
  });

export const reviewQuery = (subjectId: number) =>
  queryOptions({
    queryKey: [...scoreKeys.subject(subjectId), 'check', 'review'],
    queryFn: () => scoreApi.review(subjectId),
    meta: { silent: true },
  });

export const checkQuery = (subjectId: number) =>
  queryOptions({
    queryKey: [...scoreKeys.subject(subjectId), 'check'],
    queryFn: () => scoreApi.check(subjectId),
    meta: { silent: true },
  });

export const adjustmentsQuery = (subjectId: number, page: number) =>
  queryOptions({
    queryKey: [...scoreKeys.subject(subjectId), 'adjustments', page],
    queryFn: () => scoreApi.adjustments(subjectId, page),
    meta: { silent: true },
    placeholderData: keepPreviousData,
  });

export const kaohaoMovesQuery = (subjectId: number, page: number) =>
  queryOptions({
    queryKey: [...scoreKeys.subject(subjectId), 'kaohaoMoves', page],
    queryFn: () => scoreApi.kaohaoMoves(subjectId, page),
    meta: { silent: true },
    placeholderData: keepPreviousData,
  });

export const irregularsQuery = (subjectId: number, page: number) =>
  queryOptions({
    queryKey: [...scoreKeys.subject(subjectId), 'irregulars', page],
    queryFn: () => scoreApi.irregulars(subjectId, page),
    meta: { silent: true },
    placeholderData: keepPreviousData,
  });

/** How often a waiting 定时发布 is looked at: the screen follows the server's publish without a reload. */
const WATCH_MS = 3000;

export const publishStateQuery = (subjectId: number) =>
  queryOptions({
    queryKey: ['score-publish', 'subject', subjectId],
    queryFn: () => publishApi.state(subjectId),
    meta: { silent: true },
    refetchInterval: (q) => (q.state.data?.publishAt ? WATCH_MS : false),
  });

export const examReleaseQuery = (examId: number) =>
  queryOptions({
    queryKey: ['score-publish', 'exam', examId],
    queryFn: () => publishApi.examRows(examId),
    meta: { silent: true },
  });
