import { queryOptions } from '@tanstack/react-query';
import { bureauContract as c, type BureauAdminListQuery, type CompareQuery } from '@yj/contracts';
import { callRoute } from '../../api/contract';

/** The query string of a comparison: only what is set. */
const compareQuery = (q: CompareQuery) => ({
  level: q.level,
  ...(q.subjectId ? { subjectId: q.subjectId } : {}),
  ...(q.schoolId ? { schoolId: q.schoolId } : {}),
});

/** Every /filter call of the bureau's screens (issue 35). */
export const bureauApi = {
  adminList: (q: BureauAdminListQuery) => callRoute(c.adminList, { query: q }),
  addAdmin: (orgId: number, body: { phone: string; name?: string | undefined }) =>
    callRoute(c.addAdmin, { params: { orgId }, body }),
  removeAdmin: (orgId: number, userId: number) =>
    callRoute(c.removeAdmin, { params: { orgId }, body: { userId } }),
  overview: () => callRoute(c.overview, {}),
  progress: (examId: number) => callRoute(c.progress, { params: { examId } }),
  namesShared: (examId: number, shared: boolean) =>
    callRoute(c.namesShared, { params: { examId }, body: { shared } }),
  compare: (examId: number, q: CompareQuery) =>
    callRoute(c.compare, { params: { examId }, query: compareQuery(q) }),
  compareExportPath: (examId: number, q: CompareQuery) =>
    `/api/exam/${examId}/report/compare/export?${new URLSearchParams(
      Object.entries(compareQuery(q)).map(([k, v]) => [k, String(v)]),
    ).toString()}`,
};

export const bureauAdminsQuery = (q: BureauAdminListQuery) =>
  queryOptions({ queryKey: ['bureau', 'admins', q], queryFn: () => bureauApi.adminList(q) });

export const bureauOverviewQuery = () =>
  queryOptions({ queryKey: ['bureau', 'overview'], queryFn: () => bureauApi.overview() });

export const bureauProgressQuery = (examId: number) =>
  queryOptions({
    queryKey: ['bureau', 'progress', examId],
    queryFn: () => bureauApi.progress(examId),
    // progress moves while schools scan and mark: read again every half minute while the screen is open
    refetchInterval: 30_000,
  });

export const compareQueryOptions = (examId: number, q: CompareQuery) =>
  queryOptions({
    queryKey: ['bureau', 'compare', examId, q.subjectId ?? 0, q.level, q.schoolId ?? 0],
    queryFn: () => bureauApi.compare(examId, q),
  });
