import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { exam } from './exam';
import { subject } from './subject';

/**
 * A subject's score version: bumped by statement triggers on `score` (migration report_version_triggers) on
 * every insert, update or delete, whichever module writes. Reports cached at an older version are stale.
 */
export const reportVersion = pgTable('report_version', {
  subjectId: integer('subject_id')
    .primaryKey()
    .references(() => subject.id),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

/**
 * 报表缓存: the computed report of an exam's subject (subject_id 0: the total over its published subjects),
 * with the stamp (each subject it depends on: id, status and version) it was computed at. A score change
 * makes stale only the subject's report and the total; the others keep answering from here.
 */
export const reportCache = pgTable(
  'report_cache',
  {
    examId: integer('exam_id')
      .notNull()
      .references(() => exam.id),
    subjectId: integer('subject_id').notNull(),
    stamp: text('stamp').notNull(),
    data: jsonb('data').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.subjectId] })],
);
