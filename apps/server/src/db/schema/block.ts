import { sql } from 'drizzle-orm';
import { integer, numeric, smallint, text } from 'drizzle-orm/pg-core';
import { id, ref, updatedAt, index, pgTable } from '../columns';
import { subject } from './subject';
import { StoredBlockPointsSchema, StoredBlockRegionsSchema } from '@yj/contracts';
import { storedJsonb } from '../stored';

/** 题块: subjective questions marked together on one screen, with the marking mode of DESIGN.md §5. */
export const block = pgTable(
  'block',
  {
    id: id(),
    subjectId: ref('subject_id', () => subject.id),
    name: text('name').notNull(),
    nos: text('nos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    markCount: smallint('mark_count').notNull().default(1),
    threshold: numeric('threshold', { precision: 6, scale: 1, mode: 'number' }),
    finalRule: text('final_rule').notNull().default('mean'),
    arbitration: text('arbitration').notNull().default('leader'),
    assignMode: text('assign_mode').notNull().default('free'),
    quota: integer('quota'),
    sort: integer('sort').notNull().default(0),
    /** where the block is cut from: template rectangles, possibly on several pages (shape: BlockRegion[]) */
    regions: storedJsonb('regions', StoredBlockRegionsSchema, 'block.regions')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * a paper subject's 补考 (issue 34): where the block is cut from an online paper of the subject — its
     * questions' typed pages (online-typed.ts), set when a 补考 is handed in; null: no online paper. The scanned
     * papers keep `regions`.
     */
    typedRegions: storedJsonb('typed_regions', StoredBlockRegionsSchema, 'block.typed_regions'),
    /** 给分点 per question of the block (shape: BlockPoints[]) */
    points: storedJsonb('points', StoredBlockPointsSchema, 'block.points')
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: updatedAt(),
  },
  (t) => [index('block_subject_idx').on(t.subjectId, t.sort)],
);
