import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOBS, JobPayloadError, jobs, type JobName, type JobStatus } from './jobs';
import { memoryQueue, redisQueue, type JobQueue } from './queue';

const quiet = { error: () => {} };
let q: (JobQueue & { destroy?: () => Promise<void> }) | null = null;
afterEach(async () => {
  await (q?.destroy ? q.destroy() : q?.close());
  q = null;
});

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function contract(make: () => JobQueue) {
  it('runs a job, retries a failing one, and runs a job id once', async () => {
    q = make();
    const seen: unknown[] = [];
    let flaky = 0;
    q.register('t.echo', async (p) => void seen.push(p));
    q.register('t.flaky', async () => {
      flaky++;
      if (flaky < 2) throw new Error('first try fails');
    });
    await q.enqueue('t.echo', { n: 1 }, { jobId: 'same' });
    await q.enqueue('t.echo', { n: 1 }, { jobId: 'same' });
    await q.enqueue('t.flaky', {});
    await until(() => seen.length >= 1 && flaky >= 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([{ n: 1 }]);
    expect(flaky).toBe(2);
    expect(await q.ping()).toBe(true);
  });

  it('by name (the job table): a payload is checked when taken, a misfit never reaches the handler', async () => {
    q = make();
    const taken: number[] = [];
    const typed = jobs(q);
    typed.register('score.subject', async ({ subjectId }): Promise<JobStatus> => {
      taken.push(subjectId);
      return 'done';
    });
    await typed.enqueue('score.subject', { subjectId: 7 });
    // what an old job left in Redis, or a caller that bypassed the types, would send
    await q.enqueue('score.subject', { subjectId: 'seven' }, { attempts: 1 });
    await q.enqueue('score.subject', { subjectId: 8 });
    await until(() => taken.length >= 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(taken.sort()).toEqual([7, 8]);
  });
}

describe('memory queue', () => {
  contract(() => memoryQueue(quiet));

  it('every job of the table refuses a stored payload that does not fit, naming the job, before its handler', async () => {
    const failed: Array<{ job: string; err: unknown }> = [];
    q = memoryQueue({ error: (o) => void failed.push(o as { job: string; err: unknown }) });
    const typed = jobs(q);
    const names = Object.keys(JOBS) as JobName[];
    const ran: string[] = [];
    for (const name of names)
      typed.register(name, async () => {
        ran.push(name);
        return 'done';
      });
    // a payload no row of the table accepts (every row is an object)
    for (const name of names) await q.enqueue(name, 'not a payload', { attempts: 1 });
    await until(() => failed.length >= names.length);
    expect(ran).toEqual([]);
    expect(failed.map((f) => f.job).sort()).toEqual([...names].sort());
    for (const f of failed) {
      expect(f.err).toBeInstanceOf(JobPayloadError);
      expect((f.err as Error).message).toContain(`job ${f.job}:`);
    }
    // the payloads its callers send pass
    await typed.enqueue('scan.recognize', { paperId: 1 });
    await typed.enqueue('intelligent.run', { runId: 2 });
    await typed.enqueue('marking.sync', {});
    await until(() => ran.length >= 3);
    expect(ran.sort()).toEqual(['intelligent.run', 'marking.sync', 'scan.recognize']);
  });

  it('holds a delayed job until its time, also beyond the longest timer, and drops it on close', async () => {
    vi.useFakeTimers();
    try {
      q = memoryQueue(quiet);
      const seen: string[] = [];
      q.register('t.later', async (p) => void seen.push(p as string));
      const month = 30 * 24 * 3600_000;
      await q.enqueue('t.later', 'soon', { delayMs: 60_000 });
      await q.enqueue('t.later', 'next month', { delayMs: month });
      await q.enqueue('t.later', 'never', { delayMs: 2 * month });
      await vi.advanceTimersByTimeAsync(59_000);
      expect(seen).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(seen).toEqual(['soon']);
      await vi.advanceTimersByTimeAsync(month - 60_000);
      expect(seen).toEqual(['soon', 'next month']);
      await q.close();
      await vi.advanceTimersByTimeAsync(month);
      expect(seen).toEqual(['soon', 'next month']);
    } finally {
      vi.useRealTimers();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('redis (BullMQ) queue', () => {
  // a queue name of its own per run keeps runs from sharing jobs; it is removed from Redis afterwards
  contract(() =>
    redisQueue(redisUrl!, {
      consume: true,
      installation: 'test',
      name: `yj-test-${process.pid}-${Date.now()}`,
    }),
  );
});
