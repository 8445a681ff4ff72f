import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { orderlyStudent, typicalCard } from '@yj/scan-sim';
import { body, testApp, type TestApp } from '../../test/app';
import { buildSubjectScene } from '../../test/factories';
import { postScans } from '../../test/multipart';
import { untilRecognised } from '../../test/scan';
import { paper } from '../db/schema';
import { jobs, type JobStatus } from './jobs';
import { redisQueue } from './queue';
import { installationKey } from './redis-check';

// Issue 35: two installations sharing one Redis database. Fresh databases number their pages alike, and BullMQ
// takes a repeated job id for a job already done: without a key of its own per installation, the second
// installation's page 1 was never recognised. Each installation's queue now lives under its database's key.
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('two installations on one Redis', () => {
  const apps: TestApp[] = [];
  const queues: Array<{ destroy(): Promise<void> }> = [];
  afterAll(async () => {
    // the queues' keys leave Redis first (closing an app closes its queue, which can then no longer remove them)
    for (const q of queues) await q.destroy().catch(() => {});
    for (const t of apps) await t.close().catch(() => {});
  });

  // the product's queue name for both: only the installation key (and this run's pid) tells them apart
  const onRedis = (suffix: string) => async (database: TestApp['database']) => {
    const q = redisQueue(redisUrl!, {
      consume: true,
      installation: `${await installationKey(database.db)}-${suffix}${process.pid}`,
    });
    queues.push(q);
    return q;
  };

  it('two app instances on two databases both recognise their page 1', async () => {
    const card = typicalCard();
    apps.push(await testApp({}, undefined, undefined, onRedis('t')));
    apps.push(await testApp({}, undefined, undefined, onRedis('t')));
    const keys = await Promise.all(apps.map((t) => installationKey(t.database.db)));
    expect(keys[0]).not.toBe(keys[1]);
    // every host of one installation reads the same key
    expect(await installationKey(apps[0]!.database.db)).toBe(keys[0]);

    const subjects: number[] = [];
    for (const t of apps) {
      const { admin, subjectId } = await buildSubjectScene(t.app, t.database.db, {
        name: '共享队列考试',
        course: '数学',
        fullScore: 150,
      });
      expect(body(await admin.post(`/filter/api/subject/${subjectId}/template`, { body: card })).code).toBe(
        0,
      );
      const s = await orderlyStudent(card, 7, '20260001');
      const up = await postScans(t.app, admin.cookie, subjectId, [
        { name: 'p1.jpg', data: s.front.jpeg },
        { name: 'p2.jpg', data: s.back.jpeg },
      ]);
      expect(body(up).code).toBe(0);
      subjects.push(subjectId);
    }
    const papers = [];
    for (const [i, t] of apps.entries()) {
      await untilRecognised(t.database.db, subjects[i]!);
      papers.push(
        await t.database.db
          .select({ id: paper.id, status: paper.status })
          .from(paper)
          .where(eq(paper.subjectId, subjects[i]!)),
      );
    }
    // both databases numbered their paper alike: the same job id, each recognised in its own installation
    expect(papers[0]!.map((p) => p.id)).toEqual(papers[1]!.map((p) => p.id));
    for (const list of papers) for (const p of list) expect(p.status).not.toBe('pending');
  }, 300_000);

  it('within one installation a page queued twice runs once', async () => {
    const q = await onRedis('once')(apps[0]!.database);
    const taken: number[] = [];
    jobs(q).register('scan.recognize', async ({ paperId }): Promise<JobStatus> => {
      taken.push(paperId);
      return 'done';
    });
    await jobs(q).enqueue('scan.recognize', { paperId: 1 }, { jobId: 'paper-1' });
    await jobs(q).enqueue('scan.recognize', { paperId: 1 }, { jobId: 'paper-1' });
    await jobs(q).enqueue('scan.recognize', { paperId: 2 }, { jobId: 'paper-2' });
    for (let i = 0; i < 1000 && taken.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    expect(taken.sort()).toEqual([1, 2]);
  });
});
