import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { MarkSubmitResult, MarkTask } from '@yj/contracts';
import { examRole } from '../src/db/schema';
import { rowsOf, type Db } from '../src/infra/db';
import { body, type TestApp, type Client } from './app';
import { buildTeacher, signInAs } from './factories';
import { buildReviewingScene, claimTasks, submitMark, type BlockSpec } from './marking';
import { buildLeadScene } from './marking-lead-scene';

/**
 * The set-up the marking, 试评 and 质检 tests share: a server on a database of its own and a scene in it, made
 * before a file's tests and closed after them; the people of an exam role; the claim and submit of the lead
 * scene's block. One place, so the tests say only what differs.
 */

export { withScene } from './app-fixture';

/**
 * A reviewing subject with its task pool made (test/marking.ts `buildReviewingScene`), on the blocks most marking
 * tests run on unless given others: question 13 marked once, 14 marked twice (threshold 1).
 */
export const reviewingScene =
  (opts: Omit<Parameters<typeof buildReviewingScene>[1], 'blocks'> & { blocks?: BlockSpec[] }) =>
  (t: TestApp): ReturnType<typeof buildReviewingScene> =>
    buildReviewingScene(t.database.db, { ...opts, blocks: opts.blocks ?? SINGLE_13_DOUBLE_14 });

/** The one-block subject in review with its leader, markers and manager (test/marking-lead-scene.ts). */
export const leadScene =
  (opts: Parameters<typeof buildLeadScene>[2]) =>
  (t: TestApp): ReturnType<typeof buildLeadScene> =>
    buildLeadScene(t.app, t.database.db, opts);

/** Question 13 marked once and 14 marked twice (threshold 1): the blocks most marking tests run on. */
const SINGLE_13_DOUBLE_14: BlockSpec[] = [
  { name: '第13题', nos: ['13'] },
  { name: '第14题', nos: ['14'], markCount: 2, threshold: 1 },
];

/**
 * A teacher of the scene's (first) school with an exam role — 3 科目负责人 of the subject, 7 质检员 of the whole
 * exam (`subjectId` null) — signed in.
 */
export async function signInWithRole(
  t: TestApp,
  scene: { examId: number; subjectId: number; schools: Array<{ id: number }> },
  role: number,
  name: string,
  subjectId: number | null = scene.subjectId,
): Promise<{ id: number; client: Client }> {
  const db: Db = t.database.db;
  const u = await buildTeacher(db, scene.schools[0]!.id, { name });
  await db.insert(examRole).values({ examId: scene.examId, subjectId, userId: u.id, role });
  return { id: u.id, client: await signInAs(t, u) };
}

/** The subject manager (科目负责人) of another school's exam, a one-paper reviewing scene of its own, signed in. */
export async function otherSchoolManager(t: TestApp, blockName = '别校'): Promise<Client> {
  const elsewhere = await buildReviewingScene(t.database.db, {
    papers: 1,
    blocks: [{ name: blockName, nos: ['13'] }],
  });
  return (await signInWithRole(t, elsewhere, 3, '别校负责人')).client;
}

/** POST …/submit of the lead scene's block: question 13 scored `a`, 14 scored `b`. */
export const submit13And14 = (c: Client, task: MarkTask, a: number, b: number, next = false) =>
  c
    .post(`/filter/api/marking/task/${task.taskId}/submit`, {
      leaseToken: task.leaseToken,
      scores: [
        { no: '13', score: a },
        { no: '14', score: b },
      ],
      next,
    })
    .then((r) => body<MarkSubmitResult>(r));

/** Claims `scores.length` tasks of the block (of `type`) and submits each with the next score on question `no`. */
export async function markScores(c: Client, blockId: number, no: string, scores: number[], type = 'normal') {
  const tasks = (await claimTasks(c, blockId, scores.length, type)).data;
  expect(tasks).toHaveLength(scores.length);
  for (const [i, task] of tasks.entries()) {
    const r = body(await submitMark(c, task, no, scores[i]!));
    expect(r.code, r.message).toBe(0);
  }
  return tasks;
}

/**
 * 质检 of the lead scene's block as the bias tests set it, by its leader: 标准卷 after every `standardEvery` real
 * marks (none when null), no self-check or spot check, 5 points of deviation, a flagged marker paused.
 */
export async function pauseFlaggedMarkers(
  scene: { leader: { c: Client }; blockId: number },
  standardEvery: number | null = null,
): Promise<void> {
  const set = await scene.leader.c.post(`/filter/api/marking/block/${scene.blockId}/quality-test/setting`, {
    standardEvery,
    selfEvery: null,
    spotPercent: 0,
    maxDeviation: 5,
    pause: true,
  });
  expect(body(set).code).toBe(0);
}

/**
 * The counters the triggers keep (mark_stat, mark_stat_score, mark_stat_total) equal a count from the tasks as
 * they are now: the check the 质检 and 重置阅卷 tests both make after their runs. Answers mark_stat's rows.
 */
export async function expectMarkStatsFromScratch(db: Db): Promise<unknown[]> {
  const q = async (s: ReturnType<typeof sql>) => rowsOf<unknown>(await db.execute(s));
  const kept = await q(sql`select block_id, user_id, school_id, done, arb_done from mark_stat
    where done <> 0 or arb_done <> 0 order by 1, 2, 3`);
  const counted = await q(sql`select block_id, user_id, school_id,
      (count(*) filter (where slot <> 9))::int as done, (count(*) filter (where slot = 9))::int as arb_done
    from mark_task where status = 'submitted' group by 1, 2, 3 order by 1, 2, 3`);
  expect(kept).toEqual(counted);
  expect(
    await q(sql`select block_id, user_id, score, n from mark_stat_score where n > 0 order by 1, 2, 3`),
  ).toEqual(
    await q(sql`select block_id, user_id, score, count(*)::int as n from mark_task
      where status = 'submitted' and slot <> 9 group by 1, 2, 3 order by 1, 2, 3`),
  );
  expect(
    await q(sql`select block_id, school_id, papers, tasks, arb from mark_stat_total order by 1, 2`),
  ).toEqual(
    await q(sql`select block_id, school_id, (count(*) filter (where slot = 1))::int as papers,
      (count(*) filter (where slot between 1 and 3))::int as tasks, (count(*) filter (where slot = 9))::int as arb
      from mark_task group by 1, 2 order by 1, 2`),
  );
  return kept;
}
