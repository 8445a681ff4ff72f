import { z } from 'zod';
import { pageQuery } from './envelope';
import { idParam, intParam, text } from './fields';
import { blockScoreSource, markHistoryItem, markHistoryQuery, markQuestion, markTaskStatus } from './marking';

// The marker's cross-block screens (/book/multi, /book/history, originPicAndAnswer) and the leaders'
// overview family (overview/blockOrStudent, check/block, check/checkStuPaper, abnormal).

/** /book/history: my submitted marks across every block, newest first; optionally one block. */
export const myHistoryQuery = markHistoryQuery.extend({
  blockId: idParam().optional(),
  /** one paper by its 密号 (the marker's task number, as the marking screen shows it) */
  taskId: idParam().optional(),
});
export const myHistoryItem = markHistoryItem.extend({
  blockId: z.number(),
  blockName: z.string(),
  subjectId: z.number(),
  subjectName: z.string(),
  examName: z.string(),
});
export type MyHistoryItem = z.infer<typeof myHistoryItem>;

/**
 * originPicAndAnswer: the whole pages of the paper a marker holds and the block's answers. Never a student
 * field: the pages come with the exam-number, name and barcode areas painted over on the server.
 */
export const markOrigin = z.object({
  taskId: z.number(),
  blockId: z.number(),
  blockName: z.string(),
  subjectName: z.string(),
  questions: z.array(markQuestion),
  pages: z.array(z.object({ page: z.number(), imageUrl: z.string() })),
});
export type MarkOrigin = z.infer<typeof markOrigin>;
export const originPageParams = z.object({ taskId: idParam(), page: intParam(0, 99) });

/** overview/blockOrStudent: a student's papers of the subject by 考号 or name. */
export const paperSearchQuery = pageQuery.extend({
  keyword: text().trim().min(1, '请输入考号或姓名').max(50),
});
export const paperSearchItem = z.object({
  paperId: z.number(),
  kaohao: z.string().nullable(),
  name: z.string().nullable(),
  className: z.string().nullable(),
  schoolName: z.string(),
});
export type PaperSearchItem = z.infer<typeof paperSearchItem>;

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
export const blockPaperItem = z.object({
  paperId: z.number(),
  kaohao: z.string().nullable(),
  name: z.string().nullable(),
  className: z.string().nullable(),
  final: z.object({ score: z.number(), source: blockScoreSource }).nullable(),
  slots: z.array(
    z.object({
      taskId: z.number(),
      slot: z.number(),
      status: markTaskStatus,
      markerName: z.string().nullable(),
      score: z.number().nullable(),
    }),
  ),
  imageUrl: z.string().nullable(),
});
export type BlockPaperItem = z.infer<typeof blockPaperItem>;

/** abnormal: per block, its 问题卷 and how they were settled. */
export const abnormalBlock = z.object({
  blockId: z.number(),
  blockName: z.string(),
  open: z.number(),
  score: z.number(),
  back: z.number(),
  scan: z.number(),
});
export type AbnormalBlock = z.infer<typeof abnormalBlock>;
