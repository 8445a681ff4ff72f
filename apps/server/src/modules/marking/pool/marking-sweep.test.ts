import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../infra/db';
import type { Jobs, JobStatus } from '../../../infra/jobs';
import { countOf, markAbsent } from '../../../../test/marking';
import { reviewingScene, withScene } from '../../../../test/marking-fixture';
import { registerMarkingJobs } from './marking.jobs';
import { markingRepo } from './marking.repo';

// The minute sweep makes tasks for a subject only when triggers noted a change that can make a paper × block
// eligible (migration 0052), and for every subject in 阅卷中 when asked for all.

const { t, scene } = withScene(
  reviewingScene({
    papers: 4,
    blocks: [
      { name: '单评', nos: ['13'] },
      { name: '双评', nos: ['14'], markCount: 2, threshold: 1 },
    ],
  }),
);

const db = () => t.database.db;
const single = () => scene.blocks[0]!.id;

/** The marking.sync handler, as the minute tick runs it. */
function sweep(all = false, database: Db = db()): Promise<JobStatus> {
  let handler: ((p: { all?: boolean }) => Promise<JobStatus>) | undefined;
  const queue: Jobs = {
    register: (name, h) => {
      if (name === 'marking.sync') handler = h as typeof handler;
    },
    enqueue: async () => {},
  };
  registerMarkingJobs(queue, { db: database, repo: markingRepo })();
  return handler!({ all });
}
const tasksOf = (paperId: number) =>
  countOf(db(), sql`select count(*)::int as n from mark_task where paper_id = ${paperId}`);
const dropTasks = (paperId: number) => db().execute(sql`delete from mark_task where paper_id = ${paperId}`);

describe('the minute sweep', () => {
  it('runs for a noted subject once, then skips until something changes', async () => {
    expect(await sweep()).toBe('done'); // the scene's papers noted it
    expect(await sweep()).toBe('skipped');
    // a paper recognised while marking runs: pending, then ok
    const p = scene.papers[0]!;
    await dropTasks(p.id);
    await sweep();
    await db().execute(sql`update paper set status = 'pending' where id = ${p.id}`);
    expect(await sweep()).toBe('skipped');
    await db().execute(sql`update paper set status = 'ok' where id = ${p.id}`);
    expect(await sweep()).toBe('done');
    expect(await tasksOf(p.id)).toBe(3); // one single mark, two double marks
    expect(await sweep()).toBe('skipped');
  });

  it('notes a 缺考 cleared, a block score removed, a first mark removed — not a third mark removed', async () => {
    const absent = scene.papers[1]!;
    await markAbsent(db(), absent.examineeId, scene.subjectId);
    await dropTasks(absent.id);
    expect(await sweep()).toBe('done');
    expect(await tasksOf(absent.id)).toBe(0);
    await db().execute(sql`delete from absence where examinee_id = ${absent.examineeId}`);
    expect(await sweep()).toBe('done');
    expect(await tasksOf(absent.id)).toBe(3);

    const scored = scene.papers[2]!;
    await db().execute(sql`delete from mark_task where paper_id = ${scored.id} and block_id = ${single()}`);
    await db()
      .execute(sql`insert into block_score (block_id, paper_id, subject_id, score, question_scores, source)
      values (${single()}, ${scored.id}, ${scene.subjectId}, 5, '{"13": 5}'::jsonb, 'leader')`);
    expect(await sweep()).toBe('done');
    expect(await tasksOf(scored.id)).toBe(2); // the scored block gets none
    await db().execute(sql`delete from block_score where paper_id = ${scored.id}`);
    expect(await sweep()).toBe('done');
    expect(await tasksOf(scored.id)).toBe(3);

    const third = scene.papers[3]!;
    await db().execute(sql`insert into mark_task (subject_id, block_id, paper_id, school_id, class_id, slot)
      values (${scene.subjectId}, ${scene.blocks[1]!.id}, ${third.id}, ${third.schoolId}, ${third.classId}, 3)`);
    await db().execute(sql`delete from mark_task where paper_id = ${third.id} and slot = 3`);
    expect(await sweep()).toBe('skipped');
  });

  it('runs for every subject in 阅卷中 when asked for all, noted or not', async () => {
    const p = scene.papers[0]!;
    await dropTasks(p.id);
    await db().execute(sql`delete from mark_sweep_due`); // a note taken by a process that died before its pass
    expect(await sweep()).toBe('skipped');
    expect(await tasksOf(p.id)).toBe(0);
    expect(await sweep(true)).toBe('done');
    expect(await tasksOf(p.id)).toBe(3);
  });

  it('notes a subject again when its sweep fails', async () => {
    await db().execute(
      sql`insert into mark_sweep_due (subject_id) values (${scene.subjectId}) on conflict do nothing`,
    );
    // a database whose transactions fail (the connection lost mid-pass)
    const failing = new Proxy(db(), {
      get: (target, prop) => {
        if (prop === 'transaction') return () => Promise.reject(new Error('连接中断'));
        const v: unknown = Reflect.get(target, prop);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    await expect(sweep(false, failing)).rejects.toThrow('连接中断');
    expect(await sweep()).toBe('done');
  });
});
