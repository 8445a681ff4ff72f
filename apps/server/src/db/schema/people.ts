import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, smallint, text } from 'drizzle-orm/pg-core';
import { id, ref, at, createdAt, index, pgTable, uniqueIndex } from '../columns';
import { banji, org, school } from './org';

export const user = pgTable(
  'user',
  {
    id: id(),
    /** login name; a teacher's is their phone */
    account: text('account').notNull(),
    phone: text('phone'),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    /**
     * UserKind: 'staff' (teachers, administrators), 'student' or 'parent' (学生端 / 家长端, DESIGN.md §9): the
     * capability table gives each kind its own set, so a student's session reaches nothing of the staff's routes
     */
    kind: text('kind').notNull().default('staff'),
    avatarKey: text('avatar_key'),
    /** 1 active, 0 disabled */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    passwordChangedAt: at('password_changed_at'),
  },
  (t) => [
    uniqueIndex('user_account_uq').on(sql`lower(${t.account})`),
    uniqueIndex('user_phone_uq').on(t.phone),
  ],
);

export const schoolAdmin = pgTable(
  'school_admin',
  {
    id: id(),
    schoolId: ref('school_id', () => school.id),
    userId: ref('user_id', () => user.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('school_admin_uq').on(t.schoolId, t.userId),
    index('school_admin_user_idx').on(t.userId),
  ],
);

/** 教育局 / 区县 administrator: sees the schools of the bureau's subtree and runs its 联考 (issue 35). */
export const bureauAdmin = pgTable(
  'bureau_admin',
  {
    id: id(),
    orgId: ref('org_id', () => org.id),
    userId: ref('user_id', () => user.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bureau_admin_uq').on(t.orgId, t.userId), index('bureau_admin_user_idx').on(t.userId)],
);

export const teacher = pgTable(
  'teacher',
  {
    id: id(),
    schoolId: ref('school_id', () => school.id),
    userId: ref('user_id', () => user.id),
    /** course names taught, e.g. {语文,数学} */
    subjects: text('subjects')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    uniqueIndex('teacher_school_user_uq').on(t.schoolId, t.userId),
    index('teacher_user_idx').on(t.userId),
  ],
);

export const student = pgTable(
  'student',
  {
    id: id(),
    schoolId: ref('school_id', () => school.id),
    classId: ref('class_id', () => banji.id),
    xuehao: text('xuehao').notNull(),
    name: text('name').notNull(),
    /** 1 male, 2 female, 0 unknown */
    gender: smallint('gender').notNull().default(0),
    /** 1 enrolled, 0 left */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    uniqueIndex('student_school_xuehao_uq')
      .on(t.schoolId, t.xuehao)
      .where(sql`${t.deletedAt} is null`),
    index('student_class_idx').on(t.classId),
  ],
);

/**
 * A school's roster version: moved on by statement triggers on every write of `student`, `class` or `grade`
 * (hand-written in the migration), in the writing transaction. The students page caches its answers per
 * process under this number, so a write by any process, job or script is seen on the very next read.
 */
export const rosterVersion = pgTable('roster_version', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => school.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** teacherSchedule: the classes a teacher teaches at a school. */
export const teacherClass = pgTable(
  'teacher_class',
  {
    id: id(),
    schoolId: ref('school_id', () => school.id),
    userId: ref('user_id', () => user.id),
    classId: ref('class_id', () => banji.id),
  },
  (t) => [uniqueIndex('teacher_class_uq').on(t.schoolId, t.userId, t.classId)],
);
