import { afterEach, describe, expect, it } from 'vitest';
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
}

describe('memory queue', () => contract(() => memoryQueue(quiet)));

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('redis (BullMQ) queue', () => {
  // a queue name of its own per run keeps runs from sharing jobs; it is removed from Redis afterwards
  contract(() => redisQueue(redisUrl!, { consume: true, name: `yj-test-${process.pid}-${Date.now()}` }));
});
