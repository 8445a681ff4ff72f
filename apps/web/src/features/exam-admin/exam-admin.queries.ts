import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ExamineeListQuery } from '@yj/contracts';
import { examAdminApi } from './exam-admin.api';
import type { ExamListRequest } from './list-query';

// Reference lists change rarely: a few minutes of freshness spares the many selects that use them.
const REFERENCE = 5 * 60_000;

export const examKeys = {
  all: ['exam-admin'] as const,
  exam: (examId: number) => ['exam-admin', 'exam', examId] as const,
};

export const coursesQuery = () =>
  queryOptions({ queryKey: ['exam-admin', 'courses'], queryFn: examAdminApi.courses, staleTime: REFERENCE });

export const gradesQuery = (schoolId: number) =>
  queryOptions({
    queryKey: ['exam-admin', 'grades', schoolId],
    queryFn: () => examAdminApi.grades(schoolId),
    staleTime: REFERENCE,
  });

export const classesQuery = (schoolId: number) =>
  queryOptions({
    queryKey: ['exam-admin', 'classes', schoolId],
    queryFn: () => examAdminApi.classes(schoolId),
    staleTime: REFERENCE,
  });

export const jointSchoolsQuery = () =>
  queryOptions({
    queryKey: ['exam-admin', 'joint-schools'],
    queryFn: examAdminApi.jointSchools,
    staleTime: REFERENCE,
  });

export const examListQuery = (joint: boolean, q: ExamListRequest) =>
  queryOptions({
    queryKey: ['exam-admin', 'list', joint, q],
    queryFn: () => examAdminApi.list(joint, q),
    placeholderData: keepPreviousData,
  });

export const examDetailQuery = (examId: number) =>
  queryOptions({
    queryKey: [...examKeys.exam(examId), 'detail'],
    queryFn: () => examAdminApi.detail(examId),
    // the screens built on this show their own failure (无权限, 已删除…): no dialog on top
    meta: { silent: true },
  });

export const subjectDetailQuery = (subjectId: number) =>
  queryOptions({
    queryKey: ['exam-admin', 'subject', subjectId],
    queryFn: () => examAdminApi.subject(subjectId),
    // the screens built on this show their own failure (无权限, 已删除…): no dialog on top
    meta: { silent: true },
  });

export const permissionQuery = (subjectId: number) =>
  queryOptions({
    queryKey: ['exam-admin', 'subject', subjectId, 'permission'],
    queryFn: () => examAdminApi.permission(subjectId),
    // the screens built on this show their own failure (无权限, 已删除…): no dialog on top
    meta: { silent: true },
  });

export const examineesQuery = (examId: number, q: ExamineeListQuery) =>
  queryOptions({
    queryKey: [...examKeys.exam(examId), 'examinees', q],
    queryFn: () => examAdminApi.examinees(examId, q),
    placeholderData: keepPreviousData,
  });

export const staffQuery = (examId: number) =>
  queryOptions({ queryKey: [...examKeys.exam(examId), 'staff'], queryFn: () => examAdminApi.staff(examId) });

export const dynamicLogQuery = (examId: number, page: number, size: number) =>
  queryOptions({
    queryKey: [...examKeys.exam(examId), 'log', page, size],
    queryFn: () => examAdminApi.dynamicLog(examId, page, size),
    placeholderData: keepPreviousData,
  });

export const examTeachersQuery = (schoolId: number, examId: number) =>
  queryOptions({
    queryKey: [...examKeys.exam(examId), 'teachers', schoolId],
    queryFn: () => examAdminApi.examTeachers(schoolId, examId),
    staleTime: REFERENCE,
  });

export const subjectTeachersQuery = (schoolId: number, subjectId: number) =>
  queryOptions({
    queryKey: ['exam-admin', 'subject', subjectId, 'teachers', schoolId],
    queryFn: () => examAdminApi.subjectTeachers(schoolId, subjectId),
    staleTime: REFERENCE,
  });

/** After any change to an exam: its own data, every list and the home page list. */
export async function invalidateExam(qc: QueryClient, examId?: number): Promise<void> {
  // Lists not on screen are dropped, not kept stale: opening one must not flash a deleted exam.
  qc.removeQueries({ queryKey: ['exam-admin', 'list'], type: 'inactive' });
  qc.removeQueries({ queryKey: ['homeExams'], type: 'inactive' });
  await Promise.all([
    qc.invalidateQueries({ queryKey: ['exam-admin', 'list'] }),
    qc.invalidateQueries({ queryKey: ['homeExams'] }),
    examId ? qc.invalidateQueries({ queryKey: examKeys.exam(examId) }) : Promise.resolve(),
    qc.invalidateQueries({ queryKey: ['exam-admin', 'subject'] }),
  ]);
}
