import { z } from 'zod';
import { int, storedNumber, text } from './fields';

/** Objective question kinds (GLOSSARY: 单选 / 多选 / 判断), the same words the card template uses. */
export const objectiveKind = z.enum(['single', 'multi', 'trueFalse']);
export type ObjectiveKind = z.infer<typeof objectiveKind>;
export const QUESTION_KIND_LABELS: Record<ObjectiveKind | 'subjective', string> = {
  single: '单选',
  multi: '多选',
  trueFalse: '判断',
  subjective: '主观',
};

/** Scores are whole or half points. */
const score = z
  .number()
  .positive('分值须大于 0')
  .max(300)
  .refine((n) => Number.isInteger(n * 2), '分值须为 0.5 的倍数');
/** "13" or a sub-question "13(1)". */
export const questionNo = z.string().regex(/^\d{1,3}(\(\d{1,2}\))?$/, '题号应为数字，小题写作 13(1)');
const letters = (n: number) => 'ABCDEFGH'.slice(0, n);

/** 多选少选 rule (GLOSSARY 少选得分): a set score, or a share of the score by the options found. */
export const partialRule = z.enum(['fixed', 'share']);
export type PartialRule = z.infer<typeof partialRule>;
export const PARTIAL_RULE_LABELS: Record<PartialRule, string> = { fixed: '少选给定分', share: '按选对比例' };
/** 送分 (full marks to every examinee) or 取消此题 (the question counts for nobody). */
export const questionSpecial = z.enum(['gift', 'cancelled']);
export type QuestionSpecial = z.infer<typeof questionSpecial>;
export const QUESTION_SPECIAL_LABELS: Record<QuestionSpecial, string> = {
  gift: '送分',
  cancelled: '取消此题',
};

export const objectiveQuestion = z
  .object({
    no: questionNo,
    kind: objectiveKind,
    /** options A.. ; a true/false question has 2 (A = 对, B = 错) */
    options: int(2, 8),
    score,
    /** letters, e.g. "B" or for multi "ACD"; empty until the key is entered */
    answer: z
      .string()
      .regex(/^[A-H]*$/, '答案只能是 A-H 的字母')
      .default(''),
    /** multi-choice: a correct, non-empty subset earns this (少选得分) */
    partialScore: z.number().min(0).max(1000).nullable().default(null),
    /** 多选少选 rule: fixed = partialScore (absent: fixed); share = score × options found / key size */
    partialRule: partialRule.optional(),
    /** 送分 / 取消此题 and its reason: read-only here, set by the `special` save (a structure save keeps it) */
    special: questionSpecial.nullable().optional(),
    specialReason: z.string().nullable().optional(),
    /** A/B papers: this question's key and number on the B paper */
    answerB: z
      .string()
      .regex(/^[A-H]*$/)
      .default(''),
    bNo: questionNo.nullable().default(null),
    /**
     * A/B papers: the A letter of each B-paper option in order ("CDAB": the B paper's A is the A paper's C);
     * null or absent: the same letters. Set by the AB卷 save (a structure save keeps it while the option
     * count stays).
     */
    bOptions: z
      .string()
      .regex(/^[A-H]*$/)
      .nullable()
      .optional(),
  })
  .superRefine((q, ctx) => {
    const allowed = letters(q.options);
    for (const [field, value] of [
      ['answer', q.answer],
      ['answerB', q.answerB],
    ] as const) {
      if ([...value].some((c) => !allowed.includes(c)))
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `第 ${q.no} 题答案超出选项 ${allowed[0]}-${allowed.at(-1)}`,
        });
      if (q.kind !== 'multi' && value.length > 1)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `第 ${q.no} 题是${QUESTION_KIND_LABELS[q.kind]}题，只能有一个答案`,
        });
    }
    if (q.kind === 'trueFalse' && q.options !== 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: `第 ${q.no} 题是判断题，选项应为 2 个` });
    if (q.partialRule === 'share' && q.kind !== 'multi')
      ctx.addIssue({
        code: 'custom',
        path: ['partialRule'],
        message: `第 ${q.no} 题：按选对比例给分只用于多选题`,
      });
    if (q.partialScore !== null && (q.kind !== 'multi' || q.partialScore >= q.score)) {
      ctx.addIssue({
        code: 'custom',
        path: ['partialScore'],
        message: `第 ${q.no} 题：少选得分只用于多选题，且须小于该题分值`,
      });
    }
  });
export type ObjectiveQuestion = z.infer<typeof objectiveQuestion>;

export const subjectiveQuestion = z.object({
  no: questionNo,
  score,
  /** the smallest score a marker can give: 1 or 0.5 */
  step: z.union([z.literal(1), z.literal(0.5)]).default(1),
  bNo: questionNo.nullable().default(null),
  /**
   * 评分标准: the answer and marking standard markers see beside the paper (originPicAndAnswer, standardScore).
   * Read with the structure; changed only by `standardSave` (the structure save keeps it).
   */
  answer: text().max(2000).optional(),
});
export type SubjectiveQuestion = z.infer<typeof subjectiveQuestion>;

/** 选做题: the student answers `pick` of the group's questions. */
export const optionalGroup = z.object({
  name: text().trim().min(1).max(20),
  pick: int(1, 20),
  nos: z.array(questionNo).min(2, '选做题组至少包含两道题').max(20),
});
export type OptionalQuestionGroup = z.infer<typeof optionalGroup>;

const uniqueNos = <T extends { no: string }>(list: T[]) =>
  new Set(list.map((q) => q.no)).size === list.length;
export const objectiveSave = z.object({
  questions: z.array(objectiveQuestion).max(300).refine(uniqueNos, '题号不能重复'),
});
export const subjectiveSave = z.object({
  questions: z.array(subjectiveQuestion).max(200).refine(uniqueNos, '题号不能重复'),
});
export const optionalSave = z.object({ groups: z.array(optionalGroup).max(20) });
/**
 * The AB卷 tab (spec /abrelation): whether the subject has A/B papers, and optionally the B-paper number of
 * each objective question (subjective B numbers are saved with the subjective questions).
 */
export const abSave = z.object({
  abEnabled: z.boolean(),
  objective: z
    .array(
      z.object({
        no: questionNo,
        bNo: questionNo.nullable(),
        /** the B-paper option mapping (see objectiveQuestion); absent: kept as it is */
        bOptions: z
          .string()
          .regex(/^[A-H]{2,8}$/, 'B 卷选项对应只能是 A-H 的字母')
          .nullable()
          .optional(),
      }),
    )
    .max(300)
    .optional(),
});
export type AbSave = z.infer<typeof abSave>;
/** Answer keys may change after setting (they re-score); the structure may not. */
export const answerSave = z.object({
  answers: z
    .array(
      z.object({
        no: questionNo,
        answer: z.string().regex(/^[A-H]*$/, '答案只能是 A-H 的字母'),
        answerB: z
          .string()
          .regex(/^[A-H]*$/)
          .optional(),
        partialScore: z.number().min(0).max(1000).nullable().optional(),
        partialRule: partialRule.optional(),
      }),
    )
    .max(300),
});

/**
 * 评分标准 of subjective questions (the `standard` save): like answer keys, they may change until the subject
 * is published — a leader refines the standard while marking goes on.
 */
export const standardSave = z.object({
  standards: z
    .array(z.object({ no: questionNo, answer: text().trim().max(2000, '评分标准最多 2000 字') }))
    .max(200)
    .refine(uniqueNos, '题号不能重复'),
});
export type StandardSave = z.infer<typeof standardSave>;

/**
 * 送分 / 取消此题 (the `special` save): one objective question given full marks to all, cancelled, or set back
 * (null), with the reason the audit trail keeps. A key change: it re-scores the subject.
 */
export const specialSave = z.object({
  no: questionNo,
  special: questionSpecial.nullable(),
  reason: text().trim().min(2, '请填写原因（至少 2 个字）').max(200),
});
export type SpecialSave = z.infer<typeof specialSave>;

export interface Structure {
  objective: ObjectiveQuestion[];
  subjective: SubjectiveQuestion[];
  optionalGroups: OptionalQuestionGroup[];
  abEnabled: boolean;
}

export interface StructureTotals {
  objective: number;
  subjective: number;
  total: number;
  fullScore: number;
}

/**
 * The structure as answered: shape only. The save schemas above carry input rules (score steps, key letters
 * within the options, unique numbers …) that a structure a school already stored may not meet; an answer
 * reads it back as it is.
 */
export const structureAnswer = z.object({
  objective: z.array(
    z.object({
      no: z.string(),
      kind: objectiveKind,
      options: z.number(),
      score: z.number(),
      answer: z.string(),
      partialScore: z.number().nullable(),
      partialRule: partialRule.optional(),
      special: questionSpecial.nullable().optional(),
      specialReason: z.string().nullable().optional(),
      answerB: z.string(),
      bNo: z.string().nullable(),
      bOptions: z.string().nullable().optional(),
    }),
  ),
  subjective: z.array(
    z.object({
      no: z.string(),
      score: z.number(),
      step: storedNumber<1 | 0.5>(),
      bNo: z.string().nullable(),
      /** 评分标准 */
      answer: z.string().optional(),
    }),
  ),
  optionalGroups: z.array(z.object({ name: z.string(), pick: z.number(), nos: z.array(z.string()) })),
  abEnabled: z.boolean(),
});

/** GET …/setting/questions/info, and the answer of each structure save. */
export const structureInfo = z.object({
  subjectId: z.number(),
  status: z.number(),
  /** structure edits are allowed (subject in 设置中) */
  editable: z.boolean(),
  fullScore: z.number(),
  structure: structureAnswer,
  totals: z.object({
    objective: z.number(),
    subjective: z.number(),
    total: z.number(),
    fullScore: z.number(),
  }),
});
export type StructureInfo = z.infer<typeof structureInfo>;

/** What the counted score of a structure reads of it: each question's number and score, and the 选做 groups. */
export interface CountedStructure {
  objective: ReadonlyArray<{ no: string; score: number }>;
  subjective: ReadonlyArray<{ no: string; score: number }>;
  optionalGroups: ReadonlyArray<{ nos: readonly string[]; pick: number }>;
}

/**
 * By how many points the counted score of a structure misses the full marks (0: they agree). Every 四率 line
 * and 得分率 is a share of the full marks, so a structure that does not add up makes them all wrong.
 */
export function structureGap(s: CountedStructure, fullScore: number): number {
  const gap = Math.abs(fullScore - structureTotals(s, fullScore).total);
  // scores are kept to one decimal: a float sum of halves is not off by a rounding residue
  return Math.round(gap * 10) / 10;
}

/**
 * Counted score of a structure: objective and subjective sums, where an optional group counts only `pick`
 * of its questions (the largest ones, so a mismatch in the group shows up as a difference).
 */
export function structureTotals(s: CountedStructure, fullScore: number): StructureTotals {
  const inGroup = new Set(s.optionalGroups.flatMap((g) => g.nos));
  const all = [
    ...s.objective.map((q) => ({ no: q.no, score: q.score, objective: true })),
    ...s.subjective.map((q) => ({ no: q.no, score: q.score, objective: false })),
  ];
  let objective = 0;
  let subjective = 0;
  for (const q of all) {
    if (inGroup.has(q.no)) continue;
    if (q.objective) objective += q.score;
    else subjective += q.score;
  }
  for (const g of s.optionalGroups) {
    const members = all
      .filter((q) => g.nos.includes(q.no))
      .sort((a, b) => b.score - a.score)
      .slice(0, g.pick);
    for (const q of members) {
      if (q.objective) objective += q.score;
      else subjective += q.score;
    }
  }
  return { objective, subjective, total: objective + subjective, fullScore };
}

/** Problems that stop a structure from being used: totals, missing keys, groups, A/B. Empty when ready. */
export function structureProblems(s: Structure, fullScore: number): string[] {
  const out: string[] = [];
  const t = structureTotals(s, fullScore);
  if (s.objective.length + s.subjective.length === 0) out.push('还没有录入任何题目');
  if (t.total !== fullScore)
    out.push(
      `题目总分 ${t.total} 分（客观 ${t.objective} + 主观 ${t.subjective}）与科目满分 ${fullScore} 分不一致，相差 ${Math.abs(fullScore - t.total)} 分`,
    );
  const noKey = s.objective.filter((q) => !q.answer).map((q) => q.no);
  if (noKey.length)
    out.push(`客观题 ${noKey.slice(0, 10).join('、')}${noKey.length > 10 ? ' 等' : ''} 尚未设置答案`);
  const nos = new Set([...s.objective, ...s.subjective].map((q) => q.no));
  const dupAcross = s.objective.filter((q) => s.subjective.some((x) => x.no === q.no)).map((q) => q.no);
  if (dupAcross.length) out.push(`题号 ${dupAcross.join('、')} 同时出现在客观题和主观题中`);
  for (const g of s.optionalGroups) {
    const missing = g.nos.filter((n) => !nos.has(n));
    if (missing.length) out.push(`选做题组“${g.name}”中的题号 ${missing.join('、')} 不存在`);
    if (g.pick >= g.nos.length)
      out.push(`选做题组“${g.name}”应从 ${g.nos.length} 题中选做少于 ${g.nos.length} 题`);
  }
  if (s.abEnabled) {
    const noB = s.objective.filter((q) => !q.answerB).map((q) => q.no);
    if (noB.length)
      out.push(
        `已启用 AB 卷，客观题 ${noB.slice(0, 10).join('、')}${noB.length > 10 ? ' 等' : ''} 尚未设置 B 卷答案`,
      );
  }
  return out;
}

/**
 * What is wrong with the A/B question mapping: a B number that is no question of the same part (objective
 * numbers map to objective questions, subjective to subjective), one used by two questions, an objective
 * question mapped to one with another kind or option count (its bubbles would read differently), or a B-paper
 * option mapping that is not each of the question's letters once.
 */
export function abMappingProblems(s: Structure): string[] {
  const out: string[] = [];
  const part = <T extends { no: string; bNo: string | null }>(
    label: string,
    list: T[],
    same?: (a: T, b: T) => boolean,
  ) => {
    const byNo = new Map(list.map((q) => [q.no, q]));
    const users = new Map<string, string[]>();
    for (const q of list) {
      if (q.bNo === null) continue;
      users.set(q.bNo, [...(users.get(q.bNo) ?? []), q.no]);
      const target = byNo.get(q.bNo);
      if (!target) out.push(`${label}第 ${q.no} 题的 B 卷题号 ${q.bNo} 不是${label}题号`);
      else if (same && !same(q, target))
        out.push(`${label}第 ${q.no} 题与 B 卷第 ${q.bNo} 题的题型或选项数不同`);
    }
    for (const [bNo, nos] of users)
      if (nos.length > 1) out.push(`B 卷题号 ${bNo} 被${label}第 ${nos.join('、')} 题重复使用`);
  };
  part('客观题', s.objective, (a, b) => a.kind === b.kind && a.options === b.options);
  part('主观题', s.subjective);
  for (const q of s.objective) {
    if (!q.bOptions) continue;
    const letters = 'ABCDEFGH'.slice(0, q.options);
    if ([...q.bOptions].sort().join('') !== letters)
      out.push(`客观题第 ${q.no} 题的 B 卷选项对应应是 ${letters} 各用一次的一种排列`);
  }
  return out;
}
