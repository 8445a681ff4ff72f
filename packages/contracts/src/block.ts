import { z } from 'zod';
import { id, int, storedNumber, text } from './fields';
import { questionNo } from './question';

/** How two marks of a double-marked block become one (DESIGN.md §5). */
export const finalRule = z.enum(['mean', 'higher', 'lower']);
/** Beyond the error threshold: the block leader decides (2+1), or a third marker first (2+1+1). */
export const arbitration = z.enum(['leader', 'third']);
/** Distribution of papers among markers: free claim, an even split, or by class (setting/divide). */
export const assignMode = z.enum(['free', 'average', 'class']);

/** Where a block is cut from: a rectangle in template pixels on template page `page` (its index). */
export const blockRegion = z.object({
  page: int(0, 99),
  x: z.number().min(0).max(100_000),
  y: z.number().min(0).max(100_000),
  w: z.number().min(10, '区域太小').max(100_000),
  h: z.number().min(10, '区域太小').max(100_000),
});
export type BlockRegion = z.infer<typeof blockRegion>;

/** The smallest score a marker gives on a question (0.5 or 1 as in the structure; coarser for long answers). */
export const scoreStep = z.union([z.literal(0.5), z.literal(1), z.literal(2)]);
/** 给分点: one part of a question's answer with its score; a question's points add up to its full score. */
export const scorePoint = z.object({
  name: text().trim().min(1, '请填写给分点名称').max(30),
  score: z.number().positive('给分点分值应大于 0').max(1000),
});
export type ScorePoint = z.infer<typeof scorePoint>;
/** Marking settings of one question of a block: its step and its 给分点 (none: one score for the question). */
export const blockPoints = z.object({
  no: questionNo,
  step: scoreStep,
  points: z.array(scorePoint).max(20, '每题最多 20 个给分点').default([]),
});
export type BlockPoints = z.infer<typeof blockPoints>;

const blockFields = z.object({
  name: text().trim().min(1, '请填写题块名称').max(30),
  nos: z.array(questionNo).min(1, '题块至少包含一道主观题').max(200),
  markCount: z.union([z.literal(1), z.literal(2)]).default(1),
  /** allowed difference of two marks; required for double marking */
  threshold: z.number().min(0).max(1000).nullable().default(null),
  finalRule: finalRule.default('mean'),
  arbitration: arbitration.default('leader'),
  assignMode: assignMode.default('free'),
  /** papers per marker when claiming freely; null = no limit */
  quota: int(1, 1_000_000).nullable().default(null),
  /** template rectangles cut for marking, stacked in this order; empty: not chosen yet */
  regions: z.array(blockRegion).max(20, '每个题块最多 20 个区域').default([]),
  /** per question of the block; a question left out keeps its structure step and has no 给分点 */
  points: z.array(blockPoints).max(100).default([]),
});
function checkBlock(b: z.infer<typeof blockFields>, ctx: z.RefinementCtx): void {
  if (b.markCount === 2 && b.threshold === null)
    ctx.addIssue({ code: 'custom', path: ['threshold'], message: '双评须设置误差阈值' });
  if (new Set(b.nos).size !== b.nos.length)
    ctx.addIssue({ code: 'custom', path: ['nos'], message: '同一题块中题号重复' });
  const seen = new Set<string>();
  for (const [i, p] of b.points.entries()) {
    if (!b.nos.includes(p.no))
      ctx.addIssue({ code: 'custom', path: ['points', i, 'no'], message: `第 ${p.no} 题不在本题块中` });
    if (seen.has(p.no))
      ctx.addIssue({ code: 'custom', path: ['points', i, 'no'], message: `第 ${p.no} 题的给分点重复` });
    seen.add(p.no);
    if (new Set(p.points.map((x) => x.name)).size !== p.points.length)
      ctx.addIssue({
        code: 'custom',
        path: ['points', i, 'points'],
        message: `第 ${p.no} 题的给分点名称重复`,
      });
  }
}
export const blockInput = blockFields.superRefine(checkBlock);
export type BlockInput = z.infer<typeof blockInput>;
/** Saving the blocks of a subject: the whole list; an `id` keeps an existing block (marking refers to it). */
export const blocksSave = z.object({
  blocks: z.array(blockFields.extend({ id: id().optional() }).superRefine(checkBlock)).max(100),
});

/**
 * A saved block as answered: shape only (the input rules of `blockInput` — name length, thresholds, region
 * sizes, points adding up — are not asked of a block a school already stored).
 */
export const blockItem = z.object({
  id: z.number(),
  name: z.string(),
  nos: z.array(z.string()),
  markCount: storedNumber<1 | 2>(),
  threshold: z.number().nullable(),
  finalRule,
  arbitration,
  assignMode,
  quota: z.number().nullable(),
  regions: z.array(
    z.object({ page: z.number(), x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
  ),
  points: z.array(
    z.object({
      no: z.string(),
      step: storedNumber<z.infer<typeof scoreStep>>(),
      points: z.array(z.object({ name: z.string(), score: z.number() })),
    }),
  ),
  /** full score of the block: the sum of its questions */
  fullScore: z.number(),
  /** `regions` are not saved but proposed: the template's subjective boxes of the block's questions */
  regionsProposed: z.boolean(),
});
export type BlockItem = z.infer<typeof blockItem>;
/** GET/POST …/setting/block: the subject's blocks and the subjective questions in none yet. */
export const blockList = z.object({ blocks: z.array(blockItem), unassigned: z.array(z.string()) });
export type BlockList = z.infer<typeof blockList>;

/** Why a question's 给分点 or step do not fit its full score; null when they do (server and web alike). */
export function pointsProblem(p: BlockPoints, fullScore: number): string | null {
  const multiple = (v: number) => Math.abs(v / p.step - Math.round(v / p.step)) < 1e-9;
  if (!multiple(fullScore)) return `第 ${p.no} 题满分 ${fullScore} 分不是步长 ${p.step} 分的整数倍`;
  const bad = p.points.find((x) => !multiple(x.score));
  if (bad) return `第 ${p.no} 题给分点“${bad.name}”的 ${bad.score} 分不是步长 ${p.step} 分的整数倍`;
  if (!p.points.length) return null;
  const sum = Math.round(p.points.reduce((s, x) => s + x.score, 0) * 10) / 10;
  return sum === fullScore ? null : `给分点之和 ${sum} 分与第 ${p.no} 题满分 ${fullScore} 分不一致`;
}

/** Each block with its question counts, for the exam's block overview (exam/{examId}/setting/block). */
export const examBlockSubject = z.object({
  subjectId: z.number(),
  name: z.string(),
  status: z.number(),
  blocks: z.number(),
  /** blocks with regions chosen on the template */
  framed: z.number(),
  subjective: z.number(),
  unassigned: z.array(z.string()),
});
export type ExamBlockSubject = z.infer<typeof examBlockSubject>;

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
