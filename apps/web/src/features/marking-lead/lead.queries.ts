import { queryOptions } from '@tanstack/react-query';
import { leadApi, type BlockPapersFilter, type ProblemState } from './lead.api';

export const leadKeys = {
  block: (blockId: number) => ['marking-lead', 'block', blockId] as const,
  subject: (subjectId: number) => ['marking-lead', 'subject', subjectId] as const,
};

export const infoQuery = (blockId: number) =>
  queryOptions({
    queryKey: [...leadKeys.block(blockId), 'info'],
    queryFn: () => leadApi.info(blockId),
    meta: { silent: true },
  });

/**
 * Progress moves while markers work: read again while the page is open, as often as the live monitor panel shown
 * beside it (quality LIVE_MS), so the two never disagree for long.
 */
const PROGRESS_MS = 5_000;

export const progressQuery = (blockId: number) =>
  queryOptions({
    queryKey: [...leadKeys.block(blockId), 'progress'],
    queryFn: () => leadApi.progress(blockId),
    meta: { silent: true },
    refetchInterval: PROGRESS_MS,
  });

export const subjectProgressQuery = (subjectId: number) =>
  queryOptions({
    queryKey: [...leadKeys.subject(subjectId), 'progress'],
    queryFn: () => leadApi.subjectProgress(subjectId),
    meta: { silent: true },
    refetchInterval: PROGRESS_MS,
  });

export const problemsQuery = (blockId: number, state: ProblemState, page: number) =>
  queryOptions({
    queryKey: [...leadKeys.block(blockId), 'problems', state, page],
    queryFn: () => leadApi.problems(blockId, state, page),
    meta: { silent: true },
  });

export const markerTasksQuery = (blockId: number, userId: number, page: number, size: number) =>
  queryOptions({
    queryKey: [...leadKeys.block(blockId), 'marker', userId, page, size],
    queryFn: () => leadApi.markerTasks(blockId, userId, page, size),
    meta: { silent: true },
  });

export const paperQuery = (paperId: number) =>
  queryOptions({
    queryKey: ['marking-lead', 'paper', paperId],
    queryFn: () => leadApi.paper(paperId),
    meta: { silent: true },
  });

export const problemOriginQuery = (taskId: number) =>
  queryOptions({
    queryKey: ['marking-lead', 'task', taskId, 'origin'],
    queryFn: () => leadApi.problemOrigin(taskId),
    meta: { silent: true },
  });

export const searchPapersQuery = (subjectId: number, keyword: string, page: number) =>
  queryOptions({
    queryKey: [...leadKeys.subject(subjectId), 'papers', keyword, page],
    queryFn: () => leadApi.searchPapers(subjectId, keyword, page),
    meta: { silent: true },
  });

export const blockPapersQuery = (blockId: number, f: BlockPapersFilter, page: number, size: number) =>
  queryOptions({
    queryKey: [...leadKeys.block(blockId), 'papers', f, page, size],
    queryFn: () => leadApi.blockPapers(blockId, { ...f, page, size }),
    meta: { silent: true },
  });

export const abnormalQuery = (subjectId: number) =>
  queryOptions({
    queryKey: [...leadKeys.subject(subjectId), 'abnormal'],
    queryFn: () => leadApi.abnormal(subjectId),
    meta: { silent: true },
  });
