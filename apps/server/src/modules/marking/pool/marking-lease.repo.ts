import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../infra/db';
import type { PaperSeen, SlotRow } from '../final/marking-final.repo';
import { executePrepared } from '../../../infra/prepared';

/** A paper task as the lease checks and finalize read it. */
export type LeaseRow = SlotRow & { block_id: number; paper_id: number };

/** The paper's tasks locked, with what the lease checks need beside them. */
export interface LeaseLock {
  tasks: LeaseRow[];
  /** the subject's status, null when deleted */
  subjectStatus: number | null;
  /** changes when the block or its questions change: the key of the cached rules */
  rulesKey: string;
}

const SLOT_COLUMNS = sql.raw(`t.id, t.slot, t.status, t.user_id, t.lease_token, t.lease_until, t.submitted_at,
  t.question_scores, t.score, t.school_id, t.class_id, t.subject_id, t.block_id, t.paper_id`);

/**
 * The lease statements of a submit, skip, defer or 问题卷: few round trips, as a marker waits on each (the
 * backends would sit idle in transaction between them).
 */
export const leaseRepo = {
  /**
   * The task's paper tasks of its block locked in id order (every writer takes them so: no deadlock), with the
   * subject's status and the block rules' key, in ONE statement. Null when the task does not exist.
   */
  async lock(tx: Tx, taskId: number): Promise<LeaseLock | null> {
    const rows = rowsOf<LeaseRow & { subject_status: number | null; rules_key: string }>(
      await executePrepared(
        tx,
        sql`select ${SLOT_COLUMNS},
        (select s.status from subject s where s.id = t.subject_id and s.deleted_at is null) as subject_status,
        (select b.updated_at::text || '|' || (select coalesce(max(q.updated_at)::text, '') || '|' || count(*)
          from question q where q.subject_id = b.subject_id and q.no = any(b.nos))
          from block b where b.id = t.block_id) as rules_key
        from mark_task x join mark_task t on t.block_id = x.block_id and t.paper_id = x.paper_id
        where x.id = ${taskId} order by t.id for update of t`,
      ),
    );
    if (!rows.length) return null;
    return {
      tasks: rows,
      subjectStatus: rows[0]!.subject_status,
      rulesKey: rows[0]!.rules_key,
    };
  },

  /**
   * The submit's write and finalize's read in one statement, under the lock taken by `lock`: the paper's tasks
   * (the submitted one as written) and the source of its block score.
   */
  async submit(
    tx: Tx,
    t: { id: number; block_id: number; paper_id: number },
    v: {
      score: number;
      questionScores: Record<string, number>;
      pointScores: Record<string, number[]> | null;
      marks: unknown[];
      spentMs: number | null;
    },
  ): Promise<PaperSeen> {
    const rows = rowsOf<LeaseRow & { kept: string | null; written_at: Date | string | null }>(
      await executePrepared(
        tx,
        sql`with written as (update mark_task set status = 'submitted', score = ${v.score},
          question_scores = ${JSON.stringify(v.questionScores)}::jsonb,
          point_scores = ${v.pointScores === null ? null : JSON.stringify(v.pointScores)}::jsonb,
          marks = ${JSON.stringify(v.marks)}::jsonb, spent_ms = ${v.spentMs}, submitted_at = now(),
          lease_until = null
        where id = ${t.id} returning id, submitted_at)
        select ${SLOT_COLUMNS}, (select w.submitted_at from written w where w.id = t.id) as written_at,
          (select bs.source from block_score bs where bs.block_id = t.block_id and bs.paper_id = t.paper_id) as kept
        from mark_task t where t.block_id = ${t.block_id} and t.paper_id = ${t.paper_id} order by t.id`,
      ),
    );
    // the statement's own snapshot shows the row before its update: the written values replace it
    const tasks = rows.map((r) =>
      r.id === t.id
        ? {
            ...r,
            status: 'submitted',
            score: String(v.score),
            question_scores: v.questionScores,
            lease_until: null,
            submitted_at: r.written_at ?? new Date(),
          }
        : r,
    );
    return { tasks, kept: rows[0]?.kept ?? null };
  },
};
