import { afterAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/app';
import type { Database } from './db';
import { jobs, type JobStatus } from './jobs';
import { redisQueue } from './queue';
import { installationKey } from './redis-check';

// Issue 35: two installations sharing one Redis database. Fresh databases number their pages alike, and BullMQ
// takes a repeated job id for a job already done: without a key of its own per installation, the second
// installation's page 1 was never recognised. Each installation's queue now lives under its database's key.
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('two installations on one Redis', () => {
  const open: Array<{ destroy(): Promise<void> }> = [];
  const databases: Database[] = [];
  afterAll(async () => {
    for (const q of open) await q.destroy();
    for (const d of databases) await d.close();
  });

  it('each recognises its own page 1, and a page queued twice in one installation runs once', async () => {
    databases.push(await testDatabase(), await testDatabase());
    const keys = await Promise.all(databases.map((d) => installationKey(d.db)));
    expect(keys[0]).not.toBe(keys[1]);
    // every host of one installation reads the same key
    expect(await installationKey(databases[0]!.db)).toBe(keys[0]);

    // the same queue name (the product's default) for both: only the installation tells them apart
    const taken: Array<{ installation: number; paperId: number }> = [];
    const queues = keys.map((installation, i) => {
      const q = redisQueue(redisUrl!, { consume: true, installation: `${installation}-t${process.pid}` });
      open.push(q);
      jobs(q).register('scan.recognize', async ({ paperId }): Promise<JobStatus> => {
        taken.push({ installation: i, paperId });
        return 'done';
      });
      return jobs(q);
    });
    // what scan ingest sends for a page: job id `paper-<id>`
    for (const q of queues) await q.enqueue('scan.recognize', { paperId: 1 }, { jobId: 'paper-1' });
    await queues[0]!.enqueue('scan.recognize', { paperId: 1 }, { jobId: 'paper-1' });
    const end = Date.now() + 20_000;
    while (taken.length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    expect(taken.sort((a, b) => a.installation - b.installation)).toEqual([
      { installation: 0, paperId: 1 },
      { installation: 1, paperId: 1 },
    ]);
  });
});
