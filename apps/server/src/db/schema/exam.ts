import { sql } from 'drizzle-orm';
import { boolean, date, integer, smallint, text } from 'drizzle-orm/pg-core';
import { id, ref, at, createdAt, index, pgTable, uniqueIndex } from '../columns';
import { grade, school } from './org';
import { user } from './people';

/** Exam record; issue 3 adds subjects, examinees and the creation screens. */
export const exam = pgTable(
  'exam',
  {
    id: id(),
    name: text('name').notNull(),
    /** 1 single-school, 2 joint, 3 class quiz, 4 online */
    type: smallint('type').notNull().default(1),
    schoolId: integer('school_id').references(() => school.id),
    gradeId: integer('grade_id').references(() => grade.id),
    /** joint exams span schools whose grade rows differ: the grade is named, not referenced */
    gradeName: text('grade_name'),
    creatorId: integer('creator_id').references(() => user.id),
    startDate: date('start_date'),
    endDate: date('end_date'),
    reviewPolicy: smallint('review_policy').notNull().default(0),
    reviewGroupMode: smallint('review_group_mode').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    step: smallint('step').notNull().default(1),
    /** joint exams: the bureau that runs it */
    orgId: integer('org_id'),
    /** a bureau's 联考: every school sees the other schools' students by name (else they are anonymous) */
    namesShared: boolean('names_shared').notNull().default(false),
    createdAt: createdAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('exam_school_idx').on(t.schoolId, t.createdAt)],
);

/** A user's role (spec §3 indices 0–9) in an exam, optionally narrowed to a subject or school. */
export const examRole = pgTable(
  'exam_role',
  {
    id: id(),
    examId: ref('exam_id', () => exam.id),
    subjectId: integer('subject_id'),
    schoolId: integer('school_id'),
    userId: ref('user_id', () => user.id),
    role: smallint('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('exam_role_user_idx').on(t.userId),
    index('exam_role_exam_idx').on(t.examId),
    uniqueIndex('exam_role_uq').on(
      t.examId,
      t.userId,
      t.role,
      sql`coalesce(${t.subjectId}, 0)`,
      sql`coalesce(${t.schoolId}, 0)`,
    ),
  ],
);
