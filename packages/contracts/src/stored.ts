import { z } from 'zod';
import { markAnnotationShape, markProblem, questionScoresShape } from './marking';
import { cardOptions } from './card';
import { report, reportSettingsData } from './report';
import { reportCommentary } from './report-commentary';

// The shapes of the jsonb values the server stores, one per column, which the server's readers
// (apps/server/src/db/stored.ts) parse as a value leaves the database. Shape only, no input bounds: a value
// stored under yesterday's rules is read as it is, never refused because a bound moved (a malformed one fails
// there, naming the column). scan_page.result, template.body and scan_exception.detail have theirs beside their
// routes (page-result.ts, template.ts, exception-detail.ts).

/** Scores per question no (mark_task, block_score, score, trial_mark, sample_paper, spot_check …). */
export const StoredQuestionScoresSchema = questionScoresShape;
/** 给分点 scores per question no. */
export const StoredPointScoresSchema = z.record(z.string(), z.array(z.number()));
/** The annotations drawn on a cut (mark_task.marks and the marks kept apart). */
export const StoredMarksSchema = z.array(markAnnotationShape);
/** A 问题卷 on a task or a hidden paper: who flagged it, why, how it was settled. */
export const StoredMarkProblemSchema = markProblem;

/** block.regions: where a block is cut from, template rectangles on template pages. */
export const StoredBlockRegionsSchema = z.array(
  z.object({ page: z.number(), x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
);
/** block.points: each question's step and 给分点. */
export const StoredBlockPointsSchema = z.array(
  z.object({
    no: z.string(),
    step: z.union([z.literal(0.5), z.literal(1), z.literal(2)]),
    points: z.array(z.object({ name: z.string(), score: z.number() })),
  }),
);

/** online_question.option_texts: each option's text of an online exam's objective question, in A, B, C order. */
export const StoredOptionTextsSchema = z.array(z.string());

/** subject.optional_groups: 选做 groups. */
export const StoredOptionalGroupsSchema = z.array(
  z.object({ name: z.string(), pick: z.number(), nos: z.array(z.string()) }),
);

/**
 * card_design.options: the designer's options as saved. Parsed by the schema that saved them (every field has
 * a default, so an option added later reads as its default).
 */
export const StoredCardOptionsSchema = cardOptions;

/**
 * audit_log.detail: what an action changed, free-form by design (the log screen shows it as text): any JSON,
 * typed unknown so a reader of one action's detail parses it by that action's schema.
 */
export const StoredAuditDetailSchema: z.ZodType<unknown> = z.json();

/** audit_log.detail of 'score.kaohao.move' (考号调整): the paper moved from one examinee to another. */
export const StoredKaohaoMoveSchema = z.object({
  subjectId: z.number(),
  paperId: z.number(),
  before: z.string(),
  after: z.string(),
  fromExamineeId: z.number(),
  toExamineeId: z.number(),
  fromName: z.string(),
  toName: z.string(),
  reason: z.string(),
  adjustmentsMoved: z.number(),
});
export type StoredKaohaoMove = z.infer<typeof StoredKaohaoMoveSchema>;

/**
 * mark_task_change.before / after: the fields of a task a change touched (a snapshot of the row's columns, or
 * what a leader's action names: the tasks leased, the scores dropped, a removed row), never lost.
 */
export const StoredTaskChangeSchema = z.looseObject({
  taskId: z.number().optional(),
  slot: z.number().optional(),
  status: z.string().optional(),
  userId: z.number().nullable().optional(),
  score: z.number().nullable().optional(),
  questionScores: StoredQuestionScoresSchema.nullable().optional(),
  pointScores: StoredPointScoresSchema.nullable().optional(),
  marks: StoredMarksSchema.nullable().optional(),
  spentMs: z.number().nullable().optional(),
  submittedAt: z.string().nullable().optional(),
  version: z.number().optional(),
  problem: StoredMarkProblemSchema.nullable().optional(),
  reason: z.string().optional(),
  removed: z.boolean().optional(),
});
export type StoredTaskChange = z.infer<typeof StoredTaskChangeSchema>;

/** block_quality.limits: the bias rule's limits by name (a number, or a switch). */
export const StoredQualityLimitsSchema = z.record(z.string(), z.union([z.number(), z.boolean()]));
/** marker_flag.reasons: why a marker was flagged. */
export const StoredFlagReasonsSchema = z.array(z.string());
/** marker_flag.voided: the flag a reset voided with the marker's marks. */
export const StoredVoidedFlagSchema = z.object({
  reasons: z.array(z.string()),
  atDone: z.number(),
  atEvidence: z.number().nullable(),
  flaggedAt: z.string(),
  state: z.number(),
  voidedAt: z.string(),
});

/** report_setting.settings: an exam's 四率 lines, 等级赋分 grades and 临界生 lines (as answered). */
export const StoredReportSettingsSchema = reportSettingsData;

/** export_task.schools: the schools the requester saw when asking. */
export const StoredSchoolIdsSchema = z.array(z.number());

/** One objective answer as read: the chosen labels ([] blank). */
export const StoredAnswerSchema = z.array(z.string());
/** paper.objective: the chosen labels per objective question (null: undecided). */
export const StoredObjectiveSchema = z.record(z.string(), StoredAnswerSchema.nullable());
/** paper.scores: the 打分栏 scores per strip (manual: typed by a person on the 主观题异常 screen). */
export const StoredPaperScoresSchema = z.record(
  z.string(),
  z.object({ question: z.string(), value: z.number().nullable(), manual: z.boolean().optional() }),
);
/** scan_finish.counts: what a confirmation of the scanning saw, counted by name. */
export const StoredCountsSchema = z.record(z.string(), z.number());

// report_cache: figures kept as JSON text under the stamp of what they depend on (apps/server/src/modules/report/
// report-cache.ts), one schema per kind of row, parsed as the text is read back (db/stored.ts `readCached`).

/** kind 'report' (a subject, the total, an analysis group's): the report as computed, before a view narrows it. */
export const CachedReportSchema = report;

/** kind 'commentary:<class>': a class's 试卷讲评 figures, the named students without their names. */
export const CachedClassFiguresSchema = reportCommentary.pick({ sat: true, gradeSat: true, questions: true });
export type CachedClassFigures = z.infer<typeof CachedClassFiguresSchema>;

/**
 * A column of 100,000 cells: checked by one loop rather than a schema per cell (which doubled the read of a
 * table), with the same answer.
 */
const column = <T>(is: (cell: unknown) => cell is T, what: string) =>
  z.custom<T[]>((v) => Array.isArray(v) && v.every(is), { message: `应为${what}数组` });
const isNumber = (c: unknown): c is number => typeof c === 'number';
const isNumOrNull = (c: unknown): c is number | null => c === null || typeof c === 'number';
const isString = (c: unknown): c is string => typeof c === 'string';
const isStringOrNull = (c: unknown): c is string | null => c === null || typeof c === 'string';
const numbers = column(isNumber, '数字');
const numOrNull = column(isNumOrNull, '数字或空值');

/**
 * kind 'students': the 学生成绩 figures of every examinee of a report in list order, as columns, without Z and T
 * (computed again from the score and `standard` when the table is read).
 */
export const CachedStudentTableSchema = z.object({
  examineeId: numbers,
  studentId: numbers,
  schoolId: numbers,
  classId: numbers,
  /** the exam number at computation: the order of equal ranks */
  kaohao: column(isString, '字符串'),
  score: numOrNull,
  rankInClass: numOrNull,
  rankInSchool: numOrNull,
  rank: numOrNull,
  grade: column(isStringOrNull, '字符串或空值'),
  points: numOrNull,
  /** what Z and T are taken against (@yj/stats `standardOf`); null when nobody sat */
  standard: z.object({ mean: z.number(), sd: z.number() }).nullable(),
});
export type CachedStudentTable = z.infer<typeof CachedStudentTableSchema>;
