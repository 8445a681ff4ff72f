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
// Answers are described by shape only (types, no input bounds): what a school already stored is answered as it
// is, never refused (the route contracts of routes/marking.ts check answers with these).

/** Scores per question no, and the 给分点 scores per question (stored jsonb). */
export const questionScoresShape = z.record(z.string(), z.number());
export const pointScoresShape = z.record(z.string(), z.array(z.number())).nullable();

/** Stored on the task: who flagged it, why, and how a leader settled it. */
export const markProblem = z.object({
  reason: problemReason,
  note: z.string(),
  by: z.number(),
  at: z.string(),
  resolution: problemResolution.optional(),
  resolvedBy: z.number().optional(),
  resolvedAt: z.string().optional(),
  /** the leader's note when settling it */
  resolveNote: z.string().optional(),
  /** 转扫描问题: the scan exception made for the scanning staff */
  exceptionId: z.number().optional(),
});
export type MarkProblem = z.infer<typeof markProblem>;

/** One question as the marker's 给分板 shows it. */
export const markQuestion = z.object({
  no: z.string(),
  fullScore: z.number(),
  step: z.number(),
  points: z.array(z.object({ name: z.string(), score: z.number() })),
  /** the standard answer / marking standard (standardScore mode shows it beside the image) */
  answer: z.string(),
});
export type MarkQuestion = z.infer<typeof markQuestion>;

export const givenMark = z.object({
  slot: z.number(),
  markerName: z.string(),
  score: z.number(),
  questionScores: questionScoresShape,
  pointScores: pointScoresShape,
});
export type GivenMark = z.infer<typeof givenMark>;

/** A claimed task: what the marker sees. It never names the student, exam number or school. */
export const markTask = z.object({
  taskId: z.number(),
  leaseToken: z.string(),
  leaseUntil: z.string(),
  blockId: z.number(),
  slot: z.number(),
  /** the cut image of the block (JPEG), readable while the lease is held */
  imageUrl: z.string(),
  /** arbitration / problem: the marks already given, with the markers' names (leaders only) */
  marks: z.array(givenMark).optional(),
  problem: markProblem.optional(),
});
export type MarkTask = z.infer<typeof markTask>;

/** The block as the marking screen needs it once (questions, modes), and the marker's own counts. */
export const markBlockInfo = z.object({
  blockId: z.number(),
  blockName: z.string(),
  subjectId: z.number(),
  subjectName: z.string(),
  examName: z.string(),
  fullScore: z.number(),
  markCount: z.literal([1, 2]),
  threshold: z.number().nullable(),
  questions: z.array(markQuestion),
  /** the signed-in user's part in the block */
  mine: z.object({ done: z.number(), quota: z.number().nullable(), leader: z.boolean() }),
  /** tasks still in the pool for this user (0: nothing left to claim now) */
  left: z.number(),
});
export type MarkBlockInfo = z.infer<typeof markBlockInfo>;

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
export const markSubmitResult = z.object({
  /** false when this submit was a replay of one already counted */
  counted: z.boolean(),
  next: markTask.nullable(),
  done: z.number(),
});
export type MarkSubmitResult = z.infer<typeof markSubmitResult>;

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
/** An annotation as stored (shape only: the answer never refuses one the input rules would refuse today). */
export const markAnnotationShape = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tick'), x: z.number(), y: z.number() }),
  z.object({ kind: z.literal('cross'), x: z.number(), y: z.number() }),
  z.object({ kind: z.literal('circle'), x: z.number(), y: z.number(), r: z.number() }),
  z.object({ kind: z.literal('text'), x: z.number(), y: z.number(), text: z.string() }),
]);
export const markHistoryItem = z.object({
  taskId: z.number(),
  score: z.number(),
  questionScores: questionScoresShape,
  pointScores: pointScoresShape,
  marks: z.array(markAnnotationShape),
  submittedAt: z.string(),
  version: z.number(),
  imageUrl: z.string(),
  /** false once the subject is done: 回评 only shows */
  editable: z.boolean(),
});
export type MarkHistoryItem = z.infer<typeof markHistoryItem>;
export const markModify = z.object({
  version: int(0),
  scores: markScores,
  marks: z.array(markAnnotation).max(200).default([]),
});

/** review/task: every block the user marks or leads, across exams. */
/**
 * What lies between a block's papers and its final scores (issue 29), shown beside its progress everywhere:
 * papers waiting for arbitration, with an open 问题卷, and the blanks 智能判空 scored 0 (already decided).
 */
export const progressParts = z.object({
  arbitration: z.number(),
  problems: z.number(),
  blanks: z.number(),
});
export type ProgressParts = z.infer<typeof progressParts>;

export const reviewTaskItem = z.object({
  examId: z.number(),
  examName: z.string(),
  subjectId: z.number(),
  subjectName: z.string(),
  subjectStatus: z.number(),
  blockId: z.number(),
  blockName: z.string(),
  role: z.literal([4, 6]),
  done: z.number(),
  quota: z.number().nullable(),
  /** tasks the user may still claim now */
  left: z.number(),
  /** the block as a whole: papers with a final score / papers to mark (the one progress of a block) */
  blockDone: z.number(),
  blockTotal: z.number(),
  blockParts: progressParts,
  /** leaders: arbitration and problem papers waiting */
  arbitration: z.number().optional(),
  problems: z.number().optional(),
  /** 相同答案归组: groups of alike answers waiting for a score (intelligentReview) */
  groups: z.number().optional(),
  /** 智能判空: blanks scored 0 (a mark of no marker, so in nobody's 回评): the markers may send one back */
  blanks: z.number().optional(),
});
export type ReviewTaskItem = z.infer<typeof reviewTaskItem>;

/** Block progress for leaders and managers. */
export const blockProgress = z.object({
  blockId: z.number(),
  blockName: z.string(),
  /** papers to mark and those with a final score: the one progress of a block (as review/task shows it) */
  papers: z.number(),
  decided: z.number(),
  parts: progressParts,
  /** the user may open the block page (leads the block or manages the subject); a 质检员 only watches */
  canLead: z.boolean(),
  tasks: z.object({
    total: z.number(),
    submitted: z.number(),
    leased: z.number(),
    pending: z.number(),
    problem: z.number(),
  }),
  arbitration: z.object({ waiting: z.number(), done: z.number() }),
  markers: z.array(
    z.object({
      userId: z.number(),
      name: z.string(),
      done: z.number(),
      quota: z.number().nullable(),
      perHour: z.number(),
      mean: z.number().nullable(),
      /** papers the marker holds claimed now (收回 returns them to the pool) */
      leased: z.number().optional(),
    }),
  ),
});
export type BlockProgress = z.infer<typeof blockProgress>;

export const problemResolve = z.object({
  resolution: problemResolution,
  /** required when the leader scores it */
  scores: markScores.optional(),
  note: text().trim().max(200).default(''),
});
export const problemListQuery = pageQuery.extend({ state: z.enum(['open', 'resolved']).default('open') });
export const problemItem = z.object({
  taskId: z.number(),
  slot: z.number(),
  markerName: z.string(),
  problem: markProblem,
  imageUrl: z.string(),
});
export type ProblemItem = z.infer<typeof problemItem>;

export const recallInput = z.object({ userId: id() });
export const remarkInput = z.object({ taskIds: z.array(id()).min(1).max(500) });
export const blockIdParam = z.object({ blockId: intParam(1) });

// ---- Leaders (题组长): the block page, a marker's papers, a student's paper across blocks ----

/** The block as its leader page needs it: names, the 给分板 questions, and the leader's queues. */
export const leadBlockInfo = z.object({
  blockId: z.number(),
  blockName: z.string(),
  subjectId: z.number(),
  subjectName: z.string(),
  examId: z.number(),
  examName: z.string(),
  subjectStatus: z.number(),
  fullScore: z.number(),
  markCount: z.number(),
  threshold: z.number().nullable(),
  questions: z.array(markQuestion),
  /** problem papers not yet settled, arbitration tasks not yet submitted */
  problems: z.number(),
  arbitration: z.number(),
});
export type LeadBlockInfo = z.infer<typeof leadBlockInfo>;

/** A marker's submitted paper as the leader sees it (打回 picks from these). */
export const leadMarkerTask = z.object({
  taskId: z.number(),
  paperId: z.number(),
  slot: z.number(),
  score: z.number(),
  questionScores: questionScoresShape,
  submittedAt: z.string(),
  imageUrl: z.string(),
});
export type LeadMarkerTask = z.infer<typeof leadMarkerTask>;

export const markTaskStatus = z.enum(['pending', 'leased', 'submitted', 'problem']);
export const blockScoreSource = z.enum(['single', 'double', 'third', 'arbitration', 'leader', 'xianyue']);

/** One slot of a paper in a block: who marked it and how. */
export const paperSlotMark = z.object({
  taskId: z.number(),
  slot: z.number(),
  status: markTaskStatus,
  markerName: z.string().nullable(),
  score: z.number().nullable(),
  questionScores: questionScoresShape.nullable(),
  submittedAt: z.string().nullable(),
});
export type PaperSlotMark = z.infer<typeof paperSlotMark>;
export const paperBlockMarks = z.object({
  blockId: z.number(),
  blockName: z.string(),
  fullScore: z.number(),
  /** the decided score of the block, null while undecided */
  final: z
    .object({
      score: z.number(),
      source: blockScoreSource,
      decidedBy: z.string().nullable(),
      decidedAt: z.string(),
    })
    .nullable(),
  slots: z.array(paperSlotMark),
  /** the block image of the paper, through one of its tasks (null: no task yet) */
  imageUrl: z.string().nullable(),
});
export type PaperBlockMarks = z.infer<typeof paperBlockMarks>;
/** A student's paper with every block's marks and markers (leaders and managers only). */
export const paperMarks = z.object({
  paperId: z.number(),
  subjectId: z.number(),
  name: z.string().nullable(),
  kaohao: z.string().nullable(),
  className: z.string().nullable(),
  schoolName: z.string(),
  blocks: z.array(paperBlockMarks),
});
export type PaperMarks = z.infer<typeof paperMarks>;

/** A leader's problem paper, with the status the task is in now (resolved ones keep their problem). */
export const leadProblemItem = problemItem.extend({
  status: markTaskStatus,
  paperId: z.number(),
  /** the scan exception made for a 转扫描问题, and whether the scanning staff settled it */
  scanException: z.object({ id: z.number(), resolved: z.boolean() }).nullable(),
  /** a hidden paper of 质检 (标准卷 or the marker's own paper again): never a score, no scanning problem */
  hidden: z.boolean().optional(),
});
export type LeadProblemItem = z.infer<typeof leadProblemItem>;

export const markerTasksQuery = pageQuery;
export const leadMarkerParams = z.object({ blockId: intParam(1), userId: intParam(1) });
export const taskIdParam = z.object({ taskId: intParam(1) });
export const paperIdParam = z.object({ paperId: intParam(1) });
/** 阅卷问题卷 exceptions start their reason with this, so the scan screens tell them from recognition's. */
export const MARKING_PROBLEM_PREFIX = '阅卷问题卷：';

/** …/task/:taskId/defer answers the new end of the lease. */
export const markDeferResult = z.object({ leaseUntil: z.string() });
export type MarkDeferResult = z.infer<typeof markDeferResult>;
/** …/task/:taskId/modify answers the task's new version and block score. */
export const markModifyResult = z.object({ version: z.number(), score: z.number() });
export type MarkModifyResult = z.infer<typeof markModifyResult>;
