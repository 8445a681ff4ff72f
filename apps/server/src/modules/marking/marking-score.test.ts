// A mark that decides a block score re-derives the paper's subject score at once (no 重新计算成绩 needed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { body, testApp, type TestApp } from '../../../test/app';
import {
  buildMarker,
  buildReviewingScene,
  claimTasks,
  countOf,
  submitMark,
  type MarkingScene,
} from '../../../test/marking';

let t: TestApp;
let scene: MarkingScene;
beforeAll(async () => {
  t = await testApp();
  scene = await buildReviewingScene(t.database.db, {
    papers: 2,
    schools: 1,
    blocks: [
      { name: '第13题', nos: ['13'] },
      { name: '第14题', nos: ['14'], markCount: 2, threshold: 1 },
    ],
  });
});
afterAll(() => t.close());

const db = () => t.database.db;
const subjectiveOf = (paperId: number) =>
  countOf(
    db(),
    sql`select coalesce(s.question_scores->>'13', '-1')::numeric as n from score s
      join paper p on p.examinee_id = s.examinee_id and p.subject_id = s.subject_id where p.id = ${paperId}`,
  );

describe('scores follow marking', () => {
  it('writes the question score of a decided block into the subject score in the submit', async () => {
    const block = scene.blocks[0]!.id;
    const { client } = await buildMarker(t.app, db(), scene, [block]);
    const [task] = (await claimTasks(client, block)).data;
    const paperId = await countOf(db(), sql`select paper_id as n from mark_task where id = ${task!.taskId}`);
    expect(body(await submitMark(client, task!, '13', 3)).code).toBe(0);
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
    expect(await q14()).toBe(-1);
    const [second] = (await claimTasks(b.client, block)).data;
    expect(second!.taskId).not.toBe(first!.taskId);
    expect(body(await submitMark(b.client, second!, '14', 5)).code).toBe(0);
    // (4 + 5) / 2 = 4.5, a multiple of the step 0.5 or rounded up to 5 at step 1: either way both marks decided it
    expect(await q14()).toBeGreaterThanOrEqual(4.5);
  });
});
