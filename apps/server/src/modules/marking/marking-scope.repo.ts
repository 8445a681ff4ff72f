import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../infra/db';
import { executePrepared } from '../../infra/prepared';

/** The block's subject, null when there is no such block. */
export async function blockSubjectId(db: Db, blockId: number): Promise<number | null> {
  const [row] = rowsOf<{ subject_id: number }>(
    await db.execute(sql`select subject_id from block where id = ${blockId}`),
  );
  return row?.subject_id ?? null;
}

/** The block of a marking task, null when there is no such task. */
export async function taskBlockId(db: Db, taskId: number): Promise<number | null> {
  const [row] = rowsOf<{ block_id: number }>(
    await executePrepared(db, sql`select block_id from mark_task where id = ${taskId}`),
  );
  return row?.block_id ?? null;
}

/** The block of a 标准卷 of 质检 (standard_mark shares the task ids' sequence), null when there is none. */
export async function standardBlockId(db: Db, id: number): Promise<number | null> {
  const [row] = rowsOf<{ block_id: number }>(
    await db.execute(sql`select block_id from standard_mark where id = ${id}`),
  );
  return row?.block_id ?? null;
}
