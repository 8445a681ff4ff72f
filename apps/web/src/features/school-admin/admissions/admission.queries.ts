import { admissionContract as c, type AdmissionInput, type AdmissionListQuery } from '@yj/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../../api/contract';
import { schoolKey } from '../school-admin.queries';

/** 升学去向's calls: under the school's key, so the school screen's one refresh reloads them too. */
export const admissionApi = {
  list: (schoolId: number, q: AdmissionListQuery) => callRoute(c.list, { params: { schoolId }, query: q }),
  summary: (schoolId: number) => callRoute(c.summary, { params: { schoolId } }),
  add: (schoolId: number, body: AdmissionInput) => callRoute(c.add, { params: { schoolId }, body }),
  update: (schoolId: number, admissionId: number, body: AdmissionInput) =>
    callRoute(c.update, { params: { schoolId, admissionId }, body }),
  remove: (schoolId: number, ids: number[]) => callRoute(c.remove, { params: { schoolId }, body: { ids } }),
  removeAll: (schoolId: number, confirm: string) =>
    callRoute(c.removeAll, { params: { schoolId }, body: { confirm } }),
};

const silent = { silent: true } as const;

export function admissionsQuery(schoolId: number, q: AdmissionListQuery) {
  return queryOptions({
    queryKey: [...schoolKey(schoolId), 'admissions', q],
    queryFn: () => admissionApi.list(schoolId, q),
    placeholderData: keepPreviousData,
    meta: silent,
  });
}

export function admissionSummaryQuery(schoolId: number) {
  return queryOptions({
    queryKey: [...schoolKey(schoolId), 'admissionSummary'],
    queryFn: () => admissionApi.summary(schoolId),
    meta: silent,
  });
}
