import { FAILURES } from '@yj/contracts';
import { sql } from 'drizzle-orm';
import { fail } from '../../errors';
import { rowsOf, type Tx } from '../../infra/db';

export const PAUSED = FAILURES.markerPaused.message;

/** A marker flagged by 质检 on a block whose setting pauses flagged markers claims nothing until released. */
export async function assertNotPaused(tx: Tx, blockId: number, userId: number): Promise<void> {
  const [r] = rowsOf<{ paused: boolean }>(
    await tx.execute(sql`select true as paused from marker_flag f join block_quality q on q.block_id = f.block_id
      where f.block_id = ${blockId} and f.user_id = ${userId} and f.state = 1 and q.pause`),
  );
  if (r) throw fail('markerPaused');
}
