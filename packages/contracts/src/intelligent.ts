import { z } from 'zod';
import { id, idParam, text } from './fields';
import { questionNo } from './question';
import { markScores } from './marking';

// 智能辅助 (issue 14, spec §2 setting/intelligent, /check, /intelligentReview) and 重新选题 (resetting/reselect).

/** A change of a block's assistance: either part on or off. */
export const intelligentSetting = z.object({
  blockId: id('题块编号无效'),
  blank: z.boolean(),
  grouping: z.boolean(),
});
export type IntelligentSettingInput = z.infer<typeof intelligentSetting>;

export const intelligentRunKind = z.enum(['blank', 'group'], '检测类型无效');
export type IntelligentRunKind = z.infer<typeof intelligentRunKind>;

/** Starts a detection over a block (a background job). */
export const intelligentRunInput = z.object({ blockId: id('题块编号无效'), kind: intelligentRunKind });

export const intelligentBlockQuery = z.object({ blockId: idParam('题块编号无效') });

/** The leader's confirmation on the check screen: every detected blank but those sent back is scored 0. */
export const intelligentConfirm = z.object({
  blockId: id('题块编号无效'),
  runId: id('检测编号无效'),
  /** the sample the leader looked at (at least one) */
  checked: z.array(id('答卷编号无效')).min(1, '请先查看抽样的答卷').max(200),
});

/** A detected or applied blank sent back to ordinary marking. */
export const intelligentReturn = z.object({
  blockId: id('题块编号无效'),
  paperId: id('答卷编号无效'),
  reason: text().trim().max(200).default(''),
});

/** Papers of a group shown (and so scored) at once; a larger group shows the rest once these are scored. */
export const GROUP_SHOWN = 60;

/**
 * A group scored at once: the same scores for the papers of it the marker was shown side by side (`paperIds`,
 * as the group's view listed them): only those still waiting in the group are scored, never one unseen.
 */
export const intelligentGroupScore = z.object({
  blockId: id('题块编号无效'),
  groupId: id('分组编号无效'),
  paperIds: z.array(id('答卷编号无效')).min(1, '请先查看本组答卷').max(GROUP_SHOWN),
  scores: markScores,
});

/** A paper taken out of its group (it is marked on its own). */
export const intelligentGroupSplit = z.object({
  blockId: id('题块编号无效'),
  groupId: id('分组编号无效'),
  paperId: id('答卷编号无效'),
});

// The answers (shape only: what is stored is answered as it is).

export const intelligentRunView = z.object({
  id: z.number(),
  kind: intelligentRunKind,
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number(),
  done: z.number(),
  found: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type IntelligentRunView = z.infer<typeof intelligentRunView>;

const blankCounts = { detected: z.number(), applied: z.number(), returned: z.number() };

export const intelligentBlockView = z.object({
  blockId: z.number(),
  name: z.string(),
  nos: z.array(z.string()),
  blank: z.boolean(),
  grouping: z.boolean(),
  blankRun: intelligentRunView.nullable(),
  groupRun: intelligentRunView.nullable(),
  /** blanks detected and not yet decided / scored 0 / sent back */
  blanks: z.object(blankCounts),
});
export type IntelligentBlockView = z.infer<typeof intelligentBlockView>;

export const intelligentSettingsView = z.object({
  subjectStatus: z.number(),
  blocks: z.array(intelligentBlockView),
});
export type IntelligentSettingsView = z.infer<typeof intelligentSettingsView>;

export const blankSampleItem = z.object({
  paperId: z.number(),
  ink: z.number(),
  state: z.enum(['measured', 'applied', 'returned']),
  /** the cut image of the paper's block (leaders' image route) */
  imageUrl: z.string(),
});
export type BlankSampleItem = z.infer<typeof blankSampleItem>;

export const intelligentCheckView = z.object({
  blockId: z.number(),
  blockName: z.string(),
  run: intelligentRunView.nullable(),
  blanks: z.object({ ...blankCounts, measured: z.number() }),
  /** up to 12 detected blanks, spread over the block (the leader looks at these before confirming) */
  sample: z.array(blankSampleItem),
  /** blanks scored 0 (newest first, up to 50): any may be sent back */
  applied: z.array(blankSampleItem),
});
export type IntelligentCheckView = z.infer<typeof intelligentCheckView>;

export const answerGroupView = z.object({
  id: z.number(),
  /** papers still in the group, waiting for a score (all of them listed in `papers` up to GROUP_SHOWN) */
  size: z.number(),
  papers: z.array(z.object({ paperId: z.number(), distance: z.number(), imageUrl: z.string() })),
});
export type AnswerGroupView = z.infer<typeof answerGroupView>;

export const intelligentReviewView = z.object({
  blockId: z.number(),
  blockName: z.string(),
  run: intelligentRunView.nullable(),
  questions: z.array(z.object({ no: z.string(), fullScore: z.number(), step: z.number() })),
  groups: z.array(answerGroupView),
});
export type IntelligentReviewView = z.infer<typeof intelligentReviewView>;

export const groupScoreResult = z.object({
  /** papers given the group's score (a mark of the signed-in marker each) */
  scored: z.number(),
  /** papers left to ordinary marking (someone holds or has marked them meanwhile) */
  skipped: z.number(),
});
export type GroupScoreResult = z.infer<typeof groupScoreResult>;

/** 重新选题: the block's new questions, and why (the confirmation shows the marks that will go). */
export const reselectInput = z.object({
  blockId: id('题块编号无效'),
  nos: z.array(questionNo).min(1, '题块至少包含一道主观题').max(200),
  reason: text().trim().min(1, '请填写重新选题的原因').max(200, '原因不能超过 200 字'),
});
export type ReselectInput = z.infer<typeof reselectInput>;

/**
 * A blank scored 0 by 智能判空 sent back to marking by one of the block's markers (intelligentReview/blank):
 * the reason is required, the leaders read it in the 动态日志.
 */
export const markerBlankReturn = z.object({
  blockId: id('题块编号无效'),
  paperId: id('答卷编号无效'),
  reason: text().trim().min(1, '请填写退回的原因').max(200, '原因不能超过 200 字'),
});
export type MarkerBlankReturnInput = z.infer<typeof markerBlankReturn>;

/** A blank scored 0 by 智能判空 as the block's markers see it: the cut, when it was confirmed. */
export const markerBlankItem = z.object({
  paperId: z.number(),
  imageUrl: z.string(),
  decidedAt: z.string().nullable(),
});

/** The confirmed blanks of a block for its markers (the newest first, up to `shown`). */
export const markerBlanksView = z.object({
  blockId: z.number(),
  blockName: z.string(),
  subjectStatus: z.number(),
  total: z.number(),
  items: z.array(markerBlankItem),
});
export type MarkerBlanksView = z.infer<typeof markerBlanksView>;
