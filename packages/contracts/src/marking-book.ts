import { z } from 'zod';
import { pageQuery } from './envelope';
import { idParam, intParam, text } from './fields';
import {
  markHistoryQuery,
  type BlockScoreSourceValue,
  type MarkHistoryItem,
  type MarkQuestion,
  type MarkTaskStatusValue,
} from './marking';

// The marker's cross-block screens (/book/multi, /book/history, originPicAndAnswer) and the leaders'
// overview family (overview/blockOrStudent, check/block, check/checkStuPaper, abnormal).

/** /book/history: my submitted marks across every block, newest first; optionally one block. */
export const myHistoryQuery = markHistoryQuery.extend({ blockId: idParam().optional() });
export interface MyHistoryItem extends MarkHistoryItem {
  blockId: number;
  blockName: string;
  subjectId: number;
  subjectName: string;
  examName: string;
}

/**
 * originPicAndAnswer: the whole pages of the paper a marker holds and the block's answers. Never a student
 * field: the pages come with the exam-number, name and barcode areas painted over on the server.
 */
export interface MarkOrigin {
  taskId: number;
  blockId: number;
  blockName: string;
  subjectName: string;
  questions: MarkQuestion[];
  pages: Array<{ page: number; imageUrl: string }>;
}
export const originPageParams = z.object({ taskId: idParam(), page: intParam(0, 99) });

/** overview/blockOrStudent: a student's papers of the subject by 考号 or name. */
export const paperSearchQuery = pageQuery.extend({
  keyword: text().trim().min(1, '请输入考号或姓名').max(50),
});
export interface PaperSearchItem {
  paperId: number;
  kaohao: string | null;
  name: string | null;
  className: string | null;
  schoolName: string;
}

/** check/block/{blockId}: a block's papers with their marks and markers. */
export const blockPaperState = z.enum(['all', 'decided', 'undecided', 'arbitration', 'problem']);
export type BlockPaperState = z.infer<typeof blockPaperState>;
export const blockPapersQuery = pageQuery.extend({
  state: blockPaperState.default('all'),
  /** papers this marker marked */
  markerId: idParam().optional(),
  /** bounds of the final score (papers without one are left out when a bound is given) */
  minScore: z.coerce.number().min(0).max(1000).optional(),
  maxScore: z.coerce.number().min(0).max(1000).optional(),
  kaohao: text().trim().max(50).optional(),
});
export interface BlockPaperItem {
  paperId: number;
  kaohao: string | null;
  name: string | null;
  className: string | null;
  final: { score: number; source: BlockScoreSourceValue } | null;
  slots: Array<{
    taskId: number;
    slot: number;
    status: MarkTaskStatusValue;
    markerName: string | null;
    score: number | null;
  }>;
  imageUrl: string | null;
}

/** abnormal: per block, its 问题卷 and how they were settled. */
export interface AbnormalBlock {
  blockId: number;
  blockName: string;
  open: number;
  score: number;
  back: number;
  scan: number;
}
