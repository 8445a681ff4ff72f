import { exportContract as c, type ExportCreate } from '@yj/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../api/contract';
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
  create: (body: ExportCreate) => callRoute(c.create, { body }),
  list: (page: number, size: number) => callRoute(c.center, { query: { page, size } }),
  allScore: (examId: number, q: AllScoreQ) =>
    callRoute(c.allScore, { params: { examId }, query: { ...q, keyword: q.keyword || undefined } }),
  /** 计入总分 of one subject */
  inTotal: (examId: number, subjectId: number, inTotal: boolean) =>
    callRoute(c.inTotal, { params: { examId, subjectId }, body: { inTotal } }),
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
