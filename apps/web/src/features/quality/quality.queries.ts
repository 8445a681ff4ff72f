import { queryOptions } from '@tanstack/react-query';
import { qualityApi } from './quality.api';

/** The screens follow marking as it goes: read again every 5 s while open (the counters make it cheap). */
export const LIVE_MS = 5_000;

export const qualityKeys = {
  block: (blockId: number) => ['quality', 'block', blockId] as const,
};

export const subjectMonitorQuery = (subjectId: number) =>
  queryOptions({
    queryKey: ['quality', 'subject', subjectId],
    queryFn: () => qualityApi.subject(subjectId),
    meta: { silent: true },
    refetchInterval: LIVE_MS,
  });

export const uniteQuery = (subjectId: number) =>
  queryOptions({
    queryKey: ['quality', 'unite', subjectId],
    queryFn: () => qualityApi.unite(subjectId),
    meta: { silent: true },
    refetchInterval: LIVE_MS,
  });

export const examMonitorQuery = (examId: number) =>
  queryOptions({
    queryKey: ['quality', 'exam', examId],
    queryFn: () => qualityApi.exam(examId),
    meta: { silent: true },
    refetchInterval: LIVE_MS,
  });

export const blockMonitorQuery = (blockId: number) =>
  queryOptions({
    queryKey: [...qualityKeys.block(blockId), 'monitor'],
    queryFn: () => qualityApi.block(blockId),
    meta: { silent: true },
    refetchInterval: LIVE_MS,
  });

export const blockQualityQuery = (blockId: number) =>
  queryOptions({
    queryKey: [...qualityKeys.block(blockId), 'quality'],
    queryFn: () => qualityApi.quality(blockId),
    meta: { silent: true },
    refetchInterval: LIVE_MS,
  });

export const qualityPapersQuery = (blockId: number, page: number, minDiff: number) =>
  queryOptions({
    queryKey: [...qualityKeys.block(blockId), 'papers', page, minDiff],
    queryFn: () => qualityApi.papers(blockId, page, minDiff),
    meta: { silent: true },
    refetchInterval: LIVE_MS,
  });
