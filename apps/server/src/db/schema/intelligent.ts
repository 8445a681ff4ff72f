import { boolean, integer, numeric, text } from 'drizzle-orm/pg-core';
import { id, ref, at, createdAt, updatedAt, index, pgTable, primaryKey } from '../columns';
import { user } from './people';
import { block } from './block';
import { paper } from './scan';

// 智能辅助 (issue 14): blank answers detected and, after a leader's check, scored 0; identical short answers
// grouped so a marker scores a group at once. Both off by default, per block.

/** A block's intelligent assistance: each part switched on by a leader or manager. */
export const blockIntelligent = pgTable('block_intelligent', {
  blockId: integer('block_id')
    .primaryKey()
    .references(() => block.id),
  /** 智能判空 */
  blank: boolean('blank').notNull().default(false),
  /** 相同答案归组 */
  grouping: boolean('grouping').notNull().default(false),
  updatedBy: integer('updated_by').references(() => user.id),
  updatedAt: updatedAt(),
});

/** One detection run over a block (a background job): its progress and outcome. */
export const intelligentRun = pgTable(
  'intelligent_run',
  {
    id: id(),
    blockId: ref('block_id', () => block.id),
    /** blank / group */
    kind: text('kind').notNull(),
    /** queued / running / done / failed */
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    /** what the run found: blanks, or groups of two or more */
    found: integer('found').notNull().default(0),
    error: text('error'),
    startedBy: integer('started_by').references(() => user.id),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('intelligent_run_block_idx').on(t.blockId, t.kind, t.id)],
);

/** The ink measured on one paper's cut of a block, and what became of it. */
export const intelligentBlank = pgTable(
  'intelligent_blank',
  {
    blockId: ref('block_id', () => block.id),
    paperId: ref('paper_id', () => paper.id),
    runId: integer('run_id').notNull(),
    ink: integer('ink').notNull(),
    excess: numeric('excess', { precision: 8, scale: 5, mode: 'number' }).notNull(),
    /** the measure's decision: nothing written */
    blank: boolean('blank').notNull(),
    /** measured / applied (scored 0) / returned (to ordinary marking) */
    state: text('state').notNull().default('measured'),
    decidedBy: integer('decided_by').references(() => user.id),
    decidedAt: at('decided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.blockId, t.paperId] }),
    index('intelligent_blank_state_idx').on(t.blockId, t.blank, t.state),
  ],
);

/** A group of papers whose answers look alike (相同答案归组). */
export const intelligentGroup = pgTable(
  'intelligent_group',
  {
    id: id(),
    blockId: ref('block_id', () => block.id),
    runId: integer('run_id').notNull(),
    /** the paper whose answer the others were compared with */
    headPaperId: ref('head_paper_id', () => paper.id),
    createdAt: createdAt(),
  },
  (t) => [index('intelligent_group_block_idx').on(t.blockId)],
);

/** A paper in a group (at most one group per block); left out when split off or once scored. */
export const intelligentGroupPaper = pgTable(
  'intelligent_group_paper',
  {
    blockId: integer('block_id').notNull(),
    paperId: ref('paper_id', () => paper.id),
    groupId: ref('group_id', () => intelligentGroup.id),
    distance: numeric('distance', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    /** in / split (taken out by a marker) / scored (the group's score given to it) */
    state: text('state').notNull().default('in'),
  },
  (t) => [
    primaryKey({ columns: [t.blockId, t.paperId] }),
    index('intelligent_group_paper_group_idx').on(t.groupId),
  ],
);
