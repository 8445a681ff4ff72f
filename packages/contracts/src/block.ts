import { z } from 'zod';
import { questionNo } from './question';

/** How two marks of a double-marked block become one (DESIGN.md §5). */
export const finalRule = z.enum(['mean', 'higher', 'lower']);
/** Beyond the error threshold: the block leader decides (2+1), or a third marker first (2+1+1). */
export const arbitration = z.enum(['leader', 'third']);
/** Distribution of papers among markers: free claim, an even split, or by class (setting/divide). */
export const assignMode = z.enum(['free', 'average', 'class']);

const blockFields = z.object({
  name: z.string().trim().min(1, '请填写题块名称').max(30),
  nos: z.array(questionNo).min(1, '题块至少包含一道主观题'),
  markCount: z.union([z.literal(1), z.literal(2)]).default(1),
  /** allowed difference of two marks; required for double marking */
  threshold: z.number().min(0).nullable().default(null),
  finalRule: finalRule.default('mean'),
  arbitration: arbitration.default('leader'),
  assignMode: assignMode.default('free'),
  /** papers per marker when claiming freely; null = no limit */
  quota: z.number().int().min(1).nullable().default(null),
});
function checkBlock(b: z.infer<typeof blockFields>, ctx: z.RefinementCtx): void {
  if (b.markCount === 2 && b.threshold === null)
    ctx.addIssue({ code: 'custom', path: ['threshold'], message: '双评须设置误差阈值' });
  if (new Set(b.nos).size !== b.nos.length)
    ctx.addIssue({ code: 'custom', path: ['nos'], message: '同一题块中题号重复' });
}
export const blockInput = blockFields.superRefine(checkBlock);
export type BlockInput = z.infer<typeof blockInput>;
/** Saving the blocks of a subject: the whole list; an `id` keeps an existing block (marking refers to it). */
export const blocksSave = z.object({
  blocks: z
    .array(blockFields.extend({ id: z.number().int().positive().optional() }).superRefine(checkBlock))
    .max(100),
});

export interface BlockItem extends BlockInput {
  id: number;
  /** full score of the block: the sum of its questions */
  fullScore: number;
}

export const FINAL_RULE_LABELS: Record<z.infer<typeof finalRule>, string> = {
  mean: '取平均分',
  higher: '取高分',
  lower: '取低分',
};
export const ARBITRATION_LABELS: Record<z.infer<typeof arbitration>, string> = {
  leader: '题组长仲裁（2+1）',
  third: '三评后仲裁（2+1+1）',
};
export const ASSIGN_MODE_LABELS: Record<z.infer<typeof assignMode>, string> = {
  free: '自由领取',
  average: '平均分配',
  class: '按班级分配',
};
