import { z } from 'zod';
import { id, idParam, text } from './fields';
import { questionNo } from './question';
import { pageQuery } from './envelope';

// Scores of a subject (DESIGN.md §6, spec §2 subject/{subjectId}/score: summary, stuScore, scoreCheck).

/** One class (or the whole subject, classId null) in the summary: 实考 / 缺考 kept apart, figures over 实考. */
export const scoreSummaryRow = z.object({
  classId: z.number().nullable(),
  className: z.string(),
  schoolName: z.string(),
  examinees: z.number(),
  /** 实考: a sheet and not absent */
  present: z.number(),
  absent: z.number(),
  /** 违纪: counted in 实考 with 0, shown apart */
  irregular: z.number(),
  /** neither a sheet nor an absence record */
  missing: z.number(),
  mean: z.number().nullable(),
  max: z.number().nullable(),
  min: z.number().nullable(),
});
export type ScoreSummaryRow = z.infer<typeof scoreSummaryRow>;

/** GET /api/subject/:id/score/summary */
export const scoreSummary = z.object({
  subjectName: z.string(),
  fullScore: z.number(),
  /** the last time a score of the subject was derived; null before the first */
  computedAt: z.string().nullable(),
  total: scoreSummaryRow,
  classes: z.array(scoreSummaryRow),
});
export type ScoreSummary = z.infer<typeof scoreSummary>;

export const scoreSort = z.enum(['kaohao', 'total', 'objective', 'subjective', 'name']);
export type ScoreSort = z.infer<typeof scoreSort>;

/** GET /api/subject/:id/score/students */
export const scoreStudentsQuery = pageQuery.extend({
  classId: idParam().optional(),
  keyword: text().trim().max(30).optional(),
  sort: scoreSort.default('kaohao'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ScoreStudentsQuery = z.infer<typeof scoreStudentsQuery>;

export const scoreStudentStatus = z.enum(['ok', 'absent', 'missing', 'irregular']);
export type ScoreStudentStatus = z.infer<typeof scoreStudentStatus>;
export const SCORE_STUDENT_STATUS_LABELS: Record<ScoreStudentStatus, string> = {
  ok: '正常',
  absent: '缺考',
  missing: '无答题卡',
  irregular: '违纪',
};

export const scoreStudentRow = z.object({
  examineeId: z.number(),
  kaohao: z.string(),
  name: z.string(),
  className: z.string(),
  status: scoreStudentStatus,
  irregularReason: z.string().nullable(),
  objective: z.number().nullable(),
  subjective: z.number().nullable(),
  total: z.number().nullable(),
  /** counted questions: no → score (a 选做 question not chosen is absent) */
  questions: z.record(z.string(), z.number()),
  paperId: z.number().nullable(),
});
export type ScoreStudentRow = z.infer<typeof scoreStudentRow>;

/** The page of students plus the question columns (in structure order) and the class filter's options. */
export const scoreStudentsPage = z.object({
  total: z.number(),
  size: z.number(),
  items: z.array(scoreStudentRow),
  questions: z.array(z.object({ no: z.string(), score: z.number(), objective: z.boolean() })),
  classes: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type ScoreStudentsPage = z.infer<typeof scoreStudentsPage>;

export const scoreBlockerKind = z.enum([
  'unmarked',
  'arbitration',
  'exceptions',
  'overFull',
  'missing',
  'noKey',
  'templateMismatch',
  'structure',
]);
export type ScoreBlockerKind = z.infer<typeof scoreBlockerKind>;
/** What stops publishing, with where it is settled (a route of the web app, relative to /book). */
export const scoreBlocker = z.object({
  kind: scoreBlockerKind,
  label: z.string(),
  count: z.number(),
  hint: z.string(),
});
export type ScoreBlocker = z.infer<typeof scoreBlocker>;
/** GET /api/subject/:id/score/check */
export const scoreCheck = z.object({
  ok: z.boolean(),
  blockers: z.array(scoreBlocker),
});
export type ScoreCheck = z.infer<typeof scoreCheck>;

/** POST /api/subject/:id/score/recompute */
export const scoreRecomputed = z.object({
  examinees: z.number(),
});
export type ScoreRecomputed = z.infer<typeof scoreRecomputed>;

/** POST /api/subject/:id/score/adjust: one question's score changed by hand, with the reason (kept). */
export const scoreAdjustBody = z.object({
  examineeId: id(),
  questionNo,
  score: z.number().min(0, '分数不能为负').max(1000),
  reason: text().trim().min(1, '请填写调整原因').max(200, '调整原因不能超过 200 字'),
});
export type ScoreAdjustBody = z.infer<typeof scoreAdjustBody>;

export const scoreAdjusted = z.object({
  before: z.number().nullable(),
  after: z.number(),
  total: z.number().nullable(),
});
export type ScoreAdjusted = z.infer<typeof scoreAdjusted>;

/** GET /api/subject/:id/score/adjustments (adjust/checkdetail): every adjustment, newest first. */
export const scoreAdjustmentItem = z.object({
  id: z.number(),
  examineeId: z.number(),
  kaohao: z.string(),
  name: z.string(),
  questionNo: z.string(),
  before: z.number().nullable(),
  after: z.number(),
  reason: z.string(),
  userName: z.string(),
  at: z.string(),
});
export type ScoreAdjustmentItem = z.infer<typeof scoreAdjustmentItem>;

/**
 * POST /api/subject/:id/score/adjust/kaohao (adjust/kaohao): the exam number was fixed late — the sheet of
 * `examineeId` moves to the examinee whose exam number is `kaohao`, its marks with it.
 */
export const scoreKaohaoBody = z.object({
  examineeId: id(),
  kaohao: text()
    .trim()
    .min(1, '请填写正确的考号')
    .max(32, '考号不能超过 32 位')
    .regex(/^[0-9A-Za-z-]+$/, '考号只能包含数字、字母和连字符'),
  reason: text().trim().min(1, '请填写调整原因').max(200, '调整原因不能超过 200 字'),
});
export type ScoreKaohaoBody = z.infer<typeof scoreKaohaoBody>;

/** The two examinees after the move: the sheet's old owner (now without a sheet) and its new one. */
export const scoreKaohaoMoved = z.object({
  paperId: z.number(),
  from: z.object({
    examineeId: z.number(),
    kaohao: z.string(),
    name: z.string(),
    total: z.number().nullable(),
  }),
  to: z.object({
    examineeId: z.number(),
    kaohao: z.string(),
    name: z.string(),
    total: z.number().nullable(),
  }),
});
export type ScoreKaohaoMoved = z.infer<typeof scoreKaohaoMoved>;

/** GET /api/subject/:id/score/adjust/kaohao: the moves made in the subject, newest first. */
export const scoreKaohaoItem = z.object({
  id: z.number(),
  paperId: z.number(),
  fromKaohao: z.string(),
  fromName: z.string(),
  toKaohao: z.string(),
  toName: z.string(),
  reason: z.string(),
  userName: z.string(),
  at: z.string(),
});
export type ScoreKaohaoItem = z.infer<typeof scoreKaohaoItem>;
