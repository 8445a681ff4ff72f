import type { Db } from '../../../infra/db';
import type { Jobs } from '../../../infra/jobs';
import { createTasks } from '../final/marking-final';
import type { markingRepo } from './marking.repo';

const EVERY_MS = 60_000;
/** Every this many minutes the sweep runs for every subject in 阅卷中, noted or not (see registerMarkingJobs). */
const ALL_EVERY = 15;

/**
 * The pool's periodic work, once a minute through a job queue of the API process: expired leases back to
 * the pool (claims also take expired leases, this keeps the counts true), and tasks for papers recognised
 * while a subject is reviewing (createTasks, idempotent); then the block images of the subject's papers are cut
 * ahead of its markers. createTasks reads every paper × block of the subject, so it runs only for a subject that
 * triggers noted in `mark_sweep_due` since the last pass (migration 0052: a paper recognised, matched or restored,
 * a 缺考, block score or first or second mark's task removed, a block changed); the first pass of a process and
 * every ALL_EVERY minutes after run for all, the backstop for a note taken by a process that died before its
 * pass. Returns a stop function for shutdown.
 */
export function registerMarkingJobs(
  queue: Jobs,
  d: { db: Db; repo: typeof markingRepo; cutSubject?: (subjectId: number) => void },
): () => void {
  queue.register('marking.recycle', async () => {
    await d.repo.recycle(d.db);
    return 'done';
  });
  queue.register('marking.sync', async ({ all }) => {
    const reviewing = await d.repo.reviewingSubjects(d.db);
    // the notes are taken before the sweep reads, so a change committed after this is noted again for the next
    const due = all ? reviewing : await d.repo.takeSweepDue(d.db, reviewing);
    for (const [i, subjectId] of due.entries())
      try {
        await d.db.transaction((tx) => createTasks(tx, subjectId));
      } catch (err) {
        await d.repo.noteSweepDue(d.db, due.slice(i)); // not swept: the next pass tries them again
        throw err;
      }
    // block images of papers not cut yet (marking started in another process, or papers scanned since)
    for (const subjectId of reviewing) d.cutSubject?.(subjectId);
    return due.length ? 'done' : 'skipped';
  });
  // the first pass after a start is for all: notes taken by this process before it stopped are not lost
  let minutes = 0;
  const tick = () => {
    const all = minutes++ % ALL_EVERY === 0;
    // a failed enqueue (queue closing, Redis away) is retried on the next tick
    void queue.enqueue('marking.recycle', {}, { attempts: 1 }).catch(() => {});
    void queue.enqueue('marking.sync', { all }, { attempts: 1 }).catch(() => {});
  };
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
