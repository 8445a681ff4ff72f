import { z } from 'zod';
import { paged, defineRoute, noData } from '../route';
import { idParam } from '../fields';
import {
  blockIdParam,
  blockProgress,
  leadBlockInfo,
  leadMarkerParams,
  leadMarkerTask,
  leadProblemItem,
  markBlockInfo,
  markClaim,
  markDeferResult,
  markerTasksQuery,
  markHistoryItem,
  markHistoryQuery,
  markLease,
  markModify,
  markModifyResult,
  markProblemInput,
  markSubmit,
  markSubmitResult,
  markTask,
  paperIdParam,
  paperMarks,
  problemListQuery,
  problemResolution,
  problemResolve,
  recallInput,
  remarkInput,
  reviewTaskItem,
  taskIdParam,
} from '../marking';
import {
  abnormalBlock,
  blockPaperItem,
  blockPapersQuery,
  markOrigin,
  myHistoryItem,
  myHistoryQuery,
  paperSearchItem,
  paperSearchQuery,
} from '../marking-book';
import {
  resetCounts,
  resetInput,
  resetPreviewQuery,
  reselectPreview,
  reselectResult,
} from '../marking-reset';
import { intelligentBlockQuery, reselectInput } from '../intelligent';

const subject = z.object({ id: idParam() });
/** the marker's task routes (their path's id message as before the contract) */
const task = z.object({ taskId: idParam() });

/**
 * The marker's routes (DESIGN.md §5, /api/marking/…): the block, claim, submit and the lease, 回评, the whole
 * pages. Skip and release are also sent as keepalive requests by the web (they outlive the page). The images
 * (task/:taskId/image, origin/:page) answer JPEG and stay on Fastify's registration.
 */
export const markingContract = {
  tasks: defineRoute({
    method: 'GET',
    path: '/api/marking/tasks',
    access: 'home.read',
    response: z.array(reviewTaskItem),
  }),
  info: defineRoute({
    method: 'GET',
    path: '/api/marking/block/:blockId/info',
    access: 'subject.mark',
    params: blockIdParam,
    response: markBlockInfo,
  }),
  claim: defineRoute({
    method: 'POST',
    path: '/api/marking/block/:blockId/claim',
    access: 'subject.mark',
    params: blockIdParam,
    body: markClaim,
    response: z.array(markTask),
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/marking/block/:blockId/history',
    access: 'subject.mark',
    params: blockIdParam,
    query: markHistoryQuery,
    response: paged(markHistoryItem),
  }),
  submit: defineRoute({
    method: 'POST',
    path: '/api/marking/task/:taskId/submit',
    access: 'subject.mark',
    params: task,
    body: markSubmit,
    response: markSubmitResult,
  }),
  /** back to the pool, never to this marker again */
  skip: defineRoute({
    method: 'POST',
    path: '/api/marking/task/:taskId/skip',
    access: 'subject.mark',
    params: task,
    body: markLease,
    response: noData,
  }),
  /** back to the pool for anyone (the page closed) */
  release: defineRoute({
    method: 'POST',
    path: '/api/marking/task/:taskId/release',
    access: 'subject.mark',
    params: task,
    body: markLease,
    response: noData,
  }),
  defer: defineRoute({
    method: 'POST',
    path: '/api/marking/task/:taskId/defer',
    access: 'subject.mark',
    params: task,
    body: markLease,
    response: markDeferResult,
  }),
  problem: defineRoute({
    method: 'POST',
    path: '/api/marking/task/:taskId/problem',
    access: 'subject.mark',
    params: task,
    body: markProblemInput,
    response: noData,
  }),
  modify: defineRoute({
    method: 'POST',
    path: '/api/marking/task/:taskId/modify',
    access: 'subject.mark',
    params: task,
    body: markModify,
    response: markModifyResult,
  }),
  /** /book/history: my submitted marks across every block */
  myHistory: defineRoute({
    method: 'GET',
    path: '/api/marking/history',
    access: 'home.read',
    query: myHistoryQuery,
    response: paged(myHistoryItem),
  }),
  /** originPicAndAnswer: the whole pages (masked on the server) and the block's answers */
  origin: defineRoute({
    method: 'GET',
    path: '/api/marking/task/:taskId/origin',
    access: 'subject.mark',
    params: taskIdParam,
    response: markOrigin,
  }),
};

/** The leaders' routes (题组长, DESIGN.md §5): the block page, queues, a marker's papers, a student's paper. */
export const markingLeadContract = {
  info: defineRoute({
    method: 'GET',
    path: '/api/marking/block/:blockId/lead',
    access: 'subject.lead',
    params: blockIdParam,
    response: leadBlockInfo,
  }),
  problems: defineRoute({
    method: 'GET',
    path: '/api/marking/block/:blockId/problems',
    access: 'subject.lead',
    params: blockIdParam,
    query: problemListQuery,
    response: paged(leadProblemItem),
  }),
  /** a hidden paper of 质检 answers null */
  resolve: defineRoute({
    method: 'POST',
    path: '/api/marking/task/:taskId/resolve',
    access: 'subject.lead',
    params: taskIdParam,
    body: problemResolve,
    response: z
      .object({ taskId: z.number(), resolution: problemResolution, exceptionId: z.number().nullable() })
      .nullable(),
  }),
  recall: defineRoute({
    method: 'POST',
    path: '/api/marking/block/:blockId/recall',
    access: 'subject.lead',
    params: blockIdParam,
    body: recallInput,
    response: z.object({ recalled: z.number() }),
  }),
  remark: defineRoute({
    method: 'POST',
    path: '/api/marking/block/:blockId/remark',
    access: 'subject.lead',
    params: blockIdParam,
    body: remarkInput,
    response: z.object({ remarked: z.number(), scoresRemoved: z.number() }),
  }),
  markerTasks: defineRoute({
    method: 'GET',
    path: '/api/marking/block/:blockId/marker/:userId/tasks',
    access: 'subject.lead',
    params: leadMarkerParams,
    query: markerTasksQuery,
    response: paged(leadMarkerTask),
  }),
  /** 查看整卷 beside a 问题卷: the whole pages of the task's paper, masked as for originPicAndAnswer */
  problemOrigin: defineRoute({
    method: 'GET',
    path: '/api/marking/task/:taskId/lead/origin',
    access: 'subject.lead',
    params: taskIdParam,
    response: markOrigin,
  }),
  paper: defineRoute({
    method: 'GET',
    path: '/api/marking/paper/:paperId',
    access: 'subject.lead',
    params: paperIdParam,
    response: paperMarks,
  }),
  progress: defineRoute({
    method: 'GET',
    path: '/api/marking/block/:blockId/progress',
    access: 'subject.lead',
    params: blockIdParam,
    response: blockProgress,
  }),
  subjectProgress: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/marking/progress',
    access: 'subject.lead',
    params: subject,
    response: z.array(blockProgress),
  }),
  /** overview/blockOrStudent: the subject's papers by 考号 or name */
  searchPapers: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/marking/papers',
    access: 'subject.lead',
    params: subject,
    query: paperSearchQuery,
    response: paged(paperSearchItem),
  }),
  /** abnormal: each block's problem papers, open and settled */
  abnormal: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/marking/abnormal',
    access: 'subject.lead',
    params: subject,
    response: z.array(abnormalBlock),
  }),
  /** check/block/{blockId}: the block's papers with marks and markers */
  blockPapers: defineRoute({
    method: 'GET',
    path: '/api/marking/block/:blockId/papers',
    access: 'subject.lead',
    params: blockIdParam,
    query: blockPapersQuery,
    response: paged(blockPaperItem),
  }),
};

/** 重置阅卷 and 重新选题 (spec §2 subject/{subjectId}/{step}/resetting…): the subject's managers. */
export const markingResetContract = {
  resetPreview: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/resetting/preview',
    access: 'subject.setting.edit',
    params: subject,
    query: resetPreviewQuery,
    response: resetCounts,
  }),
  reset: defineRoute({
    method: 'POST',
    path: '/api/subject/:id/resetting',
    access: 'subject.setting.edit',
    params: subject,
    body: resetInput,
    response: resetCounts,
  }),
  reselectPreview: defineRoute({
    method: 'GET',
    path: '/api/subject/:id/resetting/reselect/preview',
    access: 'subject.setting.edit',
    params: subject,
    query: intelligentBlockQuery,
    response: reselectPreview,
  }),
  reselect: defineRoute({
    method: 'POST',
    path: '/api/subject/:id/resetting/reselect',
    access: 'subject.setting.edit',
    params: subject,
    body: reselectInput,
    response: reselectResult,
  }),
};
