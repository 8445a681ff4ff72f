import os from 'node:os';
import type { Worker } from 'bullmq';
import { bullmq, ioredis } from './redis-lazy';

export type JobHandler = (payload: unknown) => Promise<unknown>;

export interface EnqueueOptions {
  /** same id → the job runs once (idempotent enqueue) */
  jobId?: string;
  attempts?: number;
  /** run no earlier than this many milliseconds from now (scheduled work: review/schedule) */
  delayMs?: number;
}

/** Background jobs: in-process by default, BullMQ on Redis when REDIS_URL is set so other machines share the load. */
export interface JobQueue {
  kind: 'memory' | 'redis';
  register(name: string, handler: JobHandler): void;
  enqueue(name: string, payload: unknown, opts?: EnqueueOptions): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

interface Logger {
  error(obj: object, msg: string): void;
}

const DEFAULT_ATTEMPTS = 3;
/** setTimeout's longest wait (about 24.8 days); longer delays wait in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Jobs run at once per process: two per core, so while one waits on storage or the database another computes. */
export const JOB_CONCURRENCY = Math.max(2, 2 * os.availableParallelism());

/** In-process queue with bounded concurrency and retries with back-off. */
export function memoryQueue(log: Logger, concurrency = 2): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const seen = new Set<string>();
  const waiting: Array<() => Promise<void>> = [];
  let running = 0;
  let closed = false;
  const active = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();

  // A delayed job waits on an unref'd timer: it never keeps the process alive, and close() drops it
  // (the owner of scheduled work re-arms it on start, as review/schedule does).
  const later = (ms: number, run: () => void): void => {
    const step = Math.min(ms, MAX_TIMER_MS);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (ms > step) later(ms - step, run);
      else if (!closed) run();
    }, step);
    timer.unref();
    timers.add(timer);
  };

  const pump = (): void => {
    while (!closed && running < concurrency && waiting.length > 0) {
      const next = waiting.shift()!;
      running++;
      const p = next().finally(() => {
        running--;
        active.delete(p);
        pump();
      });
      active.add(p);
    }
  };

  const run = async (name: string, payload: unknown, attempts: number): Promise<void> => {
    const handler = handlers.get(name);
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        if (!handler) throw new Error(`no handler for job ${name}`);
        await handler(payload);
        return;
      } catch (err) {
        log.error({ err, job: name, attempt }, 'job failed');
        if (attempt < attempts) await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
      }
    }
  };

  return {
    kind: 'memory',
    register: (name, handler) => void handlers.set(name, handler),
    async enqueue(name, payload, opts = {}) {
      if (closed) throw new Error('queue closed');
      if (opts.jobId) {
        const key = `${name}:${opts.jobId}`;
        if (seen.has(key)) return;
        seen.add(key);
      }
      const start = () => {
        waiting.push(() => run(name, payload, opts.attempts ?? DEFAULT_ATTEMPTS));
        pump();
      };
      if (opts.delayMs && opts.delayMs > 0) later(opts.delayMs, start);
      else start();
    },
    ping: async () => !closed,
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...active]);
    },
  };
}

const QUEUE_NAME = 'yj-jobs';

/** The key prefix of an installation's queue in Redis (`installationKey`): two installations never share a key. */
export const queuePrefix = (installation: string): string => `yj-${installation}`;

/**
 * BullMQ queue; `consume` starts a worker in this process for the registered handlers. `installation` (see
 * redis-check `installationKey`) prefixes every key, so installations sharing one Redis database never see each
 * other's jobs: their databases number pages alike, and BullMQ takes a repeated job id for a job already done.
 * `name` separates queues of one installation (tests use their own).
 */
export function redisQueue(
  url: string,
  opts: { consume: boolean; installation: string; concurrency?: number; name?: string },
): JobQueue & { destroy(): Promise<void> } {
  const { Queue, Worker } = bullmq();
  const connection = new (ioredis().Redis)(url, { maxRetriesPerRequest: null, lazyConnect: false });
  const name = opts.name ?? QUEUE_NAME;
  const prefix = queuePrefix(opts.installation);
  const queue = new Queue(name, { connection, prefix });
  const handlers = new Map<string, JobHandler>();
  let worker: Worker | null = null;
  const ensureWorker = (): void => {
    if (!opts.consume || worker) return;
    worker = new Worker(
      name,
      async (job) => {
        const handler = handlers.get(job.name);
        if (!handler) throw new Error(`no handler for job ${job.name}`);
        return handler(job.data);
      },
      { connection: connection.duplicate(), prefix, concurrency: opts.concurrency ?? 2 },
    );
  };
  return {
    kind: 'redis',
    register(name, handler) {
      handlers.set(name, handler);
      ensureWorker();
    },
    async enqueue(name, payload, o = {}) {
      await queue.add(name, payload, {
        jobId: o.jobId ? `${name}__${o.jobId}`.replaceAll(':', '_') : undefined,
        attempts: o.attempts ?? DEFAULT_ATTEMPTS,
        ...(o.delayMs && o.delayMs > 0 ? { delay: o.delayMs } : {}),
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: 1000,
        removeOnFail: 5000,
      });
    },
    async ping() {
      try {
        return (await connection.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      await worker?.close();
      await queue.close();
      connection.disconnect();
    },
    /** Removes the queue and all its jobs from Redis (tests clean up after themselves). */
    async destroy() {
      await worker?.close();
      await queue.obliterate({ force: true });
      await queue.close();
      connection.disconnect();
    },
  };
}
