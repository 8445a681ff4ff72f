import type {
  Paged,
  ScoreAdjustBody,
  ScoreAdjusted,
  ScoreAdjustmentItem,
  ScoreCheck,
  ScoreRecomputed,
  ScoreSort,
  ScoreStudentsPage,
  ScoreSummary,
} from '@yj/contracts';
import { api } from '../../api/filter';

export interface StudentsQuery {
  page: number;
  size: number;
  classId?: number;
  keyword?: string;
  sort: ScoreSort;
  order: 'asc' | 'desc';
}

const params = (subjectId: number) => ({ params: { subjectId } });

/** Every /filter call of the score screens (subject/{subjectId}/score). */
export const scoreApi = {
  summary: (subjectId: number) =>
    api.get<ScoreSummary>('/api/subject/:subjectId/score/summary', undefined, params(subjectId)),
  students: (subjectId: number, q: StudentsQuery) =>
    api.get<ScoreStudentsPage>(
      '/api/subject/:subjectId/score/students',
      { ...q, keyword: q.keyword || undefined },
      params(subjectId),
    ),
  check: (subjectId: number) =>
    api.get<ScoreCheck>('/api/subject/:subjectId/score/check', undefined, params(subjectId)),
  adjust: (subjectId: number, body: ScoreAdjustBody) =>
    api.post<ScoreAdjusted>('/api/subject/:subjectId/score/adjust', body, params(subjectId)),
  adjustments: (subjectId: number, page: number) =>
    api.get<Paged<ScoreAdjustmentItem>>(
      '/api/subject/:subjectId/score/adjustments',
      { page, size: 50 },
      params(subjectId),
    ),
  recompute: (subjectId: number) =>
    api.post<ScoreRecomputed>('/api/subject/:subjectId/score/recompute', {}, params(subjectId)),
};
