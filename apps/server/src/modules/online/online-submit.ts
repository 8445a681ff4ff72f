import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import { scoreObjective } from './online-rules';
import type { AttemptRow, onlineRepo } from './online.repo';
import type { OnlinePapers } from './online-paper';

/**
 * 交卷 of an attempt, by the student or by time-out: the saved answers are what is submitted; the objective
 * part is scored at once by packages/scoring, and the answers become the examinee's paper (online-paper.ts). Idempotent: an attempt submitted already stays as it was.
 */
export function onlineSubmitter(d: { db: Db; repo: typeof onlineRepo; papers: OnlinePapers }) {
  async function submitIn(
    tx: Db,
    subjectId: number,
    a: AttemptRow,
    kind: 'manual' | 'timeout',
    ab: { enabled: boolean; paperType: string | null },
  ): Promise<Date> {
    if (a.submittedAt) return a.submittedAt;
    const r = d.repo(tx);
    const [questions, answers] = await Promise.all([r.questions(subjectId), r.answers(a.id)]);
    const { scores, total } = scoreObjective(questions, answers, ab);
    // a time-out is dated at its deadline: what counts is what was saved before it
    const at = kind === 'timeout' ? a.deadline : new Date();
    await r.submit(a.id, { at, kind, scores, total });
    // the hand-in as the examinee's paper: scored, marked and reported with the scanned ones
    await d.papers.handIn(
      tx,
      { subjectId, attemptId: a.id, examineeId: a.examineeId, at },
      questions,
      answers,
    );
    return at;
  }

  /**
   * Attempts of the subject whose time ran out, handed in as they were saved (locked, skipping those another
   * hand-in holds: each is handed in once).
   */
  async function submitExpiredIn(tx: Db, subjectId: number): Promise<number> {
    const r = d.repo(tx);
    const due = await r.expired(subjectId, new Date());
    if (!due.length) return 0;
    const s = await r.subject(subjectId);
    for (const a of due) {
      const paperType = (await r.examineeType(a.examineeId)) ?? null;
      await submitIn(tx, subjectId, a, 'timeout', { enabled: !!s?.abEnabled, paperType });
    }
    return due.length;
  }

  /** Attempts of the subject whose time ran out: submitted as they were saved (run before each read). */
  const submitExpired = (subjectId: number): Promise<number> =>
    d.db.transaction((tx) => submitExpiredIn(tx, subjectId));

  return {
    submitIn,
    submitExpired,
    /**
     * Every attempt past its deadline, of every subject, handed in (the periodic job): a time-out makes its paper
     * though nobody reads the student's screen or the school's list. Idempotent: a second run finds none.
     */
    async sweep(now = new Date()): Promise<number> {
      let n = 0;
      for (const subjectId of await d.repo(d.db).expiredSubjects(now)) n += await submitExpired(subjectId);
      return n;
    },
    /**
     * 开始阅卷 of an online subject, in its transaction: the attempts past their deadline handed in first (their
     * papers marked with the rest); refused while anyone is still sitting, or has a 补考 window not over and has
     * not started (their paper would be missing, and 补考 cannot be given once marking starts).
     */
    async beforeStart(tx: Db, subjectId: number): Promise<void> {
      await submitExpiredIn(tx, subjectId);
      const sitting = await d.repo(tx).submittedCount(subjectId, false);
      if (sitting) throw fail('onlineStillSitting', { count: sitting });
      const pending = await d.repo(tx).pendingMakeups(subjectId, new Date());
      if (pending) throw fail('makeupPending', { count: pending });
    },
  };
}
export type OnlineSubmitter = ReturnType<typeof onlineSubmitter>;
