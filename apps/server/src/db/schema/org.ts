import { boolean, integer, smallint, text } from 'drizzle-orm/pg-core';
import { id, ref, at, createdAt, index, pgTable, uniqueIndex } from '../columns';

/** Education bureau tree (province / city / county); schools hang below. */
export const org = pgTable('org', {
  id: id(),
  name: text('name').notNull(),
  parentId: integer('parent_id'),
  /** 1 province, 2 city, 3 county */
  level: smallint('level').notNull().default(3),
  typeCode: text('type_code').notNull().default('edu_bureau'),
  countyId: integer('county_id'),
  createdAt: createdAt(),
});

export const school = pgTable(
  'school',
  {
    id: id(),
    orgId: integer('org_id').references(() => org.id),
    name: text('name').notNull(),
    code: text('code'),
    schoolType: smallint('school_type').notNull().default(0),
    isTertiary: boolean('is_tertiary').notNull().default(false),
    createdAt: createdAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('school_org_idx').on(t.orgId), uniqueIndex('school_code_uq').on(t.code)],
);

export const grade = pgTable(
  'grade',
  {
    id: id(),
    schoolId: ref('school_id', () => school.id),
    name: text('name').notNull(),
    entryYear: integer('entry_year'),
    sort: integer('sort').notNull().default(0),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('grade_school_idx').on(t.schoolId)],
);

/** 班级 banji: 1 行政班 (homeroom), 2 教学班 (teaching class). */
export const banji = pgTable(
  'class',
  {
    id: id(),
    schoolId: ref('school_id', () => school.id),
    gradeId: ref('grade_id', () => grade.id),
    name: text('name').notNull(),
    kind: smallint('kind').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('class_school_grade_idx').on(t.schoolId, t.gradeId)],
);
