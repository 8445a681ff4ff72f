import type { FastifyInstance } from 'fastify';
import { jobs, type Jobs } from '../../infra/jobs';
import { memoryQueue, type JobQueue } from '../../infra/queue';
import { EXPORT_JOB, type ExportService } from './export.service';

const SWEEP_MS = 3600_000;

/**
 * Exports run in the API process that took the request, one at a time (a large export holds one batch in memory,
 * two at once would double it), retried on failure; tasks a stop left open are queued again on start, and an hourly
 * sweep removes expired files.
 */
export function exportQueue(app: FastifyInstance): { queue: JobQueue; jobs: Jobs } {
  const queue = memoryQueue(app.log, 1);
  return { queue, jobs: jobs(queue) };
}

export function registerExportJobs(
  app: FastifyInstance,
  { queue, jobs }: ReturnType<typeof exportQueue>,
  exports: ExportService,
): void {
  jobs.register(EXPORT_JOB, ({ taskId }) => exports.run(taskId));
  const sweep = () => exports.sweep().catch((err: unknown) => app.log.error({ err }, 'export sweep failed'));
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    await exports.resume();
    await sweep();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await queue.close();
  });
}
