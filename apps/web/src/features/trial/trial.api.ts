import { trialContract, type SampleKind, type TrialPapersInput } from '@yj/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../api/contract';
import type { QuestionScore } from '../marking/score-fields';

/** The trial transitions and their paths under /api/subject/{id}/trial/ (GET, like review/start). */
export const TRIAL_OPS = {
  trialStart: 'start',
  trialPause: 'pause',
  trialResume: 'resume',
  trialRollback: 'rollback',
} as const;
export type TrialOp = keyof typeof TRIAL_OPS;

const c = trialContract;
const subject = (id: number) => ({ params: { id } });
const block = (blockId: number) => ({ params: { blockId } });

/** The routes of server module apps/server/src/modules/trial: contracts/routes/trial.ts. */
export const trialApi = {
  overview: (subjectId: number) => callRoute(c.overview, subject(subjectId)),
  candidates: (subjectId: number, blockId: number, q: { page: number; size: number; keyword?: string }) =>
    callRoute(c.candidates, { params: { id: subjectId, blockId }, query: q }),
  choose: (subjectId: number, blockId: number, input: TrialPapersInput) =>
    callRoute(c.choose, { params: { id: subjectId, blockId }, body: input }),
  run: (subjectId: number, op: TrialOp) => callRoute(c[TRIAL_OPS[op]], subject(subjectId)),
  claim: (blockId: number, count: number) => callRoute(c.claim, { ...block(blockId), body: { count } }),
  lead: (blockId: number) => callRoute(c.lead, block(blockId)),
  reference: (trialPaperId: number, body: { scores: QuestionScore[]; comment: string }) =>
    callRoute(c.reference, { params: { trialPaperId }, body }),
  sample: (trialPaperId: number, keep: boolean, kind: SampleKind) =>
    callRoute(c.sample, { params: { trialPaperId }, body: { keep, kind } }),
  standardRate: (blockId: number, every: number) =>
    callRoute(c.standardRate, { ...block(blockId), body: { every } }),
  standardMarks: (blockId: number) => callRoute(c.standardMarks, block(blockId)),
  samples: (blockId: number) => callRoute(c.samples, block(blockId)),
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
