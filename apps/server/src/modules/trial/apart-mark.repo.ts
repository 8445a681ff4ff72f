import { sql } from 'drizzle-orm';
import type { Tx } from '../../infra/db';

/** The marks kept apart from the task pool: 试评 (trial_mark) and the hidden papers of 质检 (standard_mark). */
export type ApartTable = 'trial_mark' | 'standard_mark';

export interface ApartRow {
  id: number;
  block_id: number;
  user_id: number;
  status: string;
  lease_token: string | null;
}

/** A mark kept apart, as stored on its row. */
export interface ApartMark {
  score: number;
  questionScores: Record<string, number>;
  pointScores: Record<string, number[]> | null;
  marks: unknown;
  spentMs: number | null;
}

/** The mark written on its row, which is submitted and leaves its lease. */
export async function submitApartRow(tx: Tx, table: ApartTable, id: number, s: ApartMark): Promise<void> {
  await tx.execute(sql`update ${sql.identifier(table)} set status = 'submitted', score = ${s.score},
    question_scores = ${JSON.stringify(s.questionScores)}::jsonb,
    point_scores = ${s.pointScores ? JSON.stringify(s.pointScores) : null}::jsonb,
    marks = ${JSON.stringify(s.marks)}::jsonb, spent_ms = ${s.spentMs},
    submitted_at = now(), lease_until = null where id = ${id}`);
}

/**
 * A hidden paper's mark against its reference — the 标准卷's, or for a paper sent again the marker's current
 * mark of it (after a 回评 too) — recorded as one of the marker's deviations (@yj/quality reads them).
 */
export async function recordStandardDeviation(tx: Tx, standardMarkId: number): Promise<void> {
  await tx.execute(sql`insert into mark_deviation (block_id, user_id, paper_id, kind, mark, other)
    select m.block_id, m.user_id, m.paper_id, m.kind, m.score, case when m.kind = 'self'
        then coalesce((select t.score from mark_task t where t.id = m.task_id and t.status = 'submitted'), m.ref_score)
        else m.ref_score end
    from standard_mark m where m.id = ${standardMarkId}`);
}
