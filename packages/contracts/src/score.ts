import { z } from 'zod';
import { id, idParam, text } from './fields';
import { questionNo } from './question';
import { pageQuery } from './envelope';

// Scores of a subject (DESIGN.md §6, spec §2 subject/{subjectId}/score: summary, stuScore, scoreCheck).

/** One class (or the whole subject, classId null) in the summary: 实考 / 缺考 kept apart, figures over 实考. */
export interface ScoreSummaryRow {
  classId: number | null;
  className: string;
  schoolName: string;
  examinees: number;
  /** 实考: a sheet and not absent */
  present: number;
  absent: number;
  /** 违纪: counted in 实考 with 0, shown apart */
  irregular: number;
  /** neither a sheet nor an absence record */
  missing: number;
  mean: number | null;
  max: number | null;
  min: number | null;
}

/** GET /api/subject/:id/score/summary */
export interface ScoreSummary {
  subjectName: string;
  fullScore: number;
  /** the last time a score of the subject was derived; null before the first */
  computedAt: string | null;
  total: ScoreSummaryRow;
  classes: ScoreSummaryRow[];
}

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

export type ScoreStudentStatus = 'ok' | 'absent' | 'missing' | 'irregular';
export const SCORE_STUDENT_STATUS_LABELS: Record<ScoreStudentStatus, string> = {
  ok: '正常',
  absent: '缺考',
  missing: '无答题卡',
  irregular: '违纪',
};

export interface ScoreStudentRow {
  examineeId: number;
  kaohao: string;
  name: string;
  className: string;
  status: ScoreStudentStatus;
  irregularReason: string | null;
  objective: number | null;
  subjective: number | null;
  total: number | null;
  /** counted questions: no → score (a 选做 question not chosen is absent) */
  questions: Record<string, number>;
  paperId: number | null;
}

/** The page of students plus the question columns (in structure order) and the class filter's options. */
export interface ScoreStudentsPage {
  total: number;
  size: number;
  items: ScoreStudentRow[];
  questions: Array<{ no: string; score: number; objective: boolean }>;
  classes: Array<{ id: number; name: string }>;
}

export type ScoreBlockerKind = 'unmarked' | 'arbitration' | 'exceptions' | 'overFull' | 'missing';
/** What stops publishing, with where it is settled (a route of the web app, relative to /book). */
export interface ScoreBlocker {
  kind: ScoreBlockerKind;
  label: string;
  count: number;
  hint: string;
}
/** GET /api/subject/:id/score/check */
export interface ScoreCheck {
  ok: boolean;
  blockers: ScoreBlocker[];
}

/** POST /api/subject/:id/score/recompute */
export interface ScoreRecomputed {
  examinees: number;
}

/** POST /api/subject/:id/score/adjust: one question's score changed by hand, with the reason (kept). */
export const scoreAdjustBody = z.object({
  examineeId: id(),
  questionNo,
  score: z.number().min(0, '分数不能为负').max(1000),
  reason: text().trim().min(1, '请填写调整原因').max(200, '调整原因不能超过 200 字'),
});
export type ScoreAdjustBody = z.infer<typeof scoreAdjustBody>;

export interface ScoreAdjusted {
  before: number | null;
  after: number;
  total: number | null;
}

/** GET /api/subject/:id/score/adjustments (adjust/checkdetail): every adjustment, newest first. */
export interface ScoreAdjustmentItem {
  id: number;
  examineeId: number;
  kaohao: string;
  name: string;
  questionNo: string;
  before: number | null;
  after: number;
  reason: string;
  userName: string;
  at: string;
}

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
export interface ScoreKaohaoMoved {
  paperId: number;
  from: { examineeId: number; kaohao: string; name: string; total: number | null };
  to: { examineeId: number; kaohao: string; name: string; total: number | null };
}

/** GET /api/subject/:id/score/adjust/kaohao: the moves made in the subject, newest first. */
export interface ScoreKaohaoItem {
  id: number;
  paperId: number;
  fromKaohao: string;
  fromName: string;
  toKaohao: string;
  toName: string;
  reason: string;
  userName: string;
  at: string;
}
