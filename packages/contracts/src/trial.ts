import { z } from 'zod';
import { id, idParam, int, text } from './fields';
import { markQuestion, markScores, pointScoresShape, questionScoresShape } from './marking';

// 试评 (DESIGN.md §3, §5): the manager picks trial papers per block, markers mark every one of them apart from
// real marking, the leader gives a reference score and compares; a paper with a reference may be kept as a
// 样卷 shown to markers beside the marking standard.

/** Trial papers of a block at most (every marker marks every one of them). */
export const TRIAL_PAPERS_MAX = 200;

/** The manager's choice of a block's trial papers: a random count, or picked papers. It replaces the last one. */
export const trialPapersInput = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('random'), count: int(1, TRIAL_PAPERS_MAX) }),
  z.object({
    mode: z.literal('pick'),
    paperIds: z
      .array(id())
      .min(1, '请选择试卷')
      .max(TRIAL_PAPERS_MAX, `每个题块最多 ${TRIAL_PAPERS_MAX} 份试评试卷`),
  }),
]);
export type TrialPapersInput = z.infer<typeof trialPapersInput>;

export const trialBlockParams = z.object({ id: idParam(), blockId: idParam() });
export const trialPaperParam = z.object({ trialPaperId: idParam() });
export const sampleParam = z.object({ sampleId: idParam() });

/** One block of the manager's trial page. */
export const trialBlock = z.object({
  blockId: z.number(),
  name: z.string(),
  /** trial papers chosen */
  papers: z.number(),
  /** markers of the block (role 4) */
  markers: z.number(),
  /** trial marks submitted so far */
  marked: z.number(),
  /** papers with a leader's reference score */
  referenced: z.number(),
});
export type TrialBlock = z.infer<typeof trialBlock>;
export const trialOverview = z.object({
  subjectId: z.number(),
  status: z.number(),
  /** recognised papers of the subject to choose from */
  paperCount: z.number(),
  blocks: z.array(trialBlock),
});
export type TrialOverview = z.infer<typeof trialOverview>;
/** A paper the manager may pick (the manager sees exam numbers; markers never do). */
export const trialCandidate = z.object({
  paperId: z.number(),
  kaohao: z.string(),
  name: z.string(),
  chosen: z.boolean(),
});
export type TrialCandidate = z.infer<typeof trialCandidate>;
export const trialCandidateQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  keyword: text().trim().max(50).optional(),
});

/** The leader's reference score of a trial paper (per question, with 给分点) and comment. */
export const trialReferenceInput = z.object({
  scores: markScores,
  comment: text().trim().max(500).default(''),
});
export type TrialReferenceInput = z.infer<typeof trialReferenceInput>;
/** keep the paper as a 样卷 (shown to markers) or a 标准卷 (hidden in their streams), or stop keeping it */
export const sampleKind = z.enum(['sample', 'standard']);
export type SampleKind = z.infer<typeof sampleKind>;
export const trialSampleInput = z.object({ keep: z.boolean(), kind: sampleKind.default('sample') });

export const trialReference = z.object({
  score: z.number(),
  questionScores: questionScoresShape,
  pointScores: pointScoresShape,
  comment: z.string(),
});
export type TrialReference = z.infer<typeof trialReference>;
/** One marker's trial mark of a paper, with its deviation from the reference (mark − reference). */
export const trialMarkItem = z.object({
  userId: z.number(),
  markerName: z.string(),
  score: z.number(),
  questionScores: questionScoresShape,
  /** null until the leader gives a reference score */
  deviation: z.number().nullable(),
});
export type TrialMarkItem = z.infer<typeof trialMarkItem>;
export const trialLeadPaper = z.object({
  trialPaperId: z.number(),
  /** 1, 2 … in the block: markers and leaders never see the student */
  seq: z.number(),
  imageUrl: z.string(),
  reference: trialReference.nullable(),
  /** kept as a 样卷 (shown to markers) */
  sample: z.boolean(),
  /** kept as a 标准卷 (mixed into markers' streams in real marking) */
  standard: z.boolean(),
  marks: z.array(trialMarkItem),
});
export type TrialLeadPaper = z.infer<typeof trialLeadPaper>;
/** A marker's overall deviation over the papers with a reference. */
export const trialMarkerDeviation = z.object({
  userId: z.number(),
  markerName: z.string(),
  marked: z.number(),
  /** papers marked that have a reference */
  compared: z.number(),
  /** mean of (mark − reference): above 0 the marker gives more */
  meanDeviation: z.number().nullable(),
  /** mean of |mark − reference| */
  meanAbsDeviation: z.number().nullable(),
});
export type TrialMarkerDeviation = z.infer<typeof trialMarkerDeviation>;
export const trialLeadView = z.object({
  blockId: z.number(),
  blockName: z.string(),
  subjectStatus: z.number(),
  fullScore: z.number(),
  questions: z.array(markQuestion),
  papers: z.array(trialLeadPaper),
  markers: z.array(trialMarkerDeviation),
  /** the user may give references and keep samples (subject in trial or marking) */
  canEdit: z.boolean(),
  /** 质检: one 标准卷 after every n real marks of a marker; null: off */
  standardEvery: z.number().nullable(),
  /** 标准卷 kept in the block (they outlive a rollback of the trial) */
  standardCount: z.number(),
});
export type TrialLeadView = z.infer<typeof trialLeadView>;

/** 质检 rate of a block: one 标准卷 after every `every` real marks of a marker (0: off). */
export const STANDARD_EVERY_MAX = 1000;
export const standardRateInput = z.object({ every: int(0, STANDARD_EVERY_MAX) });
/** One marker's mark of a 标准卷 (the quality statistics read these): never part of any score. */
export const standardMarkItem = z.object({
  userId: z.number(),
  markerName: z.string(),
  samplePaperId: z.number(),
  score: z.number(),
  questionScores: questionScoresShape,
  /** the reference when the paper was handed out */
  refScore: z.number(),
  /** score − refScore */
  deviation: z.number(),
  submittedAt: z.string(),
});
export type StandardMarkItem = z.infer<typeof standardMarkItem>;

/** A 样卷 as markers see it beside the marking standard. */
export const samplePaper = z.object({
  sampleId: z.number(),
  imageUrl: z.string(),
  score: z.number(),
  questionScores: questionScoresShape,
  pointScores: pointScoresShape,
  comment: z.string(),
});
export type SamplePaper = z.infer<typeof samplePaper>;
