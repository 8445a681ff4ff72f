import { z } from 'zod';
import { id, idParam, text } from './fields';

// 重置阅卷 (spec §2 subject/{subjectId}/{step}/resetting): a block's marks, or one marker's, discarded after
// marking started. The marks stay in the change history; the papers go back to the pool.

export const resetPreviewQuery = z.object({
  blockId: idParam('题块编号无效'),
  /** one marker's marks only; left out: every mark of the block */
  userId: idParam('阅卷老师编号无效').optional(),
});

export const resetInput = z.object({
  blockId: id('题块编号无效'),
  userId: id('阅卷老师编号无效').optional(),
  reason: text().trim().min(1, '请填写重置原因').max(200, '重置原因不能超过 200 字'),
});
export type ResetInput = z.infer<typeof resetInput>;

/** What a reset discards (the confirmation shows it; the reset answers what it did). */
export const resetCounts = z.object({
  /** submitted marks (first, second and third marks) discarded */
  marks: z.number(),
  /** final block scores removed */
  scores: z.number(),
  /** arbitration tasks removed (given or waiting) */
  arbitrations: z.number(),
  /** open problem papers (问题卷) returned to the pool */
  problems: z.number(),
  /** papers to be marked again */
  papers: z.number(),
  /**
   * of those, blanks a leader confirmed (智能判空, scored 0 without a marker): marked again like the others — a
   * reset of one marker never has any
   */
  blanks: z.number(),
});
export type ResetCounts = z.infer<typeof resetCounts>;

/** 重新选题's preview: what goes (as a reset of the block), the block's questions now and the free ones. */
export const reselectPreview = resetCounts.extend({
  /** the block's questions now */
  nos: z.array(z.string()),
  /** subjective questions of the subject in no block (they may join this one) */
  free: z.array(z.string()),
});
export type ReselectPreview = z.infer<typeof reselectPreview>;
/** 重新选题's answer: what went, the block's new questions and those now in no block (nobody marks them). */
export const reselectResult = resetCounts.extend({
  nos: z.array(z.string()),
  unassigned: z.array(z.string()),
});
export type ReselectResult = z.infer<typeof reselectResult>;
