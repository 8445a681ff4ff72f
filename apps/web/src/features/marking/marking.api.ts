import type {
  MarkAnnotation,
  MarkBlockInfo,
  MarkHistoryItem,
  MarkSubmitResult,
  MarkTask,
  MarkType,
  Paged,
  ProblemReason,
  ReviewTaskItem,
} from '@yj/contracts';
import { FILTER_BASE } from '../../api/constants';
import { api, XHR_HEADER } from '../../api/filter';
import type { QuestionScore } from './score-fields';

export interface SubmitBody {
  leaseToken: string;
  scores: QuestionScore[];
  marks: MarkAnnotation[];
  spentMs?: number;
  next: boolean;
}

export interface HistoryQuery {
  page: number;
  size: number;
  minScore?: number;
  maxScore?: number;
  from?: string;
  to?: string;
}

const M = '/api/marking';

/** The marking routes of contracts/marking.ts (server module apps/server/src/modules/marking). */
const leaseCall = (taskId: number, action: 'skip' | 'release', leaseToken: string) =>
  fetch(`${FILTER_BASE}${M}/task/${taskId}/${action}`, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { ...XHR_HEADER, 'Content-Type': 'application/json' },
    body: JSON.stringify({ leaseToken }),
  }).then(() => null);

export const markingApi = {
  tasks: () => api.get<ReviewTaskItem[]>(`${M}/tasks`),
  info: (blockId: number) => api.get<MarkBlockInfo>(`${M}/block/${blockId}/info`),
  claim: (blockId: number, type: MarkType, count: number) =>
    api.post<MarkTask[]>(`${M}/block/${blockId}/claim`, { type, count }),
  submit: (taskId: number, body: SubmitBody) =>
    api.post<MarkSubmitResult>(`${M}/task/${taskId}/submit`, { ...body }),
  /** 跳过: the paper goes back to the pool, never to this marker again. */
  skip: (taskId: number, leaseToken: string) => leaseCall(taskId, 'skip', leaseToken),
  /**
   * Sent as the screen or the page goes away (reload, tab closed): the claimed papers return to the pool for
   * anyone now instead of when their lease ends. A keepalive request outlives the page; its answer is not needed.
   */
  release: (taskId: number, leaseToken: string) => leaseCall(taskId, 'release', leaseToken),
  defer: (taskId: number, leaseToken: string) =>
    api.post<unknown>(`${M}/task/${taskId}/defer`, { leaseToken }),
  problem: (taskId: number, body: { leaseToken: string; reason: ProblemReason; note: string }) =>
    api.post<null>(`${M}/task/${taskId}/problem`, { ...body }),
  history: (blockId: number, q: HistoryQuery) =>
    api.get<Paged<MarkHistoryItem>>(`${M}/block/${blockId}/history`, { ...q }),
  modify: (taskId: number, body: { version: number; scores: QuestionScore[]; marks: MarkAnnotation[] }) =>
    api.post<unknown>(`${M}/task/${taskId}/modify`, { ...body }),
};
