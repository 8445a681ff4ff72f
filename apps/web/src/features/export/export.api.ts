import type { AllScorePage, ExportCreate, ExportTaskItem, Paged } from '@yj/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/filter';
import { FILTER_BASE } from '../../api/constants';

export interface AllScoreQ {
  page: number;
  size: number;
  classId?: number;
  keyword?: string;
  sort: string;
  order: 'asc' | 'desc';
}

/** The /filter calls of the download center and all_score. */
export const exportApi = {
  create: (body: ExportCreate) => api.post<{ id: number }>('/api/download/export', body),
  list: (page: number, size: number) =>
    api.get<Paged<ExportTaskItem>>('/api/download/center', { page, size }),
  allScore: (examId: number, q: AllScoreQ) =>
    api.get<AllScorePage>(
      '/api/exam/:examId/all_score',
      { ...q, keyword: q.keyword || undefined },
      { params: { examId } },
    ),
};

/** A plain GET link: the browser sends the session cookie and saves the file under the server's name. */
export const fileUrl = (taskId: number) => `${FILTER_BASE}/api/download/${taskId}/file`;

export const exportKeys = { center: ['download', 'center'] as const };

export const centerQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: [...exportKeys.center, page, size],
    queryFn: () => exportApi.list(page, size),
    meta: { silent: true },
    placeholderData: keepPreviousData,
    // the progress moves while a task is queued or being written; then the list stands still
    refetchInterval: (q) =>
      q.state.data?.items.some((t) => t.status === 'pending' || t.status === 'running') ? 1000 : false,
  });

export const allScoreQuery = (examId: number, q: AllScoreQ) =>
  queryOptions({
    queryKey: ['allScore', examId, q],
    queryFn: () => exportApi.allScore(examId, q),
    meta: { silent: true },
    placeholderData: keepPreviousData,
  });
