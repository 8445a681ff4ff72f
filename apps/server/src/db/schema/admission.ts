import { sql } from 'drizzle-orm';
import { smallint, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, index, pgTable, ref, uniqueIndex, updatedAt } from '../columns';
import { school } from './org';

/**
 * 升学去向 (the spec's base-info card `university`): one graduate's admission. Names and classes are kept as text
 * as they were at graduation: the students and classes of a year long gone may no longer be in the roster.
 * One row per (year, class, name): a re-import of the same list updates instead of doubling it.
 */
export const graduateAdmission = pgTable(
  'graduate_admission',
  {
    id: id(),
    schoolId: ref('school_id', () => school.id),
    /** 毕业年份 */
    year: smallint('year').notNull(),
    name: text('name').notNull(),
    /** '' where the school did not keep it */
    xuehao: text('xuehao').notNull().default(''),
    className: text('class_name').notNull().default(''),
    university: text('university').notNull(),
    major: text('major').notNull().default(''),
    /** ADMISSION_BATCHES (contracts admission.ts) */
    batch: text('batch').notNull(),
    /** ADMISSION_LEVELS, or '' */
    level: text('level').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** deleted rows are kept (a deletion is audited and can be looked into), out of every list */
    deletedAt: at('deleted_at'),
  },
  (t) => [
    uniqueIndex('graduate_admission_uq')
      .on(t.schoolId, t.year, t.className, t.name)
      .where(sql`${t.deletedAt} is null`),
    index('graduate_admission_school_year_idx').on(t.schoolId, t.year),
  ],
);
