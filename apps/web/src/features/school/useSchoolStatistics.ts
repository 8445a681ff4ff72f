import { queryOptions } from '@tanstack/react-query';
import { LOADED_FRESH } from '../../app/freshness';
import { schoolApi } from './school.api';

export function schoolStatisticsQuery(schoolId: number) {
  return queryOptions({
    queryKey: ['schoolStatistics', schoolId],
    queryFn: () => schoolApi.statistics(schoolId),
    // The card shows its own failure; no dialog for a side panel.
    meta: { silent: true },
    // fresh for the open whose route loader fetched it (no second read as the cards mount)
    staleTime: LOADED_FRESH,
  });
}
