import { queryOptions } from '@tanstack/react-query';
import { markingApi, type HistoryQuery } from './marking.api';

export const markingKeys = { all: ['marking'] as const };

export const blockInfoQuery = (blockId: number) =>
  queryOptions({
    queryKey: [...markingKeys.all, 'block', blockId, 'info'],
    queryFn: () => markingApi.info(blockId),
    meta: { silent: true },
  });

export const reviewTasksQuery = () =>
  queryOptions({
    queryKey: [...markingKeys.all, 'tasks'],
    queryFn: () => markingApi.tasks(),
    meta: { silent: true },
  });

export const historyQuery = (blockId: number, q: HistoryQuery) =>
  queryOptions({
    queryKey: [...markingKeys.all, 'block', blockId, 'history', q],
    queryFn: () => markingApi.history(blockId, q),
    meta: { silent: true },
  });

export const myHistoryQuery = (q: HistoryQuery & { blockId?: number }) =>
  queryOptions({
    queryKey: [...markingKeys.all, 'history', q],
    queryFn: () => markingApi.myHistory(q),
    meta: { silent: true },
  });

export const originQuery = (taskId: number, trial = false) =>
  queryOptions({
    queryKey: [...markingKeys.all, trial ? 'trial' : 'task', taskId, 'origin'],
    queryFn: () => (trial ? markingApi.trialOrigin(taskId) : markingApi.origin(taskId)),
    meta: { silent: true },
  });
