import { boolean, integer, text } from 'drizzle-orm/pg-core';
import { ref, createdAt, updatedAt, index, pgTable, primaryKey } from '../columns';
import { exam } from './exam';
import { school } from './org';
import { student, user } from './people';

/**
 * 学生账号: the sign-in of one student of a school (not of an exam), a `user` of kind 'student' whose login name is
 * `s:<schoolId>:<xuehao>`. The initial password is kept to print the handout sheet again until the student has
 * changed it (the sheet then says so); the 绑定码 lets a parent bind the child (never the password).
 */
export const studentAccount = pgTable('student_account', {
  studentId: integer('student_id')
    .primaryKey()
    .references(() => student.id),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => user.id),
  schoolId: ref('school_id', () => school.id),
  initialPassword: text('initial_password'),
  bindingCode: text('binding_code').notNull().unique(),
  createdBy: integer('created_by').references(() => user.id),
  createdAt: createdAt(),
});

/** A parent (a `user` of kind 'parent', login `p:<phone>`) bound to a child; at most two parents a child. */
export const parentChild = pgTable(
  'parent_child',
  {
    parentId: ref('parent_id', () => user.id),
    studentId: ref('student_id', () => student.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.parentId, t.studentId] }),
    index('parent_child_student_idx').on(t.studentId),
  ],
);

/**
 * 发布设置 of an exam: what its students and parents see once a subject is published. No row: the defaults
 * (PUBLISH_SETTING_DEFAULTS in contracts: no rank, averages and the paper shown).
 */
export const examPublishSetting = pgTable('exam_publish_setting', {
  examId: integer('exam_id')
    .primaryKey()
    .references(() => exam.id),
  /** PortalRankMode: 'none' | 'band' | 'rank' */
  rankMode: text('rank_mode').notNull().default('none'),
  showAverages: boolean('show_averages').notNull().default(true),
  showPaper: boolean('show_paper').notNull().default(true),
  showAnswers: boolean('show_answers').notNull().default(true),
  openToParents: boolean('open_to_parents').notNull().default(true),
  updatedBy: integer('updated_by').references(() => user.id),
  updatedAt: updatedAt(),
});
