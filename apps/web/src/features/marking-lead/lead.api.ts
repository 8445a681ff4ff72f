import type {
  AbnormalBlock,
  BlockPaperItem,
  BlockPaperState,
  BlockProgress,
  LeadBlockInfo,
  LeadMarkerTask,
  LeadProblemItem,
  Paged,
  PaperMarks,
  PaperSearchItem,
  ProblemResolution,
  ResetCounts,
  ResetInput,
} from '@yj/contracts';
import { api } from '../../api/filter';

export type ProblemState = 'open' | 'resolved';
export interface QuestionScore {
  no: string;
  score: number;
  points?: number[];
}

export interface BlockPapersFilter {
  state: BlockPaperState;
  markerId?: number;
  minScore?: number;
  maxScore?: number;
  kaohao?: string;
}

const block = (blockId: number) => ({ params: { blockId } });

/** Every /filter call of the leaders' screens (题组长). */
export const leadApi = {
  info: (blockId: number) =>
    api.get<LeadBlockInfo>('/api/marking/block/:blockId/lead', undefined, block(blockId)),
  progress: (blockId: number) =>
    api.get<BlockProgress>('/api/marking/block/:blockId/progress', undefined, block(blockId)),
  subjectProgress: (subjectId: number) =>
    api.get<BlockProgress[]>('/api/subject/:subjectId/marking/progress', undefined, {
      params: { subjectId },
    }),
  problems: (blockId: number, state: ProblemState, page: number) =>
    api.get<Paged<LeadProblemItem>>(
      '/api/marking/block/:blockId/problems',
      { state, page, size: 50 },
      block(blockId),
    ),
  resolve: (taskId: number, resolution: ProblemResolution, scores?: QuestionScore[], note = '') =>
    api.post<{ taskId: number }>(
      '/api/marking/task/:taskId/resolve',
      { resolution, note, ...(scores ? { scores } : {}) },
      { params: { taskId } },
    ),
  recall: (blockId: number, userId: number) =>
    api.post<{ recalled: number }>('/api/marking/block/:blockId/recall', { userId }, block(blockId)),
  remark: (blockId: number, taskIds: number[]) =>
    api.post<{ remarked: number; scoresRemoved: number }>(
      '/api/marking/block/:blockId/remark',
      { taskIds },
      block(blockId),
    ),
  markerTasks: (blockId: number, userId: number, page: number, size: number) =>
    api.get<Paged<LeadMarkerTask>>(
      '/api/marking/block/:blockId/marker/:userId/tasks',
      { page, size },
      { params: { blockId, userId } },
    ),
  /** 重置阅卷: what a reset of the block (or one marker's marks) would discard, and the reset itself */
  resetPreview: (subjectId: number, blockId: number, userId: number | null) =>
    api.get<ResetCounts>(
      '/api/subject/:subjectId/resetting/preview',
      { blockId, ...(userId === null ? {} : { userId }) },
      { params: { subjectId } },
    ),
  reset: (subjectId: number, input: ResetInput) =>
    api.post<ResetCounts>('/api/subject/:subjectId/resetting', input, { params: { subjectId } }),
  /** overview/blockOrStudent: the subject's papers by 考号 or name */
  searchPapers: (subjectId: number, keyword: string, page: number) =>
    api.get<Paged<PaperSearchItem>>(
      '/api/subject/:subjectId/marking/papers',
      { keyword, page, size: 20 },
      { params: { subjectId } },
    ),
  /** check/block/{blockId}: the block's papers with marks and markers */
  blockPapers: (blockId: number, q: BlockPapersFilter & { page: number; size: number }) =>
    api.get<Paged<BlockPaperItem>>('/api/marking/block/:blockId/papers', { ...q }, block(blockId)),
  /** abnormal: each block's problem papers, open and settled */
  abnormal: (subjectId: number) =>
    api.get<AbnormalBlock[]>('/api/subject/:subjectId/marking/abnormal', undefined, {
      params: { subjectId },
    }),
  paper: (paperId: number) =>
    api.get<PaperMarks>('/api/marking/paper/:paperId', undefined, { params: { paperId } }),
};
