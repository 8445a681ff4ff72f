import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, integer, numeric, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { id, ref, at, createdAt, updatedAt, index, pgTable, primaryKey, uniqueIndex } from '../columns';
import { user } from './people';
import { block } from './block';
import {
  StoredFlagReasonsSchema,
  StoredQualityLimitsSchema,
  StoredQuestionScoresSchema,
  StoredVoidedFlagSchema,
} from '@yj/contracts';
import { storedJsonb } from '../stored';

// Monitoring figures kept incrementally (issue 14): the triggers of migration quality_counters update them in
// the transaction that changes a mark_task row, so a monitoring screen reads a few hundred counter rows, never
// the tasks. Every row is keyed by the marker (and the paper's school): a submit only touches its own
// marker's rows, so concurrent markers never wait on one another's counter.

/** A marker's marks in a block for one school of the papers: done, arbitrations, first and last submit. */
export const markStat = pgTable(
  'mark_stat',
  {
    blockId: integer('block_id').notNull(),
    userId: integer('user_id').notNull(),
    schoolId: integer('school_id').notNull(),
    /** submitted marks of slots 1–3 */
    done: integer('done').notNull().default(0),
    /** submitted arbitrations (slot 9) */
    arbDone: integer('arb_done').notNull().default(0),
    firstAt: at('first_at').notNull(),
    lastAt: at('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockId, t.userId, t.schoolId] })],
);

/** A marker's score histogram in a block (slots 1–3): mean, SD, shares of 0 and full, the distribution. */
export const markStatScore = pgTable(
  'mark_stat_score',
  {
    blockId: integer('block_id').notNull(),
    userId: integer('user_id').notNull(),
    score: numeric('score', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.blockId, t.userId, t.score] })],
);

/** New marks per marker and minute: speed over the last 10 minutes and the speed-over-time chart. */
export const markStatMinute = pgTable(
  'mark_stat_minute',
  {
    blockId: integer('block_id').notNull(),
    userId: integer('user_id').notNull(),
    minute: at('minute').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.blockId, t.minute, t.userId] })],
);

/** Double-marking pairs of a marker: count, within the block's threshold, sums of signed and absolute difference. */
export const markPairStat = pgTable(
  'mark_pair_stat',
  {
    blockId: integer('block_id').notNull(),
    userId: integer('user_id').notNull(),
    pairs: integer('pairs').notNull().default(0),
    agree: integer('agree').notNull().default(0),
    diffSum: numeric('diff_sum', { precision: 12, scale: 1, mode: 'number' }).notNull().default(0),
    absSum: numeric('abs_sum', { precision: 12, scale: 1, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.blockId, t.userId] })],
);

/** Tasks made per block and paper school (slot 1: papers; 1–3: marks to give; 9: arbitrations). */
export const markStatTotal = pgTable(
  'mark_stat_total',
  {
    blockId: integer('block_id').notNull(),
    schoolId: integer('school_id').notNull(),
    papers: integer('papers').notNull().default(0),
    tasks: integer('tasks').notNull().default(0),
    arb: integer('arb').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.blockId, t.schoolId] })],
);

/**
 * A marker's signed deviations in marking order (append-only): 'pair' from double marking (the trigger),
 * 'standard' a standard paper against its reference score and 'self' a paper sent again against the first
 * mark (written by 质检 mixing). EWMA / CUSUM drift reads the latest of them.
 */
export const markDeviation = pgTable(
  'mark_deviation',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    blockId: integer('block_id').notNull(),
    userId: integer('user_id').notNull(),
    paperId: integer('paper_id').notNull(),
    /** pair / standard / self */
    kind: text('kind').notNull(),
    mark: numeric('mark', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    other: numeric('other', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    at: at('at').notNull().defaultNow(),
    /**
     * set when the mark behind it was discarded (重置阅卷, 重新选题): the record stays, shown as voided in the
     * report, and no longer counts in any figure or flag
     */
    voidedAt: at('voided_at'),
  },
  // a marker's latest of a kind (drift), and a kind's sums per block (standard, self) read a range of it
  (t) => [index('mark_deviation_marker_idx').on(t.blockId, t.kind, t.userId, t.id)],
);

/**
 * A block's quality setting: its limits (packages/quality QualityLimits; missing keys take the defaults), whether
 * a flagged marker is paused, the 标准卷 rate — one after every `standardEvery` real marks (null: off) — the
 * self-consistency rate (one of the marker's own papers again after every `selfEvery`) and the leaders' spot-check
 * share (`spotPercent` of each marker's submitted papers re-marked blind).
 */
export const blockQuality = pgTable('block_quality', {
  blockId: integer('block_id')
    .primaryKey()
    .references(() => block.id),
  limits: storedJsonb('limits', StoredQualityLimitsSchema, 'block_quality.limits').notNull().default({}),
  standardEvery: integer('standard_every'),
  selfEvery: integer('self_every'),
  spotPercent: smallint('spot_percent').notNull().default(0),
  /** a flagged marker may not claim until a leader lets them go on */
  pause: boolean('pause').notNull().default(false),
  updatedBy: integer('updated_by').references(() => user.id),
  updatedAt: updatedAt(),
});

/** A marker flagged by the quality rule: the reasons, and a leader's release (kept, never deleted). */
export const markerFlag = pgTable(
  'marker_flag',
  {
    blockId: ref('block_id', () => block.id),
    userId: ref('user_id', () => user.id),
    reasons: storedJsonb('reasons', StoredFlagReasonsSchema, 'marker_flag.reasons').notNull(),
    /** 1 flagged (paused if the block says so), 0 released by a leader */
    state: smallint('state').notNull().default(1),
    /** marks done when flagged: a released marker is judged again only on later marks */
    atDone: integer('at_done').notNull().default(0),
    flaggedAt: at('flagged_at').notNull().defaultNow(),
    releasedBy: integer('released_by').references(() => user.id),
    releasedAt: at('released_at'),
    note: text('note'),
    /**
     * pieces of evidence the bias rule counted for the marker when flagged (those after evidence_after, within
     * its window), whatever the reasons; null only on flags made before migration 0031 kept it
     */
    atEvidence: integer('at_evidence'),
    /** the bias rule reads only evidence (mark_deviation ids) after this one: moved on by a leader's release */
    evidenceAfter: bigint('evidence_after', { mode: 'number' }).notNull().default(0),
    /** the flag a reset voided with the marker's marks (its reasons, papers done and time), kept for the report */
    voided: storedJsonb('voided', StoredVoidedFlagSchema, 'marker_flag.voided'),
  },
  (t) => [primaryKey({ columns: [t.blockId, t.userId] })],
);

/**
 * A leader's blind spot check of one marker's submitted task (质检): the leader marks the paper without seeing
 * the marker's score; the submit records the difference (mark_deviation kind 'spot') and only then shows it.
 */
export const spotCheck = pgTable(
  'spot_check',
  {
    id: id(),
    blockId: ref('block_id', () => block.id),
    /** the marker's task checked */
    taskId: integer('task_id').notNull(),
    markerId: ref('marker_id', () => user.id),
    paperId: integer('paper_id').notNull(),
    leaderId: ref('leader_id', () => user.id),
    /** leased / submitted */
    status: text('status').notNull(),
    leaseToken: uuid('lease_token'),
    score: numeric('score', { precision: 6, scale: 1, mode: 'number' }),
    questionScores: storedJsonb('question_scores', StoredQuestionScoresSchema, 'spot_check.question_scores'),
    /** the marker's mark when the leader submitted */
    markerScore: numeric('marker_score', { precision: 6, scale: 1, mode: 'number' }),
    submittedAt: at('submitted_at'),
    createdAt: createdAt(),
    /** the checked mark was discarded (重置阅卷): the check stays as a record; the task may be checked again */
    voidedAt: at('voided_at'),
  },
  (t) => [
    uniqueIndex('spot_check_task_uq')
      .on(t.taskId)
      .where(sql`voided_at is null`),
    index('spot_check_block_idx').on(t.blockId, t.markerId, t.status),
  ],
);
