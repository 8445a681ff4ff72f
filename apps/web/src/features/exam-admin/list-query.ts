import type { ExamListQuery } from '@yj/contracts';
import type { ExamState } from './exam-state';

/** What the filter bar of an exam list holds (dates as YYYY-MM-DD). */
export interface ExamListFilters {
  keyword: string;
  gradeId?: number;
  type?: number;
  state?: ExamState;
  dateFrom?: string;
  dateTo?: string;
  includeHidden: boolean;
}

export const EMPTY_FILTERS: ExamListFilters = { keyword: '', includeHidden: false };

export type ExamListRequest = Partial<ExamListQuery> & { page: number; size: number };

/** The request body: empty filters left out so the server applies its defaults. */
export function toListRequest(f: ExamListFilters, page: number, size: number): ExamListRequest {
  const q: ExamListRequest = { page, size };
  const keyword = f.keyword.trim();
  if (keyword) q.keyword = keyword;
  if (f.gradeId) q.gradeId = f.gradeId;
  if (f.type) q.type = f.type;
  if (f.state) q.state = f.state;
  if (f.dateFrom) q.dateFrom = f.dateFrom;
  if (f.dateTo) q.dateTo = f.dateTo;
  if (f.includeHidden) q.includeHidden = true;
  return q;
}

/** Whether any filter narrows the list (the empty state then offers to clear them). */
export function hasFilters(f: ExamListFilters): boolean {
  return Boolean(f.keyword.trim() || f.gradeId || f.type || f.state || f.dateFrom || f.dateTo);
}
