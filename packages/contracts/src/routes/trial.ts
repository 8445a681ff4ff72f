import { z } from 'zod';
import { idParam, int } from '../fields';
import {
  blockIdParam,
  markDeferResult,
  markLease,
  markSubmit,
  markSubmitResult,
  markTask,
  MULTI_MARK_MAX,
} from '../marking';
import { reviewTransitionResult } from '../subject-lifecycle';
import {
  samplePaper,
  standardMarkItem,
  standardRateInput,
  trialBlockParams,
  trialCandidate,
  trialCandidateQuery,
  trialLeadView,
  trialOverview,
  trialPaperParam,
  trialPapersInput,
  trialReferenceInput,
  trialSampleInput,
} from '../trial';
import { markOrigin } from '../marking-book';
import { defineRoute, noData, paged } from '../route';

const subject = z.object({ id: idParam() });
const task = z.object({ taskId: idParam() });
/** The trial transitions (GET, like review/start … of spec §7). */
const transition = (op: 'start' | 'pause' | 'resume' | 'rollback') =>
  defineRoute({
    method: 'GET',
    path: `/api/subject/:id/trial/${op}`,
    access: 'subject.setting.edit',
    params: subject,
    response: reviewTransitionResult,
  });
const giveBack = (op: 'skip' | 'release') =>
  defineRoute({
    method: 'POST',
    path: `/api/marking/trial/task/:taskId/${op}`,
    access: 'subject.mark',
    params: task,
    body: markLease,
    response: noData,
  });

/**
 * 试评 (DESIGN.md §3, §5): the manager's trial page and transitions under /api/subject/{id}/trial…, the
 * marker's trial marking under /api/marking/trial/…, the leader's trial screen, 质检's 标准卷 and the 样卷.
 * The images (trial task, trial paper, sample) answer JPEG and stay on Fastify's registration.
 */
export const trialContract = {
  /** originPicAndAnswer of a 试评 paper: the whole pages (masked on the server) and the block's answers */
  origin: defineRoute({
    method: 'GET',
    path: '/api/marking/trial/task/:taskId/origin',
    access: 'subject.mark',
    params: task,
    response: markOrigin,
  }),
  overview: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/trial',
    access: 'subject.setting.edit',
    params: subject,
    response: trialOverview,
  }),
  candidates: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/trial/block/:blockId/candidates',
    access: 'subject.setting.edit',
    params: trialBlockParams,
    query: trialCandidateQuery,
    response: paged(trialCandidate),
  }),
  choose: defineRoute({
    method: 'POST',
    path: '/api/subject/:id/trial/block/:blockId/papers',
    access: 'subject.setting.edit',
    params: trialBlockParams,
    body: trialPapersInput,
    response: z.object({ papers: z.number() }),
  }),
  start: transition('start'),
  pause: transition('pause'),
  resume: transition('resume'),
  rollback: transition('rollback'),

  claim: defineRoute({
    method: 'POST',
    path: '/api/marking/trial/block/:blockId/claim',
    access: 'subject.mark',
    params: blockIdParam,
    body: z.object({ count: int(1, MULTI_MARK_MAX).default(1) }),
    response: z.array(markTask),
  }),
  submit: defineRoute({
    method: 'POST',
    path: '/api/marking/trial/task/:taskId/submit',
    access: 'subject.mark',
    params: task,
    body: markSubmit,
    response: markSubmitResult,
  }),
  skip: giveBack('skip'),
  release: giveBack('release'),
  defer: defineRoute({
    method: 'POST',
    path: '/api/marking/trial/task/:taskId/defer',
    access: 'subject.mark',
    params: task,
    body: markLease,
    response: markDeferResult,
  }),

  lead: defineRoute({
    method: 'GET',
    path: '/api/marking/trial/block/:blockId/papers',
    access: 'subject.lead',
    params: blockIdParam,
    response: trialLeadView,
  }),
  reference: defineRoute({
    method: 'POST',
    path: '/api/marking/trial/paper/:trialPaperId/reference',
    access: 'subject.lead',
    params: trialPaperParam,
    body: trialReferenceInput,
    response: z.object({ score: z.number() }),
  }),
  sample: defineRoute({
    method: 'POST',
    path: '/api/marking/trial/paper/:trialPaperId/sample',
    access: 'subject.lead',
    params: trialPaperParam,
    body: trialSampleInput,
    response: z.object({ sample: z.boolean() }),
  }),
  standardRate: defineRoute({
    method: 'POST',
    path: '/api/marking/block/:blockId/standard/rate',
    access: 'subject.lead',
    params: blockIdParam,
    body: standardRateInput,
    response: z.object({ standardEvery: z.number().nullable() }),
  }),
  standardMarks: defineRoute({
    method: 'GET',
    path: '/api/marking/block/:blockId/standard/marks',
    access: 'subject.lead',
    params: blockIdParam,
    response: z.array(standardMarkItem),
  }),
  samples: defineRoute({
    method: 'GET',
    path: '/api/marking/block/:blockId/samples',
    access: 'subject.mark',
    params: blockIdParam,
    response: z.array(samplePaper),
  }),
};
