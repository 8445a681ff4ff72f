import type {
  MarkAnnotation,
  MarkBlockInfo,
  MarkHistoryItem,
  MarkOrigin,
  MyHistoryItem,
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

const M = '/api/marking';

/** The marking routes of contracts/marking.ts (server module apps/server/src/modules/marking). */
export const markingApi = {
  tasks: () => api.get<ReviewTaskItem[]>(`${M}/tasks`),
  info: (blockId: number) => api.get<MarkBlockInfo>(`${M}/block/${blockId}/info`),
  claim: (blockId: number, type: MarkType, count: number) =>
    api.post<MarkTask[]>(`${M}/block/${blockId}/claim`, { type, count }),
  submit: (taskId: number, body: SubmitBody) =>
    api.post<MarkSubmitResult>(`${M}/task/${taskId}/submit`, { ...body }),
  /** 跳过: the paper goes back to the pool and never comes back to this marker. */
  skip: (taskId: number, leaseToken: string) => leave(taskId, 'skip', leaseToken),
  /**
   * Leaving the screen (reload, tab closed, another block): back to the pool now instead of when the lease
   * ends, and still this marker's to mark later. A keepalive request outlives the page; its answer is not needed.
   */
  release: (taskId: number, leaseToken: string) => leave(taskId, 'release', leaseToken),
  defer: (taskId: number, leaseToken: string) =>
    api.post<unknown>(`${M}/task/${taskId}/defer`, { leaseToken }),
  problem: (taskId: number, body: { leaseToken: string; reason: ProblemReason; note: string }) =>
    api.post<null>(`${M}/task/${taskId}/problem`, { ...body }),
  history: (blockId: number, q: HistoryQuery) =>
    api.get<Paged<MarkHistoryItem>>(`${M}/block/${blockId}/history`, { ...q }),
  /** /book/history: my submitted marks across every block */
  myHistory: (q: HistoryQuery & { blockId?: number }) =>
    api.get<Paged<MyHistoryItem>>(`${M}/history`, { ...q }),
  /** originPicAndAnswer: the whole pages (masked on the server) and the block's answers */
  origin: (taskId: number) => api.get<MarkOrigin>(`${M}/task/${taskId}/origin`),
  modify: (taskId: number, body: { version: number; scores: QuestionScore[]; marks: MarkAnnotation[] }) =>
    api.post<unknown>(`${M}/task/${taskId}/modify`, { ...body }),
};

const T = '/api/marking/trial';
/** 试评 on the same screen: the trial routes (apps/server/src/modules/trial), the same task shape. */
export const trialMarkingApi = {
  claim: (blockId: number, count: number) => api.post<MarkTask[]>(`${T}/block/${blockId}/claim`, { count }),
  submit: (taskId: number, body: SubmitBody) =>
    api.post<MarkSubmitResult>(`${T}/task/${taskId}/submit`, { ...body }),
  skip: (taskId: number, leaseToken: string) => leave(taskId, 'skip', leaseToken, T),
  release: (taskId: number, leaseToken: string) => leave(taskId, 'release', leaseToken, T),
  defer: (taskId: number, leaseToken: string) =>
    api.post<unknown>(`${T}/task/${taskId}/defer`, { leaseToken }),
};
