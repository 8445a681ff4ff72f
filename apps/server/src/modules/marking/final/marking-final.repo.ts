import { sql, type SQL } from 'drizzle-orm';
import { BlockScoreSource, StoredPaperScoresSchema } from '@yj/contracts';
import type { PaperScore } from '../../../db/schema';
import { rowsOf, type Db, type Tx } from '../../../infra/db';
import { executePrepared } from '../../../infra/prepared';
import { readMarkRows, readStored } from '../../../db/stored';

/** A transaction or the database: every statement here runs on what the caller gives it. */
type Conn = Tx | Db;

export interface SlotRow {
  id: number;
  slot: number;
  status: string;
  user_id: number | null;
  lease_token: string | null;
  lease_until: Date | string | null;
  submitted_at: Date | string | null;
  question_scores: Record<string, number> | null;
  score: string | null;
  school_id: number;
  class_id: number | null;
  subject_id: number;
}

/** What finalize reads first: the paper's tasks (locked) and the source of its block score, if any. */
export interface PaperSeen {
  tasks: SlotRow[];
  kept: string | null;
}

/** A block score to write: the block, the paper and what decided it. */
export interface BlockScoreWrite {
  blockId: number;
  paperId: number;
  subjectId: number;
  score: number;
  questionScores: Record<string, number>;
  source: string;
}

/** The subject's live papers of present examinees that carry 先阅后扫 strip scores. */
export async function stripPapers(
  tx: Conn,
  subjectId: number,
): Promise<Array<{ id: number; scores: Record<string, PaperScore> }>> {
  const rows = rowsOf<{ id: number; scores: unknown }>(
    await tx.execute(sql`select p.id, p.scores from paper p
      where p.subject_id = ${subjectId} and p.deleted_at is null and p.status = 'ok' and p.scores <> '{}'::jsonb
        and p.examinee_id is not null
        and not exists (select 1 from absence a where a.examinee_id = p.examinee_id and a.subject_id = p.subject_id)`),
  );
  // paper.scores is not null (default '{}'), and these rows hold some
  return rows.map((r) => ({
    id: r.id,
    scores: readStored(StoredPaperScoresSchema, r.scores, `paper ${r.id} scores`) ?? {},
  }));
}

/** The subject's blocks with their question numbers. */
export async function subjectBlockNos(
  tx: Conn,
  subjectId: number,
): Promise<Array<{ id: number; nos: string[] }>> {
  return rowsOf<{ id: number; nos: string[] }>(
    await tx.execute(sql`select id, nos from block where subject_id = ${subjectId}`),
  );
}

/** Strip scores inserted where the paper has no block score yet, 1,000 rows a statement. */
export async function insertStripScores(tx: Conn, scores: BlockScoreWrite[]): Promise<void> {
  const values = scores.map(
    (s) =>
      sql`(${s.blockId}, ${s.paperId}, ${s.subjectId}, ${s.score}, ${JSON.stringify(s.questionScores)}::jsonb, ${BlockScoreSource.xianyue})`,
  );
  for (let i = 0; i < values.length; i += 1000)
    await tx.execute(sql`insert into block_score (block_id, paper_id, subject_id, score, question_scores, source)
      values ${sql.join(values.slice(i, i + 1000), sql`, `)} on conflict do nothing`);
}

/** The subject's strip-sourced block scores removed (marks and a leader's scores stay). */
export async function deleteStripScores(tx: Conn, subjectId: number): Promise<void> {
  await tx.execute(
    sql`delete from block_score where subject_id = ${subjectId} and source = ${BlockScoreSource.xianyue}`,
  );
}

/** The pool's big insert planned for itself: no JIT, and its sort kept in memory. */
export async function poolInsertSettings(tx: Conn): Promise<void> {
  // JIT compiling this plan costs more than running it (measured ~0.8 s of ~2 s at 20,000 papers × 3 blocks)
  await tx.execute(sql`set local jit = off`);
  // the pool-ordered rows are sorted in memory, not spilled to disk (60,000 rows need ~10 MB)
  await tx.execute(sql`set local work_mem = '32MB'`);
}

/** The tasks of every live, recognised, unscored paper of a present examinee; answers how many were added. */
export async function insertSubjectTasks(tx: Conn, subjectId: number): Promise<number> {
  const r =
    await tx.execute(sql`insert into mark_task (subject_id, block_id, paper_id, school_id, class_id, slot)
    select b.subject_id, b.id, p.id, e.school_id, e.class_id, s.slot
    from block b
    join paper p on p.subject_id = b.subject_id and p.deleted_at is null and p.status = 'ok'
    join examinee e on e.id = p.examinee_id
    cross join lateral generate_series(1, b.mark_count::int) as s(slot)
    where b.subject_id = ${subjectId} and cardinality(b.nos) > 0
      and not exists (select 1 from absence a where a.examinee_id = p.examinee_id and a.subject_id = b.subject_id)
      and not exists (select 1 from block_score bs where bs.block_id = b.id and bs.paper_id = p.id)
      and not exists (select 1 from mark_task mt where mt.block_id = b.id and mt.paper_id = p.id)
    -- ids follow paper then slot: the claim walks the pool in id order, a paper's second mark after its first
    order by p.id, b.id, s.slot
    on conflict do nothing`);
  return (r as { rowCount?: number | null; affectedRows?: number }).rowCount ?? 0;
}

/** Locks the paper's tasks of the block, in id order (every writer takes them in the same order: no deadlock). */
export async function lockPaperTasks(tx: Conn, blockId: number, paperId: number): Promise<SlotRow[]> {
  return readMarkRows(
    rowsOf<SlotRow>(
      await tx.execute(sql`select id, slot, status, user_id, lease_token, lease_until, submitted_at, question_scores, score,
      school_id, class_id, subject_id
      from mark_task where block_id = ${blockId} and paper_id = ${paperId} order by id for update`),
    ),
    'mark_task',
  );
}

/** The source of the paper's block score, null when it has none. */
export async function blockScoreSource(tx: Conn, blockId: number, paperId: number): Promise<string | null> {
  return (
    rowsOf<{ source: string }>(
      await tx.execute(
        sql`select source from block_score where block_id = ${blockId} and paper_id = ${paperId}`,
      ),
    )[0]?.source ?? null
  );
}

/**
 * The writes finalize decides, as statements not yet run: finalize runs them one by one; a submit that claims
 * the following paper runs them as parts of its claim's statement (one round trip, marking.repo.ts `claimAfter`).
 */
export const finalSql = {
  /** Writes or replaces the paper's block score (a decision clears who decided it by hand). */
  upsertBlockScore: (s: BlockScoreWrite): SQL =>
    sql`insert into block_score (block_id, paper_id, subject_id, score, question_scores, source)
    values (${s.blockId}, ${s.paperId}, ${s.subjectId}, ${s.score}, ${JSON.stringify(s.questionScores)}::jsonb, ${s.source})
    on conflict (block_id, paper_id) do update set score = excluded.score,
      question_scores = excluded.question_scores, source = excluded.source, decided_by = null, decided_at = now()`,
  /** The paper's block score removed (it waits for another mark). */
  deleteBlockScore: (blockId: number, paperId: number): SQL =>
    sql`delete from block_score where block_id = ${blockId} and paper_id = ${paperId}`,
  deleteTask: (taskId: number): SQL => sql`delete from mark_task where id = ${taskId}`,
  /** A task of `slot` for the paper, placed like its first slot's (school, class). */
  insertSlot: (base: SlotRow, blockId: number, paperId: number, slot: number): SQL =>
    sql`insert into mark_task (subject_id, block_id, paper_id, school_id, class_id, slot)
    values (${base.subject_id}, ${blockId}, ${paperId}, ${base.school_id}, ${base.class_id}, ${slot})
    on conflict do nothing`,
};

/** finalize's writes run in order on the caller's transaction. */
export async function runWrites(tx: Conn, writes: SQL[]): Promise<void> {
  for (const w of writes) await executePrepared(tx, w);
}
