import type { HomeExamsQuery } from '@yj/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { LOADED_FRESH } from '../../app/freshness';
import { examsApi } from './exams.api';

export const HOME_PAGE_SIZE = 10;

/** One page of the user's exams; the previous page stays on screen while the next one loads. */
export function homeExamsQuery(q: HomeExamsQuery) {
  const keyword = q.keyword?.trim() || undefined;
  return queryOptions({
    queryKey: ['homeExams', q.page, q.size, keyword ?? ''],
    queryFn: () => examsApi.home(keyword ? { ...q, keyword } : { page: q.page, size: q.size }),
    placeholderData: keepPreviousData,
    // The list shows its own error state (with the trace id); no dialog on top of it.
    meta: { silent: true },
    // fresh for the open whose route loader fetched it: the list mounting would otherwise fetch it again
    staleTime: LOADED_FRESH,
  });
}
