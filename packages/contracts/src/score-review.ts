import { z } from 'zod';

/**
 * What a school looks over before publishing (issue 31), beside 成绩核查's blockers: lists of examinees whose
 * scores are worth a second look, none of them stopping the publishing.
 */
export const SCORE_REVIEW_KINDS = [
  'zero',
  'full',
  'objectiveBlank',
  'absentWithSheet',
  'totalMismatch',
] as const;
export const scoreReviewKind = z.enum(SCORE_REVIEW_KINDS);
export type ScoreReviewKind = z.infer<typeof scoreReviewKind>;

/** Each list's title and what to look for, in the order the screen shows them. */
export const SCORE_REVIEW_LABELS: Record<ScoreReviewKind, { label: string; hint: string }> = {
  zero: { label: '0 分考生', hint: '总分为 0：看答题卡是否扫错、是否空白或应登记缺考。' },
  full: { label: '满分考生', hint: '总分为满分：核对答案和给分是否有误。' },
  objectiveBlank: {
    label: '客观题全部未作答',
    hint: '每道客观题都没有识别到填涂：多为填涂太浅、用笔不对或答题卡放反。',
  },
  absentWithSheet: {
    label: '登记缺考但有答题卡',
    hint: '已登记缺考，却扫描到了这名考生的答题卡：核对后取消缺考或删除答题卡。',
  },
  totalMismatch: {
    label: '总分与各题得分之和不符',
    hint: '总分不等于各题得分相加：请重新计算成绩，仍不符时核对调整记录。',
  },
};

export const scoreReviewItem = z.object({
  examineeId: z.number(),
  kaohao: z.string(),
  name: z.string(),
  className: z.string().nullable(),
  total: z.number().nullable(),
  /** the examinee's sheet (null: none scanned), so the list links to it */
  paperId: z.number().nullable(),
});
export type ScoreReviewItem = z.infer<typeof scoreReviewItem>;

/** One list: how many in all, and the first of them (by 考号). */
export const scoreReviewList = z.object({
  kind: scoreReviewKind,
  count: z.number(),
  items: z.array(scoreReviewItem),
});
export type ScoreReviewList = z.infer<typeof scoreReviewList>;

/** The most examinees a list carries; its count says how many there are. */
export const SCORE_REVIEW_SHOWN = 100;
