import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MarkTask } from '@yj/contracts';
import { blockReviewer, examRole } from '../../db/schema';
import { rowsOf } from '../../infra/db';
import { body } from '../../../test/app';
import { buildTeacher, signInAs } from '../../../test/factories';
import type { LeadScene } from '../../../test/marking-lead-scene';
import { withScene, leadScene, submit13And14 } from '../../../test/marking-fixture';
import { claimTasks } from '../../../test/marking';

// Double-marking figures follow the CURRENT marks (migration quality14's mark_stat_apply): a 回评 moves the pair,
// an 打回 takes it out, and the paper's next mark adds it again — never counted twice. Threshold 3.

const { t, scene: s } = withScene(leadScene({ papers: 3, markCount: 2 }));
const db = () => t.database.db;
type Client = LeadScene['manager']['c'];

const claim = async (c: Client) => (await claimTasks(c, s.blockId)).data[0]!;
const submit = (c: Client, task: MarkTask, a: number, b: number) => submit13And14(c, task, a, b);
const stats = async () =>
  rowsOf<{ user_id: number; pairs: number; agree: number; diff_sum: number; abs_sum: number }>(
    await db()
      .execute(sql`select user_id, pairs, agree, diff_sum::float8 as diff_sum, abs_sum::float8 as abs_sum
      from mark_pair_stat where block_id = ${s.blockId} order by user_id`),
  );
const devs = async () =>
  rowsOf<{ user_id: number; mark: number; other: number }>(
    await db().execute(sql`select user_id, mark::float8 as mark, other::float8 as other from mark_deviation
      where kind = 'pair' order by user_id`),
  );

describe('pairs follow the current marks', () => {
  let a: MarkTask;
  it('a pair completes: 8 against 3 (not within 3)', async () => {
    a = await claim(s.markerA.c);
    const b = await claim(s.markerB.c);
    expect((await submit(s.markerA.c, a, 5, 3)).code).toBe(0);
    expect((await submit(s.markerB.c, b, 2, 1)).code).toBe(0);
    const [x, y] = [s.markerA.id, s.markerB.id].sort((p, q) => p - q);
    const sign = x === s.markerA.id ? 1 : -1;
    expect(await stats()).toEqual([
      { user_id: x, pairs: 1, agree: 0, diff_sum: 5 * sign, abs_sum: 5 },
      { user_id: y, pairs: 1, agree: 0, diff_sum: -5 * sign, abs_sum: 5 },
    ]);
  });

  it('a 回评 moves the pair to the new mark: 5 against 3, now within', async () => {
    const r = await s.markerA.c.post(`/filter/api/marking/task/${a.taskId}/modify`, {
      version: 0,
      scores: [
        { no: '13', score: 3 },
        { no: '14', score: 2 },
      ],
    });
    expect(body(r).code).toBe(0);
    const byUser = new Map((await stats()).map((x) => [x.user_id, x]));
    expect(byUser.get(s.markerA.id)).toMatchObject({ pairs: 1, agree: 1, diff_sum: 2, abs_sum: 2 });
    expect(byUser.get(s.markerB.id)).toMatchObject({ pairs: 1, agree: 1, diff_sum: -2, abs_sum: 2 });
    const d = new Map((await devs()).map((x) => [x.user_id, x]));
    expect(d.get(s.markerA.id)).toMatchObject({ mark: 5, other: 3 });
    expect(d.get(s.markerB.id)).toMatchObject({ mark: 3, other: 5 });
  });

  it('an 打回 takes the pair out; the next mark of the paper adds it once', async () => {
    const r = await s.leader.c.post(`/filter/api/marking/block/${s.blockId}/remark`, { taskIds: [a.taskId] });
    expect(body(r).code).toBe(0);
    expect((await stats()).map((x) => [x.pairs, x.agree, x.diff_sum, x.abs_sum])).toEqual([
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    expect(await devs()).toEqual([]);
    // the paper goes to another marker: a third marker of the block takes it
    const c = await buildThird();
    const again = await claim(c.c);
    expect(again.taskId).toBe(a.taskId);
    expect((await submit(c.c, again, 4, 2)).code).toBe(0);
    const byUser = new Map((await stats()).map((x) => [x.user_id, x]));
    expect(byUser.get(c.id)).toMatchObject({ pairs: 1, agree: 1, diff_sum: 3, abs_sum: 3 });
    expect(byUser.get(s.markerB.id)).toMatchObject({ pairs: 1, agree: 1, diff_sum: -3, abs_sum: 3 });
    expect(byUser.get(s.markerA.id)).toMatchObject({ pairs: 0 });
    expect(await devs()).toHaveLength(2);
  });
});

async function buildThird() {
  const u = await buildTeacher(db(), s.schoolId, { name: '阅卷丙' });
  await db().insert(examRole).values({ examId: s.examId, subjectId: s.subjectId, userId: u.id, role: 4 });
  await db().insert(blockReviewer).values({ blockId: s.blockId, userId: u.id, role: 4 });
  return { id: u.id, c: await signInAs(t, u) };
}
