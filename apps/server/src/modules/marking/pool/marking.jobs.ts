import type { Db } from '../../../infra/db';
import type { Jobs } from '../../../infra/jobs';
import { createTasks } from '../final/marking-final';
import type { markingRepo } from './marking.repo';

const EVERY_MS = 60_000;

/**
 * The pool's periodic work, once a minute through a job queue of the API process: expired leases back to
 * the pool (claims also take expired leases, this keeps the counts true), and tasks for papers recognised
 * while a subject is reviewing (createTasks is idempotent and skips papers that have tasks, so a pass per
 * reviewing subject is cheap); then the block images of the subject's papers are cut ahead of its markers.
 * Returns a stop function for shutdown.
 */
export function registerMarkingJobs(
  queue: Jobs,
  d: { db: Db; repo: typeof markingRepo; cutSubject?: (subjectId: number) => void },
): () => void {
  queue.register('marking.recycle', async () => {
    await d.repo.recycle(d.db);
    return 'done';
  });
  queue.register('marking.sync', async () => {
    for (const subjectId of await d.repo.reviewingSubjects(d.db)) {
      await d.db.transaction((tx) => createTasks(tx, subjectId));
      // block images of papers not cut yet (marking started in another process, or papers scanned since)
      d.cutSubject?.(subjectId);
    }
    return 'done';
  });
  const tick = () => {
    // a failed enqueue (queue closing, Redis away) is retried on the next tick
    void queue.enqueue('marking.recycle', {}, { attempts: 1 }).catch(() => {});
    void queue.enqueue('marking.sync', {}, { attempts: 1 }).catch(() => {});
  };
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
