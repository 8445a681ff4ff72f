import type { StudentListQuery } from '@yj/contracts';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { schoolStatisticsQuery } from '../school/useSchoolStatistics';
import { schoolAdminApi, type TeacherListQuery } from './school-admin.api';

/** Every query of one school starts with this key, so one invalidation refreshes the whole screen. */
export const schoolKey = (schoolId: number) => ['schoolAdmin', schoolId] as const;

// Lists show their own error state inline; no dialog on top of it.
const silent = { silent: true } as const;

export function studentsQuery(schoolId: number, q: StudentListQuery) {
  return queryOptions({
    queryKey: [...schoolKey(schoolId), 'students', q],
    queryFn: () => schoolAdminApi.students(schoolId, q),
    placeholderData: keepPreviousData,
    meta: silent,
  });
}

export function teachersQuery(schoolId: number, q: TeacherListQuery) {
  return queryOptions({
    queryKey: [...schoolKey(schoolId), 'teachers', q],
    queryFn: () => schoolAdminApi.teachers(schoolId, q),
    placeholderData: keepPreviousData,
    meta: silent,
  });
}

export function gradesQuery(schoolId: number) {
  return queryOptions({
    queryKey: [...schoolKey(schoolId), 'grades'],
    queryFn: () => schoolAdminApi.grades(schoolId),
    meta: silent,
  });
}

/** All classes of the school (every grade); screens filter them by grade themselves. */
export function classesQuery(schoolId: number) {
  return queryOptions({
    queryKey: [...schoolKey(schoolId), 'classes'],
    queryFn: () => schoolAdminApi.classes(schoolId),
    meta: silent,
  });
}

export const coursesQuery = queryOptions({
  queryKey: ['courses'],
  queryFn: schoolAdminApi.courses,
  staleTime: Infinity,
  meta: silent,
});

export function adminsQuery(schoolId: number) {
  return queryOptions({
    queryKey: [...schoolKey(schoolId), 'admins'],
    queryFn: () => schoolAdminApi.admins(schoolId),
    meta: silent,
  });
}

export function recordsQuery(schoolId: number, page: number, size: number) {
  return queryOptions({
    queryKey: [...schoolKey(schoolId), 'records', page, size],
    queryFn: () => schoolAdminApi.records(schoolId, page, size),
    placeholderData: keepPreviousData,
    meta: silent,
  });
}

export function schoolExamsQuery(schoolId: number, page: number, size: number, keyword: string) {
  return queryOptions({
    queryKey: [...schoolKey(schoolId), 'exams', page, size, keyword],
    queryFn: () => schoolAdminApi.exams(schoolId, page, size, keyword || undefined),
    placeholderData: keepPreviousData,
    meta: silent,
  });
}

export const orgTreeQuery = queryOptions({
  queryKey: ['orgTree'],
  queryFn: schoolAdminApi.orgTree,
  staleTime: 5 * 60_000,
  meta: silent,
});

/** After a change: the school's lists, its statistics and (for new schools) the organisation tree. */
export function useRefreshSchool(schoolId: number): () => Promise<void> {
  const qc = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      qc.invalidateQueries({ queryKey: schoolKey(schoolId) }),
      qc.invalidateQueries({ queryKey: schoolStatisticsQuery(schoolId).queryKey }),
    ]);
  }, [qc, schoolId]);
}

/** Every teacher of the school (the 任课表 needs them all), read page by page at the largest size. */
export function allTeachersQuery(schoolId: number) {
  return queryOptions({
    queryKey: [...schoolKey(schoolId), 'teachers', 'all'],
    queryFn: async () => {
      const size = 200;
      const first = await schoolAdminApi.teachers(schoolId, { page: 1, size });
      const items = [...first.items];
      for (let page = 2; (page - 1) * size < first.total; page++) {
        items.push(...(await schoolAdminApi.teachers(schoolId, { page, size })).items);
      }
      return items;
    },
    meta: silent,
  });
}
