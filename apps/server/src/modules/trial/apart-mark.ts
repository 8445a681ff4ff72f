import type { MarkSubmitInput } from '@yj/contracts';
import { fail } from '../../errors';
import type { Tx } from '../../infra/db';
import { assertMarks, blockRules, scoresOf } from '../marking/rules/mark-rules';
import { recordStandardDeviation, submitApartRow, type ApartRow, type ApartTable } from './apart-mark.repo';

/**
 * The submit of a mark kept apart, on its locked row: checked against the block's questions like any mark,
 * stored on the row and nowhere else; a replay of the same lease counts once.
 */
export async function submitApart(
  tx: Tx,
  table: ApartTable,
  m: ApartRow,
  userId: number,
  input: MarkSubmitInput,
): Promise<{ counted: boolean; blockId: number }> {
  const mine = m.user_id === userId && m.lease_token === input.leaseToken;
  if (m.status === 'submitted' && mine) return { counted: false, blockId: m.block_id };
  if (!mine || m.status !== 'leased') throw fail('taskTimedOut');
  const rules = await blockRules(tx, m.block_id);
  if (!rules) throw fail('blockNotFound');
  assertMarks(input.scores, rules);
  await submitApartRow(tx, table, m.id, {
    ...scoresOf(input.scores),
    marks: input.marks,
    spentMs: input.spentMs ?? null,
  });
  // 质检: a hidden paper's mark is one of the marker's deviations against its reference
  if (table === 'standard_mark') await recordStandardDeviation(tx, m.id);
  return { counted: true, blockId: m.block_id };
}
