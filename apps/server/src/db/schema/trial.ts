import { sql } from 'drizzle-orm';
import { integer, numeric, text, uuid } from 'drizzle-orm/pg-core';
import { id, ref, at, createdAt, index, pgTable, uniqueIndex } from '../columns';
import { user } from './people';
import { block } from './block';
import { paper } from './scan';
import {
  StoredMarkProblemSchema,
  StoredMarksSchema,
  StoredPointScoresSchema,
  StoredQuestionScoresSchema,
} from '@yj/contracts';
import { storedJsonb } from '../stored';

// 试评 (DESIGN.md §5) is stored apart from the task pool: a trial mark never reaches mark_task, block_score or
// any count of real marking, so starting real marking after a trial starts from clean tasks.

/** The lease and the mark of a mark kept apart (trial_mark, standard_mark): as mark_task keeps them. */
const apartMark = () => ({
  leaseToken: uuid('lease_token'),
  leaseUntil: at('lease_until'),
  score: numeric('score', { precision: 6, scale: 1, mode: 'number' }),
  questionScores: storedJsonb(
    'question_scores',
    StoredQuestionScoresSchema,
    'trial_mark / standard_mark question_scores',
  ),
  pointScores: storedJsonb(
    'point_scores',
    StoredPointScoresSchema,
    'trial_mark / standard_mark point_scores',
  ),
  marks: storedJsonb('marks', StoredMarksSchema, 'trial_mark / standard_mark marks').notNull().default([]),
  spentMs: integer('spent_ms'),
  submittedAt: at('submitted_at'),
});

/** A trial paper of a block, with the leader's reference score and comment once given. */
export const trialPaper = pgTable(
  'trial_paper',
  {
    id: id(),
    subjectId: integer('subject_id').notNull(),
    blockId: ref('block_id', () => block.id),
    paperId: ref('paper_id', () => paper.id),
    /** the reference (标准) score: block total, per question, per 给分点 */
    refScore: numeric('ref_score', { precision: 6, scale: 1, mode: 'number' }),
    refQuestionScores: storedJsonb(
      'ref_question_scores',
      StoredQuestionScoresSchema,
      'trial_paper.ref_question_scores',
    ),
    refPointScores: storedJsonb('ref_point_scores', StoredPointScoresSchema, 'trial_paper.ref_point_scores'),
    comment: text('comment').notNull().default(''),
    refBy: integer('ref_by').references(() => user.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('trial_paper_uq').on(t.blockId, t.paperId),
    index('trial_paper_subject_idx').on(t.subjectId),
  ],
);

/** One marker's trial mark of one trial paper: leased on claim, then submitted (or skipped). */
export const trialMark = pgTable(
  'trial_mark',
  {
    id: id(),
    trialPaperId: ref('trial_paper_id', () => trialPaper.id),
    blockId: integer('block_id').notNull(),
    userId: ref('user_id', () => user.id),
    /** leased / submitted / skipped */
    status: text('status').notNull(),
    ...apartMark(),
  },
  (t) => [
    uniqueIndex('trial_mark_uq').on(t.trialPaperId, t.userId),
    index('trial_mark_block_idx').on(t.blockId, t.userId),
  ],
);

/**
 * 样卷 / 标准卷: a paper with a leader's reference score. A 样卷 (kind sample) is shown to the block's markers
 * beside the marking standard; a 标准卷 (kind standard) is never shown: it is mixed into their streams (质检).
 */
export const samplePaper = pgTable(
  'sample_paper',
  {
    id: id(),
    subjectId: integer('subject_id').notNull(),
    blockId: ref('block_id', () => block.id),
    paperId: ref('paper_id', () => paper.id),
    score: numeric('score', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    questionScores: storedJsonb(
      'question_scores',
      StoredQuestionScoresSchema,
      'sample_paper.question_scores',
    ).notNull(),
    pointScores: storedJsonb('point_scores', StoredPointScoresSchema, 'sample_paper.point_scores'),
    comment: text('comment').notNull().default(''),
    /** sample: shown as an example; standard: hidden in the markers' streams */
    kind: text('kind').notNull().default('sample'),
    createdBy: integer('created_by').references(() => user.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sample_paper_uq').on(t.blockId, t.paperId)],
);

// A block's 标准卷 rate (`standard_every`) lives in block_quality (schema/quality.ts) with its quality limits.

/**
 * A 质检 paper handed to a marker in real marking, and their mark of it, kept apart from the task pool: it never
 * reaches a score. Kind 'standard': a 标准卷 (sample_paper) against its reference; kind 'self': the marker's own
 * earlier paper sent again (task_id), against their current mark of it (self-consistency). Its id comes from
 * mark_task's sequence so it shares the marker's task id space — the claim answers the same shape and the task
 * routes tell the two apart by the id alone.
 */
export const standardMark = pgTable(
  'standard_mark',
  {
    id: integer('id')
      .primaryKey()
      .default(sql`nextval('mark_task_id_seq')`),
    /** standard: a 标准卷; self: the marker's own earlier paper sent again */
    kind: text('kind').notNull().default('standard'),
    /** the 标准卷 (kind standard) */
    samplePaperId: integer('sample_paper_id').references(() => samplePaper.id),
    /** the marker's earlier task of the paper (kind self) */
    taskId: integer('task_id'),
    /** the paper shown (both kinds) */
    paperId: integer('paper_id').references(() => paper.id),
    blockId: integer('block_id').notNull(),
    userId: ref('user_id', () => user.id),
    /** leased / submitted / skipped / problem */
    status: text('status').notNull(),
    /** the reference when it was handed out (the leader may change it later); the first mark for kind self */
    refScore: numeric('ref_score', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    ...apartMark(),
    /** 回评 of the mark (changes go here only, never to a score) */
    version: integer('version').notNull().default(0),
    /** a 问题卷 on it, as a marker's 问题卷 on a task (MarkProblem): the leaders see it like any other */
    problem: storedJsonb('problem', StoredMarkProblemSchema, 'standard_mark.problem'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('standard_mark_uq').on(t.samplePaperId, t.userId),
    uniqueIndex('standard_mark_task_uq').on(t.taskId),
    index('standard_mark_block_idx').on(t.blockId, t.userId, t.status),
  ],
);
