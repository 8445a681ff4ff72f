import { FAILURES } from '@yj/contracts';
import { fail } from '../../errors';
import type { Tx } from '../../infra/db';
import { markerPaused } from './quality.repo';

export const PAUSED = FAILURES.markerPaused.message;

/** A marker flagged by 质检 on a block whose setting pauses flagged markers claims nothing until released. */
export async function assertNotPaused(tx: Tx, blockId: number, userId: number): Promise<void> {
  if (await markerPaused(tx, blockId, userId)) throw fail('markerPaused');
}
