import { sql, type SQL } from 'drizzle-orm';
import { intArray, rowsOf, type Db, type Tx } from '../../../infra/db';
import { executePrepared } from '../../../infra/prepared';

/**
 * Up to `limit` stale rows taken (of one subject, or any), removed and answered; rows another transaction holds
 * are skipped, or waited for when `wait`.
 */
export async function takeStale(
  tx: Tx | Db,
  subjectId: number | null,
  limit: number,
  wait: boolean,
): Promise<Array<{ subject_id: number; examinee_id: number }>> {
  const only = subjectId === null ? sql`` : sql`where subject_id = ${subjectId}`;
  return rowsOf<{ subject_id: number; examinee_id: number }>(
    await tx.execute(sql`delete from score_stale where (subject_id, examinee_id) in (
        select subject_id, examinee_id from score_stale ${only} order by subject_id, examinee_id
        limit ${limit} for update${wait ? sql`` : sql` skip locked`})
      returning subject_id, examinee_id`),
  );
}

/**
 * A row already there is locked, not passed over (`do nothing` let a batch take and derive it before this
 * transaction's block score was committed, and nothing brought the examinee up again: bench:marking found 23
 * question scores behind at 144 submits/s): locked, the batch skips it until the commit, or this waits for the
 * batch that holds it and records it anew.
 */
const KEEP_LOCKED = sql`on conflict (subject_id, examinee_id) do update set created_at = score_stale.created_at`;

/** The paper's examinee recorded as stale: the statement (a submit runs it inside its claim's). */
export const markStaleSql = (paperId: number): SQL =>
  sql`insert into score_stale (subject_id, examinee_id)
    select subject_id, examinee_id from paper where id = ${paperId} and examinee_id is not null
    ${KEEP_LOCKED}`;

/** The paper's examinee recorded as stale. */
export async function markStale(tx: Tx, paperId: number): Promise<void> {
  await executePrepared(tx, markStaleSql(paperId));
}

/** The papers' examinees recorded as stale, one statement. */
export async function markStaleMany(tx: Tx, paperIds: number[]): Promise<void> {
  await tx.execute(sql`insert into score_stale (subject_id, examinee_id)
    select subject_id, examinee_id from paper where id = any(${intArray(paperIds)})
      and examinee_id is not null
    ${KEEP_LOCKED}`);
}

/** Every stale row of the subject removed; answers their examinees. */
export async function takeSubjectStale(tx: Tx, subjectId: number): Promise<number[]> {
  return rowsOf<{ examinee_id: number }>(
    await tx.execute(sql`delete from score_stale where subject_id = ${subjectId} returning examinee_id`),
  ).map((r) => r.examinee_id);
}
