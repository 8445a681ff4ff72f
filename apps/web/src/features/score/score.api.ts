import type {
  BatchReleaseItem,
  ExamReleaseRow,
  IrregularItem,
  Paged,
  PublishState,
  ReviewTransitionResult,
  ScoreAdjustBody,
  ScoreAdjusted,
  ScoreAdjustmentItem,
  ScoreCheck,
  ScoreKaohaoBody,
  ScoreKaohaoItem,
  ScoreKaohaoMoved,
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
const exam = (examId: number) => ({ params: { examId } });

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
  moveKaohao: (subjectId: number, body: ScoreKaohaoBody) =>
    api.post<ScoreKaohaoMoved>('/api/subject/:subjectId/score/adjust/kaohao', body, params(subjectId)),
  kaohaoMoves: (subjectId: number, page: number) =>
    api.get<Paged<ScoreKaohaoItem>>(
      '/api/subject/:subjectId/score/adjust/kaohao',
      { page, size: 50 },
      params(subjectId),
    ),
  recompute: (subjectId: number) =>
    api.post<ScoreRecomputed>('/api/subject/:subjectId/score/recompute', {}, params(subjectId)),
  irregular: (subjectId: number, examineeId: number, reason: string) =>
    api.post<{ total: number | null }>(
      '/api/subject/:subjectId/score/irregular',
      { examineeId, reason },
      params(subjectId),
    ),
  irregularCancel: (subjectId: number, examineeId: number) =>
    api.post<{ total: number | null }>(
      '/api/subject/:subjectId/score/irregular/cancel',
      { examineeId },
      params(subjectId),
    ),
  irregulars: (subjectId: number, page: number) =>
    api.get<Paged<IrregularItem>>(
      '/api/subject/:subjectId/score/irregulars',
      { page, size: 50 },
      params(subjectId),
    ),
};

/** Publishing (spec §4, §7 release / batch release / delay publish, xianyuehousao tongfen and its cancel). */
export const publishApi = {
  state: (subjectId: number) =>
    api.get<PublishState>('/api/subject/:subjectId/score/release', undefined, params(subjectId)),
  release: (subjectId: number) =>
    api.post<ReviewTransitionResult>('/api/subject/:subjectId/score/release', {}, params(subjectId)),
  cancel: (subjectId: number) =>
    api.post<ReviewTransitionResult>('/api/subject/:subjectId/score/release/cancel', {}, params(subjectId)),
  delay: (subjectId: number, publishAt: string | null) =>
    api.post<PublishState>('/api/subject/:subjectId/score/delayPublish', { publishAt }, params(subjectId)),
  tongfen: (subjectId: number) =>
    api.post<ReviewTransitionResult>('/api/subject/:subjectId/xianyuehousao/tongfen', {}, params(subjectId)),
  tongfenCancel: (subjectId: number) =>
    api.post<ReviewTransitionResult>('/api/subject/:subjectId/cancelXianyueTongfen', {}, params(subjectId)),
  examRows: (examId: number) =>
    api.get<ExamReleaseRow[]>('/api/exam/:examId/score/release', undefined, exam(examId)),
  batch: (examId: number, subjectIds: number[]) =>
    api.post<BatchReleaseItem[]>('/api/exam/:examId/score/batchRelease', { subjectIds }, exam(examId)),
};
