import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../infra/db';
import { markStale, markStaleMany, markStaleSql, takeStale, takeSubjectStale } from './marking-score-queue.repo';

/** Re-derives some examinees' subject scores inside the caller's transaction (the score module's hook). */
export type DeriveExaminees = (tx: Db, subjectId: number, examineeIds: number[]) => Promise<void>;

/** Examinees re-derived per transaction: one read and one write of the score module each. */
const BATCH = 2_000;
/** A submit's examinee waits at most this long for the job (many submits share one derivation). */
const DELAY_MS = 200;
/** Rows left by a process that died before its job ran are picked up by the next sweep. */
const SWEEP_MS = 5_000;

/**
 * Subject scores re-derived after marking, out of the submit (issue 13: the derivation was ~7 of a submit's 14
 * statements). A submit that changes a final block score records the paper's examinee in `score_stale` in its
 * own transaction; a batched job removes the rows and re-derives them in one transaction (idempotent: a failed
 * batch leaves its rows, a row recorded meanwhile waits for the next batch). Readers never see an old figure:
 * the score pages and 阅卷完成 call `flush` for their subject first, which waits for a batch in flight.
 */
export function scoreQueue(d: { db: Db; derive: DeriveExaminees; delayMs?: number }) {
  let timer: NodeJS.Timeout | null = null;
  let draining: Promise<void> | null = null;
  let closed = false;

  /** One batch: rows taken (another process's rows skipped, or waited for when `wait`), derived, removed. */
  async function batch(subjectId: number | null, wait: boolean): Promise<number> {
    return d.db.transaction(async (tx) => {
      const rows = await takeStale(tx, subjectId, BATCH, wait);
      const bySubject = new Map<number, number[]>();
      for (const r of rows)
        bySubject.set(r.subject_id, [...(bySubject.get(r.subject_id) ?? []), r.examinee_id]);
      // a subject that cannot be derived (deleted since) loses its rows, not the batch: a savepoint each
      for (const [s, ids] of bySubject)
        await tx.transaction((sp) => d.derive(sp, s, ids)).catch(() => undefined);
      return rows.length;
    });
  }

  async function drain(): Promise<void> {
    while (!closed && (await batch(null, false)) === BATCH);
  }

  /** Runs the job now unless it runs already (then it is asked again by the next kick or sweep). */
  function run(): Promise<void> {
    if (!draining)
      draining = drain()
        // a failed batch keeps its rows: the sweep retries it
        .catch(() => undefined)
        .finally(() => {
          draining = null;
        });
    return draining;
  }

  function kick(): void {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, d.delayMs ?? DELAY_MS);
    timer.unref();
  }

  const sweep = setInterval(() => void run(), SWEEP_MS);
  sweep.unref();

  return {
    /** In the transaction that changed the paper's block score: its examinee's subject score is out of date. */
    async mark(tx: Tx, paperId: number): Promise<void> {
      await markStale(tx, paperId);
      kick();
    },

    /** `mark` as a statement the caller runs in that transaction (folded into one of its own). */
    markSql(paperId: number): SQL {
      kick();
      return markStaleSql(paperId);
    },

    /** The same for many papers at once (重置阅卷), one statement. */
    async markMany(tx: Tx, paperIds: number[]): Promise<void> {
      if (!paperIds.length) return;
      await markStaleMany(tx, paperIds);
      kick();
    },

    /** Every stale score of the subject re-derived before the caller reads it (waits for a batch in flight). */
    async flush(subjectId: number): Promise<void> {
      while ((await batch(subjectId, true)) === BATCH);
    },

    /** The same inside the caller's transaction (阅卷完成 decides with the scores up to date). */
    async flushIn(tx: Tx, subjectId: number): Promise<void> {
      const ids = await takeSubjectStale(tx, subjectId);
      for (let i = 0; i < ids.length; i += BATCH) await d.derive(tx, subjectId, ids.slice(i, i + BATCH));
    },

    /** Resolves when the job is idle (tests, shutdown). */
    idle: () => draining ?? Promise.resolve(),

    close(): void {
      closed = true;
      clearInterval(sweep);
      if (timer) clearTimeout(timer);
    },
  };
}
export type ScoreQueue = ReturnType<typeof scoreQueue>;
