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

/** A group scored at once: the same scores for every paper still in it. */
export const intelligentGroupScore = z.object({
  blockId: id('题块编号无效'),
  groupId: id('分组编号无效'),
  scores: markScores,
});

/** A paper taken out of its group (it is marked on its own). */
export const intelligentGroupSplit = z.object({
  blockId: id('题块编号无效'),
  groupId: id('分组编号无效'),
  paperId: id('答卷编号无效'),
});

export interface IntelligentRunView {
  id: number;
  kind: IntelligentRunKind;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  found: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface IntelligentBlockView {
  blockId: number;
  name: string;
  nos: string[];
  blank: boolean;
  grouping: boolean;
  blankRun: IntelligentRunView | null;
  groupRun: IntelligentRunView | null;
  /** blanks detected and not yet decided / scored 0 / sent back */
  blanks: { detected: number; applied: number; returned: number };
}

export interface IntelligentSettingsView {
  subjectStatus: number;
  blocks: IntelligentBlockView[];
}

export interface BlankSampleItem {
  paperId: number;
  ink: number;
  state: 'measured' | 'applied' | 'returned';
  /** the cut image of the paper's block (leaders' image route) */
  imageUrl: string;
}

export interface IntelligentCheckView {
  blockId: number;
  blockName: string;
  run: IntelligentRunView | null;
  blanks: { detected: number; applied: number; returned: number; measured: number };
  /** up to 12 detected blanks, spread over the block (the leader looks at these before confirming) */
  sample: BlankSampleItem[];
  /** blanks scored 0 (newest first, up to 50): any may be sent back */
  applied: BlankSampleItem[];
}

export interface AnswerGroupView {
  id: number;
  /** papers still in the group, waiting for a score */
  size: number;
  papers: Array<{ paperId: number; distance: number; imageUrl: string }>;
}

export interface IntelligentReviewView {
  blockId: number;
  blockName: string;
  run: IntelligentRunView | null;
  questions: Array<{ no: string; fullScore: number; step: number }>;
  groups: AnswerGroupView[];
}

export interface GroupScoreResult {
  /** papers given the group's score (a mark of the signed-in marker each) */
  scored: number;
  /** papers left to ordinary marking (someone holds or has marked them meanwhile) */
  skipped: number;
}

/** 重新选题: the block's new questions, and why (the confirmation shows the marks that will go). */
export const reselectInput = z.object({
  blockId: id('题块编号无效'),
  nos: z.array(questionNo).min(1, '题块至少包含一道主观题').max(200),
  reason: text().trim().min(1, '请填写重新选题的原因').max(200, '原因不能超过 200 字'),
});
export type ReselectInput = z.infer<typeof reselectInput>;
