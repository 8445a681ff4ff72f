import { sql } from 'drizzle-orm';
import { MarkSlot, type BlockRegion } from '@yj/contracts';
import { rowsOf, type Db } from '../../../infra/db';
import { TASK_PAGES, withPages, type TaskPage } from './marking.repo';

/** A paper waiting for its first mark, with the regions of every framed block of its subject. */
export interface PendingPaper {
  pool_pos: number;
  paper_id: number;
  blocks: BlockRegion[][];
  /** its pages as the cutter reads them: the cut needs no statement of its own (issue 35) */
  pages: TaskPage[];
}

/**
 * The block's papers with a pending first mark after a pool position, in pool order along the pool index,
 * each with the regions of every framed block of its subject (a paper's pages are decoded once for all).
 */
export async function pendingAfter(
  db: Db,
  blockId: number,
  afterPos: number,
  limit: number,
): Promise<PendingPaper[]> {
  return withPages(
    rowsOf<PendingPaper>(
      await db.execute(sql`select t.pool_pos, t.paper_id, (select coalesce(json_agg(b.regions order by b.id), '[]')
        from block b where b.subject_id = t.subject_id and jsonb_array_length(b.regions) > 0) as blocks, ${TASK_PAGES}
      from mark_task t
      where t.block_id = ${blockId} and t.slot = ${MarkSlot.first} and t.status = 'pending'
        and t.pool_pos > ${afterPos}
      order by t.pool_pos limit ${limit}`),
    ),
  );
}

/** The subject's blocks, in id order. */
export async function subjectBlockIds(db: Db, subjectId: number): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(sql`select id from block where subject_id = ${subjectId} order by id`),
  ).map((b) => b.id);
}
