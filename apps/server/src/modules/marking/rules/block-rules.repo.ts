import { sql } from 'drizzle-orm';
import type { BlockPoints } from '@yj/contracts';
import { rowsOf, type Db, type Tx } from '../../../infra/db';
import { readMarkRows, type MarkJsonb } from '../../../db/stored';

/** Rows of a raw read with their jsonb columns (block.points) parsed as they leave the database. */
const parsedRows = <T extends MarkJsonb>(r: unknown) => readMarkRows(rowsOf<T>(r), 'block.points');

/** A block with the structure's questions it marks, as stored (mark-rules.ts `blockRules` reads it as rules). */
export interface BlockRulesRow {
  id: number;
  subject_id: number;
  name: string;
  mark_count: number;
  threshold: string | null;
  final_rule: string;
  arbitration: string;
  nos: string[];
  points: BlockPoints[];
  questions: Array<{ no: string; score: string; step: string; answer: string }>;
}

/** The block's marking settings and, from the subject's structure, the questions it names. */
export async function blockRulesRow(db: Tx | Db, blockId: number): Promise<BlockRulesRow | null> {
  const [b] = parsedRows<BlockRulesRow>(
    await db.execute(sql`select b.id, b.subject_id, b.name, b.mark_count, b.threshold, b.final_rule,
      b.arbitration, b.nos, b.points,
      coalesce((select json_agg(json_build_object('no', q.no, 'score', q.score, 'step', q.step, 'answer', q.answer))
        from question q where q.subject_id = b.subject_id and q.no = any(b.nos)), '[]') as questions
      from block b where b.id = ${blockId}`),
  );
  return b ?? null;
}
