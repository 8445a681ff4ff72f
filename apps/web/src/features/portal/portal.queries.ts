import { queryOptions } from '@tanstack/react-query';
import { portalApi } from './portal.api';

// Results change when a school publishes or cancels: read again whenever a screen opens.
const fresh = { staleTime: 0, refetchOnMount: 'always' as const };

export const portalMeQuery = queryOptions({ queryKey: ['portal', 'me'], queryFn: portalApi.me, ...fresh });

export const portalExamsQuery = (studentId: number | undefined) =>
  queryOptions({
    queryKey: ['portal', 'exams', studentId],
    queryFn: () => portalApi.exams(studentId),
    ...fresh,
  });

export const portalTrendQuery = (studentId: number | undefined) =>
  queryOptions({
    queryKey: ['portal', 'trend', studentId],
    queryFn: () => portalApi.trend(studentId),
    ...fresh,
  });

export const portalExamQuery = (examId: number, studentId: number | undefined) =>
  queryOptions({
    queryKey: ['portal', 'exam', examId, studentId],
    queryFn: () => portalApi.exam(examId, studentId),
    ...fresh,
  });

export const portalSubjectQuery = (subjectId: number, studentId: number | undefined) =>
  queryOptions({
    queryKey: ['portal', 'subject', subjectId, studentId],
    queryFn: () => portalApi.subject(subjectId, studentId),
    ...fresh,
  });

export const studentAccountsQuery = (schoolId: number, classId: number | undefined) =>
  queryOptions({
    queryKey: ['portal-accounts', schoolId, classId],
    queryFn: () => portalApi.accounts(schoolId, classId),
  });

export const publishSettingQuery = (examId: number) =>
  queryOptions({ queryKey: ['portal-setting', examId], queryFn: () => portalApi.setting(examId) });
