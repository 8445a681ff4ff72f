import { z } from 'zod';
import { id, int, intParam, text } from './fields';
import { pageQuery } from './envelope';
import { questionNo } from './question';

// Marking (阅卷), DESIGN.md §5: the task pool, the marker's screen, 回评 and the leaders' queues.
// Paths live under /filter/api/marking/… (one family, resource-shaped; spec §7 names it without paths).

/** Slots of a paper in a block: first and second marks, the third mark of 2+1+1, a leader's arbitration. */
export const MarkSlot = { first: 1, second: 2, third: 3, arbitration: 9 } as const;

export const MarkTaskStatus = {
  pending: 'pending',
  leased: 'leased',
  submitted: 'submitted',
  problem: 'problem',
} as const;
export type MarkTaskStatusValue = (typeof MarkTaskStatus)[keyof typeof MarkTaskStatus];

/** How a final block score was decided. */
export const BlockScoreSource = {
  single: 'single',
  double: 'double',
  third: 'third',
  arbitration: 'arbitration',
  leader: 'leader',
  xianyue: 'xianyue',
} as const;
export type BlockScoreSourceValue = (typeof BlockScoreSource)[keyof typeof BlockScoreSource];

/** A lease lasts this long unless deferred; an expired lease returns the task to the pool (recycle). */
export const LEASE_MINUTES = 10;
/** 多评显示: papers shown side by side at most (spec §3 multi-mark display count). */
export const MULTI_MARK_MAX = 4;

/** The marking screen's kinds of work: ordinary marks, or a leader's arbitration / problem papers. */
export const markType = z.enum(['normal', 'arbitration', 'problem']);
export type MarkType = z.infer<typeof markType>;

const coord = z.number().min(0).max(1);
/** An annotation drawn on the cut image, in fractions of its width and height (stored as vectors). */
export const markAnnotation = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tick'), x: coord, y: coord }),
  z.object({ kind: z.literal('cross'), x: coord, y: coord }),
  z.object({ kind: z.literal('circle'), x: coord, y: coord, r: z.number().min(0).max(1) }),
  z.object({ kind: z.literal('text'), x: coord, y: coord, text: text().trim().min(1).max(50) }),
]);
export type MarkAnnotation = z.infer<typeof markAnnotation>;

export const problemReason = z.enum(['unclear', 'wrongCut', 'irregular', 'other']);
export type ProblemReason = z.infer<typeof problemReason>;
export const PROBLEM_REASON_LABELS: Record<ProblemReason, string> = {
  unclear: '图像不清',
  wrongCut: '切割错误',
  irregular: '答题不规范',
  other: '其他',
};
export const problemResolution = z.enum(['score', 'back', 'scan']);
export type ProblemResolution = z.infer<typeof problemResolution>;
export const PROBLEM_RESOLUTION_LABELS: Record<ProblemResolution, string> = {
  score: '题组长给分',
  back: '退回任务池',
  scan: '转扫描问题',
};
/** Stored on the task: who flagged it, why, and how a leader settled it. */
export interface MarkProblem {
  reason: ProblemReason;
  note: string;
  by: number;
  at: string;
  resolution?: ProblemResolution;
  resolvedBy?: number;
  resolvedAt?: string;
  /** the leader's note when settling it */
  resolveNote?: string;
  /** 转扫描问题: the scan exception made for the scanning staff */
  exceptionId?: number;
}

/** One question as the marker's 给分板 shows it. */
export interface MarkQuestion {
  no: string;
  fullScore: number;
  step: number;
  points: { name: string; score: number }[];
  /** the standard answer / marking standard (standardScore mode shows it beside the image) */
  answer: string;
}

/** A claimed task: what the marker sees. It never names the student, exam number or school. */
export interface MarkTask {
  taskId: number;
  leaseToken: string;
  leaseUntil: string;
  blockId: number;
  slot: number;
  /** the cut image of the block (JPEG), readable while the lease is held */
  imageUrl: string;
  /** arbitration / problem: the marks already given, with the markers' names (leaders only) */
  marks?: GivenMark[];
  problem?: MarkProblem;
}
export interface GivenMark {
  slot: number;
  markerName: string;
  score: number;
  questionScores: Record<string, number>;
  pointScores: Record<string, number[]> | null;
}

/** The block as the marking screen needs it once (questions, modes), and the marker's own counts. */
export interface MarkBlockInfo {
  blockId: number;
  blockName: string;
  subjectId: number;
  subjectName: string;
  examName: string;
  fullScore: number;
  markCount: 1 | 2;
  threshold: number | null;
  questions: MarkQuestion[];
  /** the signed-in user's part in the block */
  mine: { done: number; quota: number | null; leader: boolean };
  /** tasks still in the pool for this user (0: nothing left to claim now) */
  left: number;
}

export const markClaim = z.object({
  type: markType.default('normal'),
  count: int(1, MULTI_MARK_MAX).default(1),
});
export type MarkClaimInput = z.infer<typeof markClaim>;

const questionScore = z.object({
  no: questionNo,
  score: z.number().min(0, '分数不能为负').max(1000),
  /** the score of each 给分点, in the question's order (their sum is the question's score) */
  points: z.array(z.number().min(0).max(1000)).max(20).optional(),
});
export const markScores = z.array(questionScore).min(1, '请给分').max(200);

/** Submitting a mark; the task id and lease token are the idempotency key (a replay counts once). */
export const markSubmit = z.object({
  leaseToken: z.uuid('领取凭证无效'),
  scores: markScores,
  marks: z.array(markAnnotation).max(200).default([]),
  spentMs: int(0, 86_400_000).optional(),
  /** claim the next task in the same call (the screen preloads its image) */
  next: z.boolean().default(false),
});
export type MarkSubmitInput = z.infer<typeof markSubmit>;
export interface MarkSubmitResult {
  /** false when this submit was a replay of one already counted */
  counted: boolean;
  next: MarkTask | null;
  done: number;
}

export const markLease = z.object({ leaseToken: z.uuid('领取凭证无效') });
export const markProblemInput = z.object({
  leaseToken: z.uuid('领取凭证无效'),
  reason: problemReason,
  note: text().trim().max(200).default(''),
});

/** 回评: the marker's submitted tasks of a block, newest first. */
export const markHistoryQuery = pageQuery.extend({
  minScore: z.coerce.number().min(0).max(1000).optional(),
  maxScore: z.coerce.number().min(0).max(1000).optional(),
  /** ISO date-time bounds of the submit time */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export interface MarkHistoryItem {
  taskId: number;
  score: number;
  questionScores: Record<string, number>;
  pointScores: Record<string, number[]> | null;
  marks: MarkAnnotation[];
  submittedAt: string;
  version: number;
  imageUrl: string;
  /** false once the subject is done: 回评 only shows */
  editable: boolean;
}
export const markModify = z.object({
  version: int(0),
  scores: markScores,
  marks: z.array(markAnnotation).max(200).default([]),
});

/** review/task: every block the user marks or leads, across exams. */
export interface ReviewTaskItem {
  examId: number;
  examName: string;
  subjectId: number;
  subjectName: string;
  subjectStatus: number;
  blockId: number;
  blockName: string;
  role: 4 | 6;
  done: number;
  quota: number | null;
  /** tasks the user may still claim now */
  left: number;
  /** the block as a whole: final scores decided / papers */
  blockDone: number;
  blockTotal: number;
  /** leaders: arbitration and problem papers waiting */
  arbitration?: number;
  problems?: number;
  /** 相同答案归组: groups of alike answers waiting for a score (intelligentReview) */
  groups?: number;
}

/** Block progress for leaders and managers. */
export interface BlockProgress {
  blockId: number;
  blockName: string;
  papers: number;
  decided: number;
  tasks: { total: number; submitted: number; leased: number; pending: number; problem: number };
  arbitration: { waiting: number; done: number };
  markers: Array<{
    userId: number;
    name: string;
    done: number;
    quota: number | null;
    perHour: number;
    mean: number | null;
    /** papers the marker holds claimed now (收回 returns them to the pool) */
    leased?: number;
  }>;
}

export const problemResolve = z.object({
  resolution: problemResolution,
  /** required when the leader scores it */
  scores: markScores.optional(),
  note: text().trim().max(200).default(''),
});
export const problemListQuery = pageQuery.extend({ state: z.enum(['open', 'resolved']).default('open') });
export interface ProblemItem {
  taskId: number;
  slot: number;
  markerName: string;
  problem: MarkProblem;
  imageUrl: string;
}

export const recallInput = z.object({ userId: id() });
export const remarkInput = z.object({ taskIds: z.array(id()).min(1).max(500) });
export const blockIdParam = z.object({ blockId: intParam(1) });

// ---- Leaders (题组长): the block page, a marker's papers, a student's paper across blocks ----

/** The block as its leader page needs it: names, the 给分板 questions, and the leader's queues. */
export interface LeadBlockInfo {
  blockId: number;
  blockName: string;
  subjectId: number;
  subjectName: string;
  examId: number;
  examName: string;
  subjectStatus: number;
  fullScore: number;
  markCount: number;
  threshold: number | null;
  questions: MarkQuestion[];
  /** problem papers not yet settled, arbitration tasks not yet submitted */
  problems: number;
  arbitration: number;
}

/** A marker's submitted paper as the leader sees it (打回 picks from these). */
export interface LeadMarkerTask {
  taskId: number;
  paperId: number;
  slot: number;
  score: number;
  questionScores: Record<string, number>;
  submittedAt: string;
  imageUrl: string;
}

/** One slot of a paper in a block: who marked it and how. */
export interface PaperSlotMark {
  taskId: number;
  slot: number;
  status: MarkTaskStatusValue;
  markerName: string | null;
  score: number | null;
  questionScores: Record<string, number> | null;
  submittedAt: string | null;
}
export interface PaperBlockMarks {
  blockId: number;
  blockName: string;
  fullScore: number;
  /** the decided score of the block, null while undecided */
  final: { score: number; source: BlockScoreSourceValue; decidedBy: string | null; decidedAt: string } | null;
  slots: PaperSlotMark[];
  /** the block image of the paper, through one of its tasks (null: no task yet) */
  imageUrl: string | null;
}
/** A student's paper with every block's marks and markers (leaders and managers only). */
export interface PaperMarks {
  paperId: number;
  subjectId: number;
  name: string | null;
  kaohao: string | null;
  className: string | null;
  schoolName: string;
  blocks: PaperBlockMarks[];
}

/** A leader's problem paper, with the status the task is in now (resolved ones keep their problem). */
export interface LeadProblemItem extends ProblemItem {
  status: MarkTaskStatusValue;
  paperId: number;
  /** the scan exception made for a 转扫描问题, and whether the scanning staff settled it */
  scanException: { id: number; resolved: boolean } | null;
  /** a hidden paper of 质检 (标准卷 or the marker's own paper again): never a score, no scanning problem */
  hidden?: boolean;
}

export const markerTasksQuery = pageQuery;
export const leadMarkerParams = z.object({ blockId: intParam(1), userId: intParam(1) });
export const taskIdParam = z.object({ taskId: intParam(1) });
export const paperIdParam = z.object({ paperId: intParam(1) });
/** 阅卷问题卷 exceptions start their reason with this, so the scan screens tell them from recognition's. */
export const MARKING_PROBLEM_PREFIX = '阅卷问题卷：';

/** …/task/:taskId/defer answers the new end of the lease. */
export interface MarkDeferResult {
  leaseUntil: string;
}
/** …/task/:taskId/modify answers the task's new version and block score. */
export interface MarkModifyResult {
  version: number;
  score: number;
}
