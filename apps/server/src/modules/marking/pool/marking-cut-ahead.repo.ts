import { sql } from 'drizzle-orm';
import { MarkSlot, type BlockRegion } from '@yj/contracts';
import { intArray, rowsOf, type Db } from '../../../infra/db';
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

/** The block's papers with a pending first mark after a pool position, in pool order: ids only (the walk). */
export async function pendingPapers(
  db: Db,
  blockId: number,
  afterPos: number,
  limit: number,
): Promise<Array<{ pool_pos: number; paper_id: number }>> {
  return rowsOf<{ pool_pos: number; paper_id: number }>(
    await db.execute(sql`select t.pool_pos, t.paper_id from mark_task t
      where t.block_id = ${blockId} and t.slot = ${MarkSlot.first} and t.status = 'pending'
        and t.pool_pos > ${afterPos}
      order by t.pool_pos limit ${limit}`),
  );
}

/** The regions of every framed block of the subject, in id order (`pendingAfter`'s `blocks` of each paper). */
export async function subjectRegions(db: Db, subjectId: number): Promise<BlockRegion[][]> {
  return rowsOf<{ regions: BlockRegion[] }>(
    await db.execute(sql`select regions from block where subject_id = ${subjectId}
      and jsonb_array_length(regions) > 0 order by id`),
  ).map((b) => b.regions);
}

/** The pages of these papers as the cutter reads them (`TASK_PAGES`), by paper. */
export async function paperPages(db: Db, paperIds: number[]): Promise<Map<number, TaskPage[]>> {
  const rows = withPages(
    rowsOf<{ paper_id: number; pages: TaskPage[] }>(
      await db.execute(sql`select t.paper_id, ${TASK_PAGES}
        from unnest(${intArray(paperIds)}) as t(paper_id)`),
    ),
  );
  return new Map(rows.map((r) => [r.paper_id, r.pages]));
}

/** The subject's blocks, in id order. */
export async function subjectBlockIds(db: Db, subjectId: number): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(sql`select id from block where subject_id = ${subjectId} order by id`),
  ).map((b) => b.id);
}
