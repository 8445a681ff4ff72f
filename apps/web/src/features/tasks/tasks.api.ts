import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { taskContract as c, type TaskScope } from '@yj/contracts';
import { callRoute } from '../../api/contract';

export const taskKeys = { all: ['tasks'] as const, count: ['tasks', 'count'] as const };

const moving = (status: string) => status === 'queued' || status === 'running';

/** A page of 我的任务; read again every 2 s while a task on it still moves. */
export const taskListQuery = (scope: TaskScope, page: number, size: number) =>
  queryOptions({
    queryKey: [...taskKeys.all, 'list', scope, page, size],
    queryFn: () => callRoute(c.list, { query: { scope, page, size } }),
    meta: { silent: true },
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((t) => moving(t.status)) ? 2000 : false),
  });

/** The header's count of the person's tasks still running: every 5 s while some run, else every minute. */
export const taskCountQuery = queryOptions({
  queryKey: taskKeys.count,
  queryFn: () => callRoute(c.count, {}),
  meta: { silent: true },
  refetchInterval: (q) => ((q.state.data?.active ?? 0) > 0 ? 5000 : 60_000),
});
