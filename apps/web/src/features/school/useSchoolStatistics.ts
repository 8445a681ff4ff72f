import { queryOptions } from '@tanstack/react-query';
import { schoolApi } from './school.api';

export function schoolStatisticsQuery(schoolId: number) {
  return queryOptions({
    queryKey: ['schoolStatistics', schoolId],
    queryFn: () => schoolApi.statistics(schoolId),
    // The card shows its own failure; no dialog for a side panel.
    meta: { silent: true },
  });
}
