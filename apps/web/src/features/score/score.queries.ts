import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { scoreApi, type StudentsQuery } from './score.api';

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
