import { sql } from 'drizzle-orm';
import { bigint, integer, text } from 'drizzle-orm/pg-core';
import { id, ref, at, createdAt, updatedAt, index, pgTable, primaryKey, uniqueIndex } from '../columns';
import { user } from './people';
import { exam } from './exam';
import { school } from './org';
import { subject } from './subject';
import { StoredReportSettingsSchema } from '@yj/contracts';
import { storedJsonb } from '../stored';

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
 * makes stale only the subject's report and the total; the others keep answering from here. `kind`: 'report'
 * (the report's figures), 'students' (the 学生成绩 figures of every examinee, which 进退步 reads too). `data`: the
 * figures as JSON text, stored and answered as they are (text, not jsonb: never queried inside, and jsonb cost a
 * parse on every store and a print on every read).
 */
export const reportCache = pgTable(
  'report_cache',
  {
    examId: ref('exam_id', () => exam.id),
    subjectId: integer('subject_id').notNull(),
    kind: text('kind').notNull().default('report'),
    stamp: text('stamp').notNull(),
    data: text('data').notNull(),
    computedAt: at('computed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.subjectId, t.kind] })],
);

/**
 * 报表设置 of an exam (四率 lines, 等级赋分 grades, 临界生 lines): an exam without a row uses the defaults.
 * `version` goes into every cached report's stamp, so a change makes the exam's cached reports stale.
 */
export const reportSetting = pgTable('report_setting', {
  examId: integer('exam_id')
    .primaryKey()
    .references(() => exam.id),
  settings: storedJsonb('settings', StoredReportSettingsSchema, 'report_setting.settings').notNull(),
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by').references(() => user.id),
  updatedAt: updatedAt(),
});

/**
 * 分析组 of an exam: a set of classes (`class_ids`) or of examinees (`examinee_ids`) whose reports are computed
 * on their own. `school_id`: the school of every member, null when they span schools (a joint exam's monitor).
 * `version` moves on with every change of name or members and goes into the stamp of the group's cached
 * reports (report_cache kind `group:<id>`). Deleting sets `deleted_at` (the row stays, for the audit trail).
 */
export const analysisGroup = pgTable(
  'analysis_group',
  {
    id: id(),
    examId: ref('exam_id', () => exam.id),
    schoolId: integer('school_id').references(() => school.id),
    name: text('name').notNull(),
    classIds: integer('class_ids').array(),
    examineeIds: integer('examinee_ids').array(),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => user.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('analysis_group_exam_idx').on(t.examId),
    // two live groups of an exam never share a name (a double-clicked 新建 stores one)
    uniqueIndex('analysis_group_name_uq')
      .on(t.examId, t.name)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * 分析隐藏设置 (spec §7 hidden-config for analysis) of an exam: the parts of the reports kept from some readers,
 * as keys of ANALYSIS_HIDE_KEYS (contracts). No row: nothing hidden.
 */
export const analysisHidden = pgTable('analysis_hidden', {
  examId: integer('exam_id')
    .primaryKey()
    .references(() => exam.id),
  hidden: text('hidden')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedBy: integer('updated_by').references(() => user.id),
  updatedAt: updatedAt(),
});
