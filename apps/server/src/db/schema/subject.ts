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
import { exam } from './exam';
import { banji, school } from './org';
import { student, user } from './people';
import { StoredOptionalGroupsSchema } from '@yj/contracts';
import { storedJsonb } from '../stored';

/** One subject of an exam; `status` follows the lifecycle of DESIGN.md §3 (SubjectStatus in contracts). */
export const subject = pgTable(
  'subject',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exam.id),
    course: text('course').notNull(),
    name: text('name').notNull(),
    fullScore: numeric('full_score', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    status: smallint('status').notNull().default(0),
    /** 定时发布: when the server publishes the scores by itself (a job fires it; re-armed on start) */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** set while the scores are published by 先阅后扫统分 (cancelled by cancelXianyueTongfen, back to setting) */
    tongfenAt: timestamp('tongfen_at', { withTimezone: true }),
    /** review/schedule: when marking starts / ends by itself (a job fires the transition) */
    reviewStartAt: timestamp('review_start_at', { withTimezone: true }),
    reviewEndAt: timestamp('review_end_at', { withTimezone: true }),
    sort: integer('sort').notNull().default(0),
    /** 计入总分: false leaves the subject out of the exam total (all_score, the totals export) */
    inTotal: boolean('in_total').notNull().default(true),
    /** 成绩导入: the scores came from an Excel import (a subject not marked here); derivation leaves them alone */
    scoresImported: boolean('scores_imported').notNull().default(false),
    /** SubjectMode: paper (scanned sheets) / online (answered in the browser, issue 34) */
    mode: text('mode').notNull().default('paper'),
    /** AB卷: two versions with their own keys */
    abEnabled: boolean('ab_enabled').notNull().default(false),
    /** 选做 groups: [{ name, pick, nos }] */
    optionalGroups: storedJsonb('optional_groups', StoredOptionalGroupsSchema, 'subject.optional_groups')
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('subject_exam_idx').on(t.examId)],
);

/** Schools taking part in a joint exam (a single-school exam has its own school here too). */
export const examSchool = pgTable(
  'exam_school',
  {
    examId: integer('exam_id')
      .notNull()
      .references(() => exam.id),
    schoolId: integer('school_id')
      .notNull()
      .references(() => school.id),
    scanFinishedAt: timestamp('scan_finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.examId, t.schoolId] }), index('exam_school_school_idx').on(t.schoolId)],
);

/** 考生: a student in an exam, with kaohao unique per exam, room and seat, and A/B paper type. */
export const examinee = pgTable(
  'examinee',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exam.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => student.id),
    schoolId: integer('school_id')
      .notNull()
      .references(() => school.id),
    classId: integer('class_id')
      .notNull()
      .references(() => banji.id),
    kaohao: text('kaohao').notNull(),
    kaochang: text('kaochang'),
    seat: integer('seat'),
    /** 'A' | 'B' | null */
    paperType: text('paper_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('examinee_exam_kaohao_uq').on(t.examId, t.kaohao),
    uniqueIndex('examinee_exam_student_uq').on(t.examId, t.studentId),
    index('examinee_exam_school_idx').on(t.examId, t.schoolId, t.classId),
  ],
);

/** 缺考 of one examinee in one subject. */
export const absence = pgTable(
  'absence',
  {
    examineeId: integer('examinee_id')
      .notNull()
      .references(() => examinee.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subject.id),
    markedBy: integer('marked_by').references(() => user.id),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.examineeId, t.subjectId] }), index('absence_subject_idx').on(t.subjectId)],
);
