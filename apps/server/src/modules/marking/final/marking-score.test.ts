// A mark that decides a block score re-derives the paper's subject score (no 重新计算成绩 needed): the submit
// marks it stale, the batched job re-derives it, and a flush (score pages, 阅卷完成) never reads it stale.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { body } from '../../../../test/app';
import { scoreComputing } from '../../score-compute/score-compute.module';
import { scoreQueue } from './marking-score-queue';
import { buildMarker, claimTasks, countOf, submitMark } from '../../../../test/marking';
import { reviewingScene, withScene } from '../../../../test/marking-fixture';

const { t, db, scene } = withScene(reviewingScene({ papers: 2, schools: 1 }));

/** Waits (a condition, not a time) until the job has taken every stale score of the scene's subject. */
async function derived(): Promise<void> {
  const deadline = Date.now() + 20_000;
  const stale = () =>
    countOf(db(), sql`select count(*)::int as n from score_stale where subject_id = ${scene.subjectId}`);
  while ((await stale()) > 0) {
    if (Date.now() > deadline) throw new Error('the stale scores were not re-derived');
    await new Promise((r) => setTimeout(r, 20));
  }
}
const subjectiveOf = (paperId: number) =>
  countOf(
    db(),
    sql`select coalesce(s.question_scores->>'13', '-1')::numeric as n from score s
      join paper p on p.examinee_id = s.examinee_id and p.subject_id = s.subject_id where p.id = ${paperId}`,
  );

describe('scores follow marking', () => {
  it('writes the question score of a decided block into the subject score after the submit', async () => {
    const block = scene.blocks[0]!.id;
    const { client } = await buildMarker(t.app, db(), scene, [block]);
    const [task] = (await claimTasks(client, block)).data;
    const paperId = await countOf(db(), sql`select paper_id as n from mark_task where id = ${task!.taskId}`);
    expect(body(await submitMark(client, task!, '13', 3)).code).toBe(0);
    await derived();
    expect(await subjectiveOf(paperId)).toBe(3);
  });

  it('does not score a double-marked question until both marks agree', async () => {
    const block = scene.blocks[1]!.id;
    const a = await buildMarker(t.app, db(), scene, [block]);
    const b = await buildMarker(t.app, db(), scene, [block]);
    const [first] = (await claimTasks(a.client, block)).data;
    const paperId = await countOf(db(), sql`select paper_id as n from mark_task where id = ${first!.taskId}`);
    const q14 = () =>
      countOf(
        db(),
        sql`select coalesce(s.question_scores->>'14', '-1')::numeric as n from score s
          join paper p on p.examinee_id = s.examinee_id and p.subject_id = s.subject_id where p.id = ${paperId}`,
      );
    expect(body(await submitMark(a.client, first!, '14', 4)).code).toBe(0);
    await derived();
    expect(await q14()).toBe(-1);
    const [second] = (await claimTasks(b.client, block)).data;
    expect(second!.taskId).not.toBe(first!.taskId);
    expect(body(await submitMark(b.client, second!, '14', 5)).code).toBe(0);
    await derived();
    // (4 + 5) / 2 = 4.5, a multiple of the step 0.5 or rounded up to 5 at step 1: either way both marks decided it
    expect(await q14()).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the stale score queue', () => {
  it('flush re-derives a stale score before the reader reads, and the row is gone', async () => {
    const block = scene.blocks[0]!.id;
    // a queue whose job never runs by itself: only flush can bring the figure
    const queue = scoreQueue({
      db: db(),
      derive: scoreComputing({ db: db() }).examinees,
      delayMs: 3_600_000,
    });
    try {
      const paperId = await countOf(
        db(),
        sql`select paper_id as n from mark_task where block_id = ${block} and status = 'submitted' limit 1`,
      );
      await db().execute(sql`update block_score set score = 7, question_scores = '{"13": 7}'::jsonb
        where block_id = ${block} and paper_id = ${paperId}`);
      await db().transaction((tx) => queue.mark(tx, paperId));
      expect(await subjectiveOf(paperId)).toBe(3);
      await queue.flush(scene.subjectId);
      expect(await subjectiveOf(paperId)).toBe(7);
      expect(
        await countOf(
          db(),
          sql`select count(*)::int as n from score_stale where subject_id = ${scene.subjectId}`,
        ),
      ).toBe(0);
    } finally {
      queue.close();
    }
  });
});
