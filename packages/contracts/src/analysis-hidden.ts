import { z } from 'zod';

/**
 * 分析隐藏设置 (spec §7 hidden-config for analysis), per exam: parts of the 学生成绩 list kept from readers who see
 * only some classes (a subject or homeroom teacher). The exam's managers and school administrators always see
 * all; students and parents see what the exam's 发布设置 allows.
 */
export const ANALYSIS_HIDE_KEYS = ['rank', 'points'] as const;
export type AnalysisHideKey = (typeof ANALYSIS_HIDE_KEYS)[number];

export const ANALYSIS_HIDE_LABELS: Record<AnalysisHideKey, string> = {
  rank: '学生名次（班级、学校、全体名次）',
  points: '等级与等级赋分',
};

export const analysisHiddenBody = z.object({ hidden: z.array(z.enum(ANALYSIS_HIDE_KEYS)).max(10) });
export type AnalysisHiddenBody = z.infer<typeof analysisHiddenBody>;

export const analysisHiddenView = z.object({
  hidden: z.array(z.enum(ANALYSIS_HIDE_KEYS)),
  /** whether the reader may change it (who may change the report settings) */
  mayEdit: z.boolean(),
});
export type AnalysisHiddenView = z.infer<typeof analysisHiddenView>;

/** A 学生成绩 row with the hidden parts blanked. */
export function withoutHidden<
  R extends {
    rankInClass: number | null;
    rankInSchool: number | null;
    rank: number | null;
    grade: string | null;
    points: number | null;
  },
>(row: R, hidden: ReadonlySet<AnalysisHideKey>): R {
  let out = row;
  if (hidden.has('rank')) out = { ...out, rankInClass: null, rankInSchool: null, rank: null };
  if (hidden.has('points')) out = { ...out, grade: null, points: null };
  return out;
}
