import {
  markingLeadContract,
  markingResetContract,
  type BlockPaperState,
  type ProblemResolution,
  type ResetInput,
} from '@yj/contracts';
import { callRoute } from '../../api/contract';

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

const c = markingLeadContract;
const block = (blockId: number) => ({ params: { blockId } });
const subject = (id: number) => ({ params: { id } });

/** Every /filter call of the leaders' screens (题组长): contracts/routes/marking.ts. */
export const leadApi = {
  info: (blockId: number) => callRoute(c.info, block(blockId)),
  progress: (blockId: number) => callRoute(c.progress, block(blockId)),
  subjectProgress: (subjectId: number) => callRoute(c.subjectProgress, subject(subjectId)),
  problems: (blockId: number, state: ProblemState, page: number) =>
    callRoute(c.problems, { ...block(blockId), query: { state, page, size: 50 } }),
  resolve: (taskId: number, resolution: ProblemResolution, scores?: QuestionScore[], note = '') =>
    callRoute(c.resolve, {
      params: { taskId },
      body: { resolution, note, ...(scores ? { scores } : {}) },
    }),
  recall: (blockId: number, userId: number) => callRoute(c.recall, { ...block(blockId), body: { userId } }),
  remark: (blockId: number, taskIds: number[]) =>
    callRoute(c.remark, { ...block(blockId), body: { taskIds } }),
  markerTasks: (blockId: number, userId: number, page: number, size: number) =>
    callRoute(c.markerTasks, { params: { blockId, userId }, query: { page, size } }),
  /** 重置阅卷: what a reset of the block (or one marker's marks) would discard, and the reset itself */
  resetPreview: (subjectId: number, blockId: number, userId: number | null) =>
    callRoute(markingResetContract.resetPreview, {
      ...subject(subjectId),
      query: { blockId, ...(userId === null ? {} : { userId }) },
    }),
  reset: (subjectId: number, input: ResetInput) =>
    callRoute(markingResetContract.reset, { ...subject(subjectId), body: input }),
  /** overview/blockOrStudent: the subject's papers by 考号 or name */
  searchPapers: (subjectId: number, keyword: string, page: number) =>
    callRoute(c.searchPapers, { ...subject(subjectId), query: { keyword, page, size: 20 } }),
  /** check/block/{blockId}: the block's papers with marks and markers */
  blockPapers: (blockId: number, q: BlockPapersFilter & { page: number; size: number }) =>
    callRoute(c.blockPapers, { ...block(blockId), query: q }),
  /** abnormal: each block's problem papers, open and settled */
  abnormal: (subjectId: number) => callRoute(c.abnormal, subject(subjectId)),
  paper: (paperId: number) => callRoute(c.paper, { params: { paperId } }),
  /** 查看整卷 beside a 问题卷: the task's paper, whole (the student's name and 考号 painted over) */
  problemOrigin: (taskId: number) => callRoute(c.problemOrigin, { params: { taskId } }),
};
