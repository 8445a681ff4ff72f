import { sql } from 'drizzle-orm';
import { boolean, integer, numeric, smallint, text } from 'drizzle-orm/pg-core';
import { id, ref, at, createdAt, index, pgTable, primaryKey } from '../columns';
import { exam } from './exam';
import { user } from './people';
import { paper } from './scan';
import { examinee, subject } from './subject';
import { StoredQuestionScoresSchema, StoredSchoolIdsSchema } from '@yj/contracts';
import { storedJsonb } from '../stored';

/**
 * 成绩: one examinee in one subject (DESIGN.md §6), derived by the score module from the objective answers and the
 * key, the final block scores (or 先阅后扫 strips) and the adjustments; re-derived whenever one of them changes.
 * Figures are null when the examinee is absent or has no sheet: 缺考 is kept apart from 0.
 */
export const score = pgTable(
  'score',
  {
    subjectId: ref('subject_id', () => subject.id),
    // derived data: removing an examinee removes their scores (a paper or an adjustment still blocks it)
    examineeId: ref('examinee_id', () => examinee.id, { onDelete: 'cascade' }),
    paperId: integer('paper_id').references(() => paper.id, { onDelete: 'set null' }),
    objective: numeric('objective', { precision: 7, scale: 1, mode: 'number' }),
    subjective: numeric('subjective', { precision: 7, scale: 1, mode: 'number' }),
    total: numeric('total', { precision: 7, scale: 1, mode: 'number' }),
    /** the counted questions: no → score (a 选做 question not chosen is left out) */
    questionScores: storedJsonb('question_scores', StoredQuestionScoresSchema, 'score.question_scores')
      .notNull()
      .default({}),
    /**
     * question_scores as plain text for the reports (`score_question_text`, migration-defined): the keys, then
     * the values as written ("1,2,10|3,0,4.5"); null when a key or value does not fit that form. Kept by
     * PostgreSQL itself, so every writer of question_scores writes it too; read by report.repo's scoreColumns.
     */
    questionText: text('question_text').generatedAlwaysAs(sql`score_question_text(question_scores)`),
    absent: boolean('absent').notNull().default(false),
    /** 违纪: the subject scores 0, with the reason */
    irregular: boolean('irregular').notNull().default(false),
    irregularReason: text('irregular_reason'),
    /** who marked the 违纪 and when (the audit log keeps every change) */
    irregularBy: integer('irregular_by').references(() => user.id),
    irregularAt: at('irregular_at'),
    computedAt: at('computed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.examineeId] }), index('score_examinee_idx').on(t.examineeId)],
);

/** 成绩调整: a question's score changed by hand with before / after / reason; recomputing keeps the last one. */
export const scoreAdjustment = pgTable(
  'score_adjustment',
  {
    id: id(),
    subjectId: ref('subject_id', () => subject.id),
    examineeId: ref('examinee_id', () => examinee.id),
    questionNo: text('question_no').notNull(),
    before: numeric('before', { precision: 6, scale: 1, mode: 'number' }),
    after: numeric('after', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    userId: ref('user_id', () => user.id),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('score_adjustment_subject_idx').on(t.subjectId, t.examineeId)],
);

/**
 * 下载中心: one export asked for by a user (spec §2 download/center). A job writes the file to the storage layer;
 * after `expiresAt` a sweep removes the file and the row stays with status expired (已过期).
 */
export const exportTask = pgTable(
  'export_task',
  {
    id: id(),
    /** questions: a subject per student and question; classes: a subject per class; totals: the exam's totals */
    kind: text('kind').$type<'questions' | 'classes' | 'totals'>().notNull(),
    examId: ref('exam_id', () => exam.id),
    subjectId: integer('subject_id').references(() => subject.id),
    userId: ref('user_id', () => user.id),
    /** the schools the requester saw when asking (null: every school); the file holds only these */
    schools: storedJsonb('schools', StoredSchoolIdsSchema, 'export_task.schools'),
    /** pending → running → done | failed; done → expired once the file is removed */
    status: text('status')
      .$type<'pending' | 'running' | 'done' | 'failed' | 'expired'>()
      .notNull()
      .default('pending'),
    /** 0…100 */
    progress: smallint('progress').notNull().default(0),
    rows: integer('rows'),
    size: integer('size'),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
    expiresAt: at('expires_at'),
  },
  (t) => [
    index('export_task_user_idx').on(t.userId, t.createdAt),
    index('export_task_exam_idx').on(t.examId),
  ],
);

/**
 * 成绩待更新: examinees whose subject score must be re-derived because a final block score changed (marking). The
 * submit only records the examinee here, in its transaction; a batched job of the marking module re-derives and
 * removes the rows (idempotent), and the score pages and 阅卷完成 flush a subject's rows before they read or
 * decide: a reader never sees a figure older than the marks (DESIGN.md §6).
 */
export const scoreStale = pgTable(
  'score_stale',
  {
    subjectId: ref('subject_id', () => subject.id),
    examineeId: ref('examinee_id', () => examinee.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.examineeId] })],
);
