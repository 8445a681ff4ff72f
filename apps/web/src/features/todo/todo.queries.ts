import { queryOptions } from '@tanstack/react-query';
import { todoContract } from '@yj/contracts';
import { callRoute } from '../../api/contract';
import { LOADED_FRESH } from '../../app/freshness';

/** The home page's 待办; read again every minute while the page is open. */
export const todoQuery = queryOptions({
  queryKey: ['home', 'todo'],
  queryFn: () => callRoute(todoContract.list, {}),
  refetchInterval: 60_000,
  // fresh for the open whose route loader fetched it (no second read as the card mounts)
  staleTime: LOADED_FRESH,
  meta: { silent: true },
});
