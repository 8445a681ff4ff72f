import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { monitorContract as c } from '@yj/contracts';
import { callRoute } from '../../api/contract';

/** The system administrator's summary of page views and clicks. */
export const monitorSummaryQuery = (days: number, schoolType: number | undefined) =>
  queryOptions({
    queryKey: ['monitor', 'summary', days, schoolType ?? 'all'],
    queryFn: () =>
      callRoute(c.summary, { query: { days, ...(schoolType === undefined ? {} : { schoolType }) } }),
    meta: { silent: true },
    placeholderData: keepPreviousData,
  });
