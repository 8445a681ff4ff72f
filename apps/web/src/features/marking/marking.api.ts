import {
  markingContract,
  trialContract,
  type MarkAnnotation,
  type MarkType,
  type ProblemReason,
} from '@yj/contracts';
import { FILTER_BASE } from '../../api/constants';
import { callRoute } from '../../api/contract';
import { XHR_HEADER } from '../../api/filter';
import type { QuestionScore } from './score-fields';

export interface SubmitBody {
  leaseToken: string;
  scores: QuestionScore[];
  marks: MarkAnnotation[];
  spentMs?: number;
  next: boolean;
}

/** 跳过 or release with a keepalive request, which outlives the page when it goes away. */
const leave = (taskId: number, op: 'skip' | 'release', leaseToken: string, base = '/api/marking') =>
  fetch(`${FILTER_BASE}${base}/task/${taskId}/${op}`, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { ...XHR_HEADER, 'Content-Type': 'application/json' },
    body: JSON.stringify({ leaseToken }),
  }).then(() => null);

export interface HistoryQuery {
  page: number;
  size: number;
  minScore?: number;
  maxScore?: number;
  from?: string;
  to?: string;
}

const c = markingContract;
const block = (blockId: number) => ({ blockId });
const task = (taskId: number) => ({ taskId });

/** The marking routes of contracts/routes/marking.ts (server module apps/server/src/modules/marking). */
export const markingApi = {
  tasks: () => callRoute(c.tasks, {}),
  info: (blockId: number) => callRoute(c.info, { params: block(blockId) }),
  claim: (blockId: number, type: MarkType, count: number) =>
    callRoute(c.claim, { params: block(blockId), body: { type, count } }),
  submit: (taskId: number, body: SubmitBody) => callRoute(c.submit, { params: task(taskId), body }),
  /** 跳过: the paper goes back to the pool and never comes back to this marker. */
  skip: (taskId: number, leaseToken: string) => leave(taskId, 'skip', leaseToken),
  /**
   * Leaving the screen (reload, tab closed, another block): back to the pool now instead of when the lease
   * ends, and still this marker's to mark later. A keepalive request outlives the page; its answer is not needed.
   */
  release: (taskId: number, leaseToken: string) => leave(taskId, 'release', leaseToken),
  defer: (taskId: number, leaseToken: string) =>
    callRoute(c.defer, { params: task(taskId), body: { leaseToken } }),
  problem: (taskId: number, body: { leaseToken: string; reason: ProblemReason; note: string }) =>
    callRoute(c.problem, { params: task(taskId), body }),
  history: (blockId: number, q: HistoryQuery) => callRoute(c.history, { params: block(blockId), query: q }),
  /** /book/history: my submitted marks across every block */
  myHistory: (q: HistoryQuery & { blockId?: number }) => callRoute(c.myHistory, { query: q }),
  /** originPicAndAnswer: the whole pages (masked on the server) and the block's answers */
  origin: (taskId: number) => callRoute(c.origin, { params: task(taskId) }),
  /** the same of a 试评 paper (trial_mark ids) */
  trialOrigin: (taskId: number) => callRoute(trialContract.origin, { params: task(taskId) }),
  modify: (taskId: number, body: { version: number; scores: QuestionScore[]; marks: MarkAnnotation[] }) =>
    callRoute(c.modify, { params: task(taskId), body }),
};

const T = '/api/marking/trial';
/** 试评 on the same screen: the trial routes (contracts/routes/trial.ts), the same task shape. */
export const trialMarkingApi = {
  claim: (blockId: number, count: number) =>
    callRoute(trialContract.claim, { params: block(blockId), body: { count } }),
  submit: (taskId: number, body: SubmitBody) =>
    callRoute(trialContract.submit, { params: task(taskId), body }),
  skip: (taskId: number, leaseToken: string) => leave(taskId, 'skip', leaseToken, T),
  release: (taskId: number, leaseToken: string) => leave(taskId, 'release', leaseToken, T),
  defer: (taskId: number, leaseToken: string) =>
    callRoute(trialContract.defer, { params: task(taskId), body: { leaseToken } }),
};
