import { sql } from 'drizzle-orm';
import { integer, numeric, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { id, ref, at, createdAt, index, pgTable, primaryKey, uniqueIndex } from '../columns';
import { school } from './org';
import { user } from './people';
import { block } from './block';
import { paper } from './scan';
import { subject } from './subject';
import {
  StoredMarkProblemSchema,
  StoredMarksSchema,
  StoredPointScoresSchema,
  StoredQuestionScoresSchema,
  StoredTaskChangeSchema,
} from '@yj/contracts';
import { storedJsonb } from '../stored';

/** 阅卷老师 (role 4) and 题组长 (role 6) of a block, with the marker's share (DESIGN.md §5 distribution). */
export const blockReviewer = pgTable(
  'block_reviewer',
  {
    blockId: ref('block_id', () => block.id),
    userId: ref('user_id', () => user.id),
    /** ExamRole index: 4 reviewers, 6 leaders */
    role: smallint('role').notNull(),
    /** the school the marker marks for (in-school distribution of a joint exam); null: any */
    schoolId: integer('school_id').references(() => school.id),
    /** papers this marker may mark in the block (free claim quota or average share); null: no limit */
    quota: integer('quota'),
    /** by-class distribution (setting/divide): the classes whose papers this marker marks; empty: any */
    classIds: integer('class_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockId, t.userId, t.role] }),
    index('block_reviewer_user_idx').on(t.userId),
  ],
);

/**
 * 阅卷任务: one mark slot of one paper in one block (DESIGN.md §5). Slots 1 and 2 are the first and second
 * marks, 3 the third mark of 2+1+1, 9 a leader's arbitration. A claim is a lease; a submit keeps the lease
 * token so a replayed submit is recognised. Never deleted: a re-mark (打回) or 回评 writes mark_task_change.
 */
export const markTask = pgTable(
  'mark_task',
  {
    id: id(),
    // subject, school and class are copied from block and paper (no foreign key: createTasks writes 80,000 rows
    // at the start of marking, and each key's trigger per row was most of its time)
    subjectId: integer('subject_id').notNull(),
    blockId: ref('block_id', () => block.id),
    paperId: ref('paper_id', () => paper.id),
    /** the paper's school and class, copied so a claim filters without a join */
    schoolId: integer('school_id').notNull(),
    classId: integer('class_id'),
    slot: smallint('slot').notNull(),
    /**
     * The task's place in the pool (the claim's order): its id. A column of its own so that only the pool index
     * gives this order — ordered by id, the planner walked the primary key from the pool's start past every task
     * already claimed (a claim grew with the marking done: 1.9 ms at 3,000 claimed of 20,000 papers).
     */
    poolPos: integer('pool_pos')
      .notNull()
      .generatedAlwaysAs(sql`id`),
    /** MarkTaskStatus: pending / leased / submitted / problem */
    status: text('status').notNull().default('pending'),
    /** the holder of the lease, then the marker who submitted */
    userId: integer('user_id').references(() => user.id),
    leaseToken: uuid('lease_token'),
    leaseUntil: at('lease_until'),
    /** markers who skipped the task: it returns to the pool, not to them */
    skippedBy: integer('skipped_by')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** the block score: the sum of questionScores */
    score: numeric('score', { precision: 6, scale: 1, mode: 'number' }),
    /** question no → score */
    questionScores: storedJsonb('question_scores', StoredQuestionScoresSchema, 'mark_task.question_scores'),
    /** question no → score of each 给分点 */
    pointScores: storedJsonb('point_scores', StoredPointScoresSchema, 'mark_task.point_scores'),
    /** annotations drawn on the image (vectors, normalised to the image) */
    marks: storedJsonb('marks', StoredMarksSchema, 'mark_task.marks').notNull().default([]),
    spentMs: integer('spent_ms'),
    submittedAt: at('submitted_at'),
    /** bumped on every change of a submitted score (回评, leader); a modify names the version it read */
    version: integer('version').notNull().default(0),
    /** 问题卷: reason, note, who flagged, and the leader's resolution */
    problem: storedJsonb('problem', StoredMarkProblemSchema, 'mark_task.problem'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mark_task_slot_uq').on(t.blockId, t.paperId, t.slot),
    // the claim walks this in order and skips locked rows
    index('mark_task_pool_idx')
      .on(t.blockId, t.slot, t.poolPos)
      .where(sql`${t.status} = 'pending'`),
    index('mark_task_user_idx').on(t.blockId, t.userId, t.status),
    // a claim's expired-lease candidates are a point look-up in their block (without the block, the planner walked
    // the block's mark_task_user_idx entries under 1,000 markers' leases)
    index('mark_task_lease_idx')
      .on(t.blockId, t.leaseUntil)
      .where(sql`${t.status} = 'leased'`),
    index('mark_task_subject_idx').on(t.subjectId, t.status),
    index('mark_task_paper_idx').on(t.paperId),
  ],
);

/** Every change of a submitted mark (回评, leader's re-mark, problem resolution): before and after, never lost. */
export const markTaskChange = pgTable(
  'mark_task_change',
  {
    id: id(),
    taskId: ref('task_id', () => markTask.id),
    userId: ref('user_id', () => user.id),
    /** modify / remark / recall / resolve / arbitrate */
    action: text('action').notNull(),
    before: storedJsonb('before', StoredTaskChangeSchema, 'mark_task_change.before').notNull(),
    after: storedJsonb('after', StoredTaskChangeSchema, 'mark_task_change.after').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('mark_task_change_task_idx').on(t.taskId)],
);

/** The final score of one paper in one block, decided by the rules of packages/scoring from its marks. */
export const blockScore = pgTable(
  'block_score',
  {
    blockId: ref('block_id', () => block.id),
    paperId: ref('paper_id', () => paper.id),
    subjectId: ref('subject_id', () => subject.id),
    score: numeric('score', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    questionScores: storedJsonb(
      'question_scores',
      StoredQuestionScoresSchema,
      'block_score.question_scores',
    ).notNull(),
    /** BlockScoreSource: single / double / third / arbitration / leader / xianyue */
    source: text('source').notNull(),
    decidedBy: integer('decided_by').references(() => user.id),
    decidedAt: at('decided_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockId, t.paperId] }), index('block_score_subject_idx').on(t.subjectId)],
);

/**
 * Subjects whose task pool may lack a paper's tasks: a row is written by triggers (migration 0052) whenever what
 * makes a paper × block eligible for tasks changes, and taken by the minute sweep (marking.jobs.ts), which runs
 * createTasks only for a subject with one — the sweep read every paper × block of every subject in 阅卷中.
 */
export const markSweepDue = pgTable('mark_sweep_due', {
  subjectId: integer('subject_id').primaryKey(),
});
