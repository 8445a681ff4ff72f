import { z } from 'zod';
import { id } from '@yj/contracts';
import type { EnqueueOptions, JobQueue } from './queue';

const none = z.object({});

/**
 * Every background job of the server: its name and the payload it carries, in one table. A job is enqueued
 * and handled by name through `jobs(queue)`, so a wrong payload is a type error at the caller and a stored
 * payload that does not fit (an old job left in Redis) fails by name when it is taken, before its handler runs.
 */
export const JOBS = {
  /** recognise one scanned page (scan.service → scan.jobs; Redis workers too). Idempotent per paper. */
  'scan.recognize': z.object({ paperId: id() }),
  /** re-derive a whole subject's scores (a key change). Idempotent. */
  'score.subject': z.object({ subjectId: id() }),
  /** write one export file (exports run one at a time in the API process). Idempotent per task. */
  'score.export': z.object({ taskId: id() }),
  /**
   * a subject's start or end time of marking has come (in-process timer); `at` (ms): the time it was armed for, so
   * a timer firing early is told from one armed for a time since moved (absent on jobs armed before it was added)
   */
  'subject.reviewSchedule': z.object({
    subjectId: id(),
    kind: z.enum(['start', 'end']),
    at: z.number().int().optional(),
  }),
  /** a subject's publish time has come (in-process timer); `at` as for subject.reviewSchedule. */
  'score.publishSchedule': z.object({ subjectId: id(), at: z.number().int().optional() }),
  /** expired marking leases back to the pool (every minute, in-process). */
  'marking.recycle': none,
  /** tasks for papers recognised while marking runs (every minute, in-process); `all`: every subject, noted or not. */
  'marking.sync': z.object({ all: z.boolean().optional() }),
  /** drifting markers flagged (every 30 s, in-process). */
  'quality.evaluate': none,
  /** system messages: blocks marked to the end, markers paused by 质检 (every 30 s, in-process). */
  'message.events': none,
  /** 在线考试 attempts past their deadline handed in, whoever reads (every 30 s, in-process). Idempotent. */
  'online.expire': none,
  /** one 智能辅助 detection run (判空 or 相同答案归组; in-process, one at a time). Idempotent per run. */
  'intelligent.run': z.object({ runId: id() }),
} as const;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]>;

/** What a handler did, for logs and tests: `done`, or why it did nothing or something else. */
export type JobStatus = 'done' | 'skipped' | 'started' | 'paused' | 'refused' | 'published' | 'failed';

export type JobHandlerOf<N extends JobName> = (payload: JobPayload<N>) => Promise<JobStatus>;

/** A queue spoken to by job name: payloads checked against JOBS. */
export interface Jobs {
  register<N extends JobName>(name: N, handler: JobHandlerOf<N>): void;
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts?: EnqueueOptions): Promise<void>;
}

/** Thrown when a taken job's payload does not fit its row of JOBS (never retried into success). */
export class JobPayloadError extends Error {
  constructor(name: string, issues: string) {
    super(`job ${name}: payload does not fit its schema (${issues})`);
  }
}

/**
 * The typed face of a queue (in-process or BullMQ). The transport underneath stays name → unknown; this is
 * where a name meets its payload type. Handlers return a status (BullMQ keeps it as the job's return value).
 */
export function jobs(queue: JobQueue): Jobs {
  return {
    register(name, handler) {
      const schema = JOBS[name];
      queue.register(name, async (raw) => {
        const parsed = schema.safeParse(raw);
        if (!parsed.success) throw new JobPayloadError(name, parsed.error.message);
        return handler(parsed.data as JobPayload<typeof name>);
      });
    },
    enqueue: (name, payload, opts) => queue.enqueue(name, payload, opts),
  };
}
