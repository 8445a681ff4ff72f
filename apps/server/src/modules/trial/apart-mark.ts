import { sql } from 'drizzle-orm';
import type { MarkSubmitInput } from '@yj/contracts';
import { fail } from '../../errors';
import type { Tx } from '../../infra/db';
import { blockRules } from '../marking/marking-final';
import { assertMarks, scoresOf } from '../marking/marking.service';

/** The marks kept apart from the task pool: 试评 (trial_mark) and the hidden papers of 质检 (standard_mark). */
export type ApartTable = 'trial_mark' | 'standard_mark';

export interface ApartRow {
  id: number;
  block_id: number;
  user_id: number;
  status: string;
  lease_token: string | null;
}

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
  const s = scoresOf(input.scores);
  await tx.execute(sql`update ${sql.identifier(table)} set status = 'submitted', score = ${s.score},
    question_scores = ${JSON.stringify(s.questionScores)}::jsonb,
    point_scores = ${s.pointScores ? JSON.stringify(s.pointScores) : null}::jsonb,
    marks = ${JSON.stringify(input.marks)}::jsonb, spent_ms = ${input.spentMs ?? null},
    submitted_at = now(), lease_until = null where id = ${m.id}`);
  // 质检: a hidden paper's mark against its reference — the 标准卷's, or for a paper sent again the marker's
  // current mark of it (after a 回评 too) — is one of the marker's deviations (@yj/quality reads them)
  if (table === 'standard_mark')
    await tx.execute(sql`insert into mark_deviation (block_id, user_id, paper_id, kind, mark, other)
      select m.block_id, m.user_id, m.paper_id, m.kind, m.score, case when m.kind = 'self'
          then coalesce((select t.score from mark_task t where t.id = m.task_id and t.status = 'submitted'), m.ref_score)
          else m.ref_score end
      from standard_mark m where m.id = ${m.id}`);
  return { counted: true, blockId: m.block_id };
}
