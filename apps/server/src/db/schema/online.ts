import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { StoredOptionTextsSchema, StoredQuestionScoresSchema } from '@yj/contracts';
import { user } from './people';
import { examinee, subject } from './subject';
import { storedJsonb } from '../stored';

/** 在线考试 of a subject (issue 34): its window, the duration per student, and its own state (draft → launched). */
export const onlineExam = pgTable('online_exam', {
  subjectId: integer('subject_id')
    .primaryKey()
    .references(() => subject.id),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  durationMin: integer('duration_min').notNull(),
  /** 题序打乱 / 选项打乱: each student's own order (packages/scoring shuffle.ts), answers kept by the real option */
  shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
  shuffleOptions: boolean('shuffle_options').notNull().default(false),
  /** OnlineState: draft / launched / cancelled */
  state: text('state').notNull().default('draft'),
  launchedBy: integer('launched_by').references(() => user.id),
  launchedAt: timestamp('launched_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A question's content for the screen (text with math, each option's text), by the structure's number. */
export const onlineQuestion = pgTable(
  'online_question',
  {
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subject.id),
    no: text('no').notNull(),
    content: text('content').notNull().default(''),
    optionTexts: storedJsonb('option_texts', StoredOptionTextsSchema, 'online_question.option_texts')
      .notNull()
      .default([]),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.no] })],
);

/** One examinee's sitting of an online exam: started, its deadline, submitted; the objective part scored at submit. */
export const onlineAttempt = pgTable(
  'online_attempt',
  {
    id: serial('id').primaryKey(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subject.id),
    examineeId: integer('examinee_id')
      .notNull()
      .references(() => examinee.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** when answers stop being taken: start + duration, never past the window's end (a reopen moves it) */
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** manual / timeout */
    submitKind: text('submit_kind'),
    leaveCount: integer('leave_count').notNull().default(0),
    objectiveScore: numeric('objective_score', { precision: 6, scale: 1, mode: 'number' }),
    /** question no → score of the objective questions, from packages/scoring at submit */
    objectiveScores: storedJsonb(
      'objective_scores',
      StoredQuestionScoresSchema,
      'online_attempt.objective_scores',
    ),
    reopenCount: smallint('reopen_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('online_attempt_subject_examinee_uq').on(t.subjectId, t.examineeId),
    index('online_attempt_deadline_idx').on(t.deadline),
  ],
);

/** The latest saved answer of one question in one attempt: letters or typed text, with the client's revision. */
export const onlineAnswer = pgTable(
  'online_answer',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => onlineAttempt.id),
    no: text('no').notNull(),
    value: text('value').notNull(),
    rev: integer('rev').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.no] })],
);

/**
 * A photo of a written answer on paper (issue 34), stored before it is acknowledged: its place among the
 * question's photos and the student's rotation; the size is the stored image's, unrotated (the hand-in lays
 * the photos on the question's page and 开始阅卷 sizes the page's region from these without decoding).
 */
export const onlinePhoto = pgTable(
  'online_photo',
  {
    id: serial('id').primaryKey(),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => onlineAttempt.id),
    no: text('no').notNull(),
    position: smallint('position').notNull(),
    /** clockwise, 0 / 90 / 180 / 270 */
    rotation: smallint('rotation').notNull().default(0),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('online_photo_attempt_idx').on(t.attemptId, t.no, t.position)],
);

/**
 * 补考 (issue 34): an examinee who did not sit given a window of their own; their start is checked against it
 * instead of the exam's, and their attempt's deadline is start + duration, never past its end (so the
 * periodic hand-in honours it as it does the exam's window).
 */
export const onlineMakeup = pgTable(
  'online_makeup',
  {
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subject.id),
    // a removed examinee's window goes with them (it means nothing without them)
    examineeId: integer('examinee_id')
      .notNull()
      .references(() => examinee.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    durationMin: integer('duration_min').notNull(),
    createdBy: integer('created_by').references(() => user.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.examineeId] })],
);
