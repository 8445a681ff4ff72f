import type {
  MarkTask,
  Paged,
  ReviewTransitionResult,
  SampleKind,
  SamplePaper,
  StandardMarkItem,
  TrialCandidate,
  TrialLeadView,
  TrialOverview,
  TrialPapersInput,
} from '@yj/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/filter';
import type { QuestionScore } from '../marking/score-fields';

/** The trial transitions and their paths under /api/subject/{id}/trial/ (GET, like review/start). */
export const TRIAL_OPS = {
  trialStart: 'start',
  trialPause: 'pause',
  trialResume: 'resume',
  trialRollback: 'rollback',
} as const;
export type TrialOp = keyof typeof TRIAL_OPS;

const S = '/api/subject/:id/trial';

/** The routes of server module apps/server/src/modules/trial. */
export const trialApi = {
  overview: (subjectId: number) => api.get<TrialOverview>(S, undefined, { params: { id: subjectId } }),
  candidates: (subjectId: number, blockId: number, q: { page: number; size: number; keyword?: string }) =>
    api.get<Paged<TrialCandidate>>(`${S}/block/:blockId/candidates`, q, {
      params: { id: subjectId, blockId },
    }),
  choose: (subjectId: number, blockId: number, input: TrialPapersInput) =>
    api.post<{ papers: number }>(
      `${S}/block/:blockId/papers`,
      { ...input },
      { params: { id: subjectId, blockId } },
    ),
  run: (subjectId: number, op: TrialOp) =>
    api.get<ReviewTransitionResult>(`${S}/${TRIAL_OPS[op]}`, undefined, { params: { id: subjectId } }),
  claim: (blockId: number, count: number) =>
    api.post<MarkTask[]>('/api/marking/trial/block/:blockId/claim', { count }, { params: { blockId } }),
  lead: (blockId: number) =>
    api.get<TrialLeadView>('/api/marking/trial/block/:blockId/papers', undefined, { params: { blockId } }),
  reference: (trialPaperId: number, body: { scores: QuestionScore[]; comment: string }) =>
    api.post<{ score: number }>(
      '/api/marking/trial/paper/:trialPaperId/reference',
      { ...body },
      {
        params: { trialPaperId },
      },
    ),
  sample: (trialPaperId: number, keep: boolean, kind: SampleKind) =>
    api.post<{ sample: boolean }>(
      '/api/marking/trial/paper/:trialPaperId/sample',
      { keep, kind },
      {
        params: { trialPaperId },
      },
    ),
  standardRate: (blockId: number, every: number) =>
    api.post<{ standardEvery: number | null }>(
      '/api/marking/block/:blockId/standard/rate',
      { every },
      { params: { blockId } },
    ),
  standardMarks: (blockId: number) =>
    api.get<StandardMarkItem[]>('/api/marking/block/:blockId/standard/marks', undefined, {
      params: { blockId },
    }),
  samples: (blockId: number) =>
    api.get<SamplePaper[]>('/api/marking/block/:blockId/samples', undefined, { params: { blockId } }),
};

export const trialKeys = { all: ['trial'] as const };
export const trialOverviewQuery = (subjectId: number) =>
  queryOptions({
    queryKey: [...trialKeys.all, 'subject', subjectId],
    queryFn: () => trialApi.overview(subjectId),
    meta: { silent: true },
  });
export const trialLeadQuery = (blockId: number) =>
  queryOptions({
    queryKey: [...trialKeys.all, 'lead', blockId],
    queryFn: () => trialApi.lead(blockId),
    meta: { silent: true },
  });
export const samplesQuery = (blockId: number) =>
  queryOptions({
    queryKey: [...trialKeys.all, 'samples', blockId],
    queryFn: () => trialApi.samples(blockId),
    meta: { silent: true },
  });
export const standardMarksQuery = (blockId: number) =>
  queryOptions({
    queryKey: [...trialKeys.all, 'standard-marks', blockId],
    queryFn: () => trialApi.standardMarks(blockId),
    meta: { silent: true },
  });
