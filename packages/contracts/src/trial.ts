import { z } from 'zod';
import { id, idParam, int, text } from './fields';
import { markScores, type MarkQuestion } from './marking';

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
export interface TrialBlock {
  blockId: number;
  name: string;
  /** trial papers chosen */
  papers: number;
  /** markers of the block (role 4) */
  markers: number;
  /** trial marks submitted so far */
  marked: number;
  /** papers with a leader's reference score */
  referenced: number;
}
export interface TrialOverview {
  subjectId: number;
  status: number;
  /** recognised papers of the subject to choose from */
  paperCount: number;
  blocks: TrialBlock[];
}
/** A paper the manager may pick (the manager sees exam numbers; markers never do). */
export interface TrialCandidate {
  paperId: number;
  kaohao: string;
  name: string;
  chosen: boolean;
}
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

export interface TrialReference {
  score: number;
  questionScores: Record<string, number>;
  pointScores: Record<string, number[]> | null;
  comment: string;
}
/** One marker's trial mark of a paper, with its deviation from the reference (mark − reference). */
export interface TrialMarkItem {
  userId: number;
  markerName: string;
  score: number;
  questionScores: Record<string, number>;
  /** null until the leader gives a reference score */
  deviation: number | null;
}
export interface TrialLeadPaper {
  trialPaperId: number;
  /** 1, 2 … in the block: markers and leaders never see the student */
  seq: number;
  imageUrl: string;
  reference: TrialReference | null;
  /** kept as a 样卷 (shown to markers) */
  sample: boolean;
  /** kept as a 标准卷 (mixed into markers' streams in real marking) */
  standard: boolean;
  marks: TrialMarkItem[];
}
/** A marker's overall deviation over the papers with a reference. */
export interface TrialMarkerDeviation {
  userId: number;
  markerName: string;
  marked: number;
  /** papers marked that have a reference */
  compared: number;
  /** mean of (mark − reference): above 0 the marker gives more */
  meanDeviation: number | null;
  /** mean of |mark − reference| */
  meanAbsDeviation: number | null;
}
export interface TrialLeadView {
  blockId: number;
  blockName: string;
  subjectStatus: number;
  fullScore: number;
  questions: MarkQuestion[];
  papers: TrialLeadPaper[];
  markers: TrialMarkerDeviation[];
  /** the user may give references and keep samples (subject in trial or marking) */
  canEdit: boolean;
  /** 质检: one 标准卷 after every n real marks of a marker; null: off */
  standardEvery: number | null;
  /** 标准卷 kept in the block (they outlive a rollback of the trial) */
  standardCount: number;
}

/** 质检 rate of a block: one 标准卷 after every `every` real marks of a marker (0: off). */
export const STANDARD_EVERY_MAX = 1000;
export const standardRateInput = z.object({ every: int(0, STANDARD_EVERY_MAX) });
/** One marker's mark of a 标准卷 (the quality statistics read these): never part of any score. */
export interface StandardMarkItem {
  userId: number;
  markerName: string;
  samplePaperId: number;
  score: number;
  questionScores: Record<string, number>;
  /** the reference when the paper was handed out */
  refScore: number;
  /** score − refScore */
  deviation: number;
  submittedAt: string;
}

/** A 样卷 as markers see it beside the marking standard. */
export interface SamplePaper {
  sampleId: number;
  imageUrl: string;
  score: number;
  questionScores: Record<string, number>;
  pointScores: Record<string, number[]> | null;
  comment: string;
}
