import type { Db } from '../../infra/db';
import type { Jobs } from '../../infra/jobs';
import type { QualityMonitor } from './quality-monitor';
import type { QualityRepoOf } from './quality.repo';

const EVERY_MS = 30_000;

/**
 * Flags drifting markers while nobody watches the quality screen: every 30 s the blocks of reviewing
 * subjects that had new marks in the last minute are judged (evaluate is idempotent).
 * Returns a stop function for shutdown.
 */
export function registerQualityJobs(
  queue: Jobs,
  d: { db: Db; monitor: QualityMonitor; repo: QualityRepoOf },
): () => void {
  queue.register('quality.evaluate', async () => {
    const repo = d.repo(d.db);
    const blocks = await repo.blocksOf(await repo.subjectsMarkedLately());
    for (const b of blocks) await d.monitor.evaluate(b);
    return 'done';
  });
  const timer = setInterval(
    () => void queue.enqueue('quality.evaluate', {}, { attempts: 1 }).catch(() => {}),
    EVERY_MS,
  );
  timer.unref();
  return () => clearInterval(timer);
}
