import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../infra/db';
import type { PaperSeen, SlotRow } from '../final/marking-final.repo';
import { executePrepared } from '../../../infra/prepared';
import { ExamRole } from '@yj/contracts';
import { reviewerColumns, reviewerPapers, type ReviewerRead } from './marking.repo';
import { readMarkRows } from '../../../db/stored';

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

/** The paper tasks a lease statement answers, question_scores parsed as it leaves the database. */
const leaseRows = <R extends LeaseRow>(r: unknown): R[] => readMarkRows(rowsOf<R>(r), 'mark_task');

const SLOT_COLUMNS = sql.raw(`t.id, t.slot, t.status, t.user_id, t.lease_token, t.lease_until, t.submitted_at,
  t.question_scores, t.score, t.school_id, t.class_id, t.subject_id, t.block_id, t.paper_id`);

/** Runs one statement of the caller's transaction (pipeline.ts `first`/`last`, or `executePrepared` on it). */
export type RunStatement = (q: SQL) => Promise<unknown>;

/** The mark a submit writes. */
export interface SubmitValues {
  score: number;
  questionScores: Record<string, number>;
  pointScores: Record<string, number[]> | null;
  marks: unknown[];
  spentMs: number | null;
}

/** What `lockSubmit` answers: the lock's view, the mark written or not, and the marker's reviewer row. */
export interface LockedSubmit extends LeaseLock {
  /** the paper's tasks (the submitted one as written) and its block score's source, when the mark was written */
  seen: PaperSeen | null;
  /** the user's marker row of the block, locked (the claim of the following paper), null when not a marker */
  reviewer: ReviewerRead | null;
}

const MARK_VALUES = (v: SubmitValues) => sql`status = 'submitted', score = ${v.score},
  question_scores = ${JSON.stringify(v.questionScores)}::jsonb,
  point_scores = ${v.pointScores === null ? null : JSON.stringify(v.pointScores)}::jsonb,
  marks = ${JSON.stringify(v.marks)}::jsonb, spent_ms = ${v.spentMs}, submitted_at = now(), lease_until = null`;

/** The paper's tasks with the submitted one as written: the statement's own snapshot shows it from before. */
function asWritten(
  rows: Array<LeaseRow & { written_at: Date | string | null }>,
  id: number,
  v: SubmitValues,
): SlotRow[] {
  return rows.map((r) =>
    r.id === id
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
}

/** The subject's status (null when deleted) and the block rules' key, beside a locked task `t`. */
const LOCK_EXTRAS = sql`(select s.status from subject s where s.id = t.subject_id and s.deleted_at is null) as subject_status,
  (select b.updated_at::text || '|' || (select coalesce(max(q.updated_at)::text, '') || '|' || count(*)
    from question q where q.subject_id = b.subject_id and q.no = any(b.nos))
    from block b where b.id = t.block_id) as rules_key`;

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
    const rows = leaseRows<LeaseRow & { subject_status: number | null; rules_key: string }>(
      await executePrepared(
        tx,
        sql`select ${SLOT_COLUMNS}, ${LOCK_EXTRAS}
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
    v: SubmitValues,
  ): Promise<PaperSeen> {
    const rows = leaseRows<LeaseRow & { kept: string | null; written_at: Date | string | null }>(
      await executePrepared(
        tx,
        sql`with written as (update mark_task set ${MARK_VALUES(v)}
        where id = ${t.id} returning id, submitted_at)
        select ${SLOT_COLUMNS}, (select w.submitted_at from written w where w.id = t.id) as written_at,
          (select bs.source from block_score bs where bs.block_id = t.block_id and bs.paper_id = t.paper_id) as kept
        from mark_task t where t.block_id = ${t.block_id} and t.paper_id = ${t.paper_id} order by t.id`,
      ),
    );
    return { tasks: asWritten(rows, t.id, v), kept: rows[0]?.kept ?? null };
  },

  /**
   * `lock` and `submit` in ONE statement (issue 35), with the user's marker row of the block locked for the claim
   * of the following paper: the paper's tasks locked in id order, the mark written when the caller holds the
   * lease (`userId`, `token`) and the task is neither submitted nor a 问题卷. The caller checks the rest (the
   * subject's status, the marks against the block's rules) and throws, which rolls the write back. Null when
   * the task does not exist.
   */
  async lockSubmit(
    run: RunStatement,
    taskId: number,
    userId: number,
    token: string,
    v: SubmitValues,
  ): Promise<LockedSubmit | null> {
    const rows = leaseRows<
      LeaseRow & {
        subject_status: number | null;
        rules_key: string;
        kept: string | null;
        written_at: Date | string | null;
        reviewer: ReviewerRead | null;
      }
    >(
      await run(
        sql`with x as (select block_id, paper_id from mark_task where id = ${taskId}),
        locked as (select ${SLOT_COLUMNS}, ${LOCK_EXTRAS}
          from x join mark_task t on t.block_id = x.block_id and t.paper_id = x.paper_id
          order by t.id for update of t),
        written as (update mark_task m set ${MARK_VALUES(v)}
          from locked l where m.id = ${taskId} and l.id = m.id and l.user_id = ${userId}
            and l.lease_token = ${token} and l.status not in ('submitted', 'problem')
          returning m.id, m.submitted_at),
        me as (select ${reviewerColumns} ${reviewerPapers}
          from block_reviewer r join block b on b.id = r.block_id
          where r.block_id = (select block_id from x) and r.user_id = ${userId}
            and r.role = ${ExamRole.reviewers} for update of r)
        select l.*, (select w.submitted_at from written w where w.id = l.id) as written_at,
          (select bs.source from block_score bs where bs.block_id = l.block_id and bs.paper_id = l.paper_id) as kept,
          (select row_to_json(me) from me) as reviewer
        from locked l order by l.id`,
      ),
    );
    if (!rows.length) return null;
    const first = rows[0]!;
    const wrote = rows.some((r) => r.id === taskId && r.written_at !== null);
    return {
      tasks: rows,
      subjectStatus: first.subject_status,
      rulesKey: first.rules_key,
      seen: wrote ? { tasks: asWritten(rows, taskId, v), kept: first.kept } : null,
      reviewer: first.reviewer,
    };
  },
};
