import { boolean, integer, numeric, smallint, text } from 'drizzle-orm/pg-core';
import { id, ref, at, createdAt, index, pgTable, primaryKey, uniqueIndex } from '../columns';
import { exam } from './exam';
import { banji, school } from './org';
import { student, user } from './people';
import { StoredOptionalGroupsSchema } from '@yj/contracts';
import { storedJsonb } from '../stored';

/** One subject of an exam; `status` follows the lifecycle of DESIGN.md §3 (SubjectStatus in contracts). */
export const subject = pgTable(
  'subject',
  {
    id: id(),
    examId: ref('exam_id', () => exam.id),
    course: text('course').notNull(),
    name: text('name').notNull(),
    fullScore: numeric('full_score', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    status: smallint('status').notNull().default(0),
    /** 定时发布: when the server publishes the scores by itself (a job fires it; re-armed on start) */
    publishAt: at('publish_at'),
    /** set while the scores are published by 先阅后扫统分 (cancelled by cancelXianyueTongfen, back to setting) */
    tongfenAt: at('tongfen_at'),
    /** review/schedule: when marking starts / ends by itself (a job fires the transition) */
    reviewStartAt: at('review_start_at'),
    reviewEndAt: at('review_end_at'),
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
    createdAt: createdAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('subject_exam_idx').on(t.examId)],
);

/** Schools taking part in a joint exam (a single-school exam has its own school here too). */
export const examSchool = pgTable(
  'exam_school',
  {
    examId: ref('exam_id', () => exam.id),
    schoolId: ref('school_id', () => school.id),
    scanFinishedAt: at('scan_finished_at'),
  },
  (t) => [primaryKey({ columns: [t.examId, t.schoolId] }), index('exam_school_school_idx').on(t.schoolId)],
);

/** 考生: a student in an exam, with kaohao unique per exam, room and seat, and A/B paper type. */
export const examinee = pgTable(
  'examinee',
  {
    id: id(),
    examId: ref('exam_id', () => exam.id),
    studentId: ref('student_id', () => student.id),
    schoolId: ref('school_id', () => school.id),
    classId: ref('class_id', () => banji.id),
    kaohao: text('kaohao').notNull(),
    kaochang: text('kaochang'),
    seat: integer('seat'),
    /** 'A' | 'B' | null */
    paperType: text('paper_type'),
    createdAt: createdAt(),
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
    examineeId: ref('examinee_id', () => examinee.id),
    subjectId: ref('subject_id', () => subject.id),
    markedBy: integer('marked_by').references(() => user.id),
    markedAt: at('marked_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.examineeId, t.subjectId] }), index('absence_subject_idx').on(t.subjectId)],
);
