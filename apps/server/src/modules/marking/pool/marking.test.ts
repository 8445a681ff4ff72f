import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MarkBlockInfo, MarkSubmitResult, ReviewTaskItem } from '@yj/contracts';
import { body, signIn } from '../../../../test/app';
import { PASSWORD, buildSchool, buildTeacher, signInAs } from '../../../../test/factories';
import { buildMarker, claimTasks, submitMark, countOf } from '../../../../test/marking';
import { reviewingScene, withScene } from '../../../../test/marking-fixture';
import { TIMED_OUT } from '../rules/mark-rules';

const { t, db, scene } = withScene(reviewingScene({ papers: 10 }));

const single = () => scene.blocks[0]!.id;
const double = () => scene.blocks[1]!.id;

describe('claim and submit', () => {
  it('claims a lease, submits once, and a replayed submit counts once', async () => {
    const { client } = await buildMarker(t.app, db(), scene, [single()]);
    const info = body<MarkBlockInfo>(await client.get(`/filter/api/marking/block/${single()}/info`));
    expect(info.code).toBe(0);
    expect(info.data.questions).toEqual([
      { no: '13', fullScore: 10, step: 1, points: [], answer: '答案十三' },
    ]);
    expect(info.data.left).toBe(10);
    const claimed = await claimTasks(client, single());
    expect(claimed.code).toBe(0);
    const [task] = claimed.data;
    expect(task).toMatchObject({ blockId: single(), slot: 1 });
    // nothing that names the student reaches a marker
    expect(JSON.stringify(claimed.data)).not.toMatch(/paper|kaohao|student|school/i);
    const first = body<MarkSubmitResult>(await submitMark(client, task!, '13', 7, true));
    expect(first.data).toMatchObject({ counted: true, done: 1 });
    expect(first.data.next).not.toBeNull();
    const replay = body<MarkSubmitResult>(await submitMark(client, task!, '13', 7, true));
    expect(replay.data).toMatchObject({ counted: false, done: 1 });
    // the replay hands back the next paper the first answer carried, not another one
    expect(replay.data.next?.taskId).toBe(first.data.next?.taskId);
    expect(
      await countOf(db(), sql`select count(*)::int as n from block_score where block_id = ${single()}`),
    ).toBe(1);
    // the holder passes the image check (this scene has no cut regions, so the cut itself is refused)
    const image = body(await client.get(first.data.next!.imageUrl));
    expect(image.message).toBe('题块还没有框选区域');
    const list = body<ReviewTaskItem[]>(await client.get('/filter/api/marking/tasks'));
    expect(list.data).toEqual([
      expect.objectContaining({ blockId: single(), role: 4, done: 1, blockDone: 1, blockTotal: 10 }),
    ]);
  });

  it('keeps the mark of a submit whose claim of the next paper is refused (one transaction for both)', async () => {
    const { client, user } = await buildMarker(t.app, db(), scene, [single()]);
    const [a, b] = (await claimTasks(client, single(), 2)).data;
    // taken off the block while holding papers: the claim part refuses, the submit part stands
    await db().execute(sql`delete from block_reviewer where block_id = ${single()} and user_id = ${user.id}`);
    const r = body<MarkSubmitResult>(await submitMark(client, a!, '13', 4, true));
    expect(r.code, r.message).toBe(0);
    expect(r.data).toMatchObject({ counted: true, next: null, done: 1 });
    expect(
      await countOf(
        db(),
        sql`select count(*)::int as n from mark_task where id = ${a!.taskId} and status = 'submitted'`,
      ),
    ).toBe(1);
    // the done count read with the claim counts the submit just made: back on the block, the next submit says 2
    await db().execute(
      sql`insert into block_reviewer (block_id, user_id, role) values (${single()}, ${user.id}, 4)`,
    );
    const r2 = body<MarkSubmitResult>(await submitMark(client, b!, '13', 5, true));
    expect(r2.data).toMatchObject({ counted: true, done: 2 });
    expect(r2.data.next).not.toBeNull();
  });

  it('refuses marks that do not fit the question, and bad requests', async () => {
    const { client } = await buildMarker(t.app, db(), scene, [single()]);
    const [task] = (await claimTasks(client, single())).data;
    const over = body(await submitMark(client, task!, '13', 11));
    expect(over).toMatchObject({ code: 1, message: expect.stringContaining('超过满分') });
    const bad = body(
      await client.post(`/filter/api/marking/task/${task!.taskId}/submit`, { leaseToken: 'x', scores: [] }),
    );
    expect(bad.code).toBe(1);
    expect(body(await client.post(`/filter/api/marking/block/${single()}/claim`, { count: 9 })).code).toBe(1);
  });

  it('refuses a teacher who is not a marker of the block, and another school', async () => {
    const { client: leaderOnly } = await buildMarker(t.app, db(), scene, [], { role: 4 });
    expect((await claimTasks(leaderOnly, single())).message).toBe('您不是本题块的阅卷老师');
    const outsider = await signInAs(t, await buildTeacher(db(), scene.schools[0]!.id));
    expect(body(await outsider.post(`/filter/api/marking/block/${single()}/claim`, {})).message).toBe(
      '无权限',
    );
    const elsewhere = await signIn(
      t.app,
      (await buildTeacher(db(), (await buildSchool(db())).id)).account,
      PASSWORD,
    );
    expect(body(await elsewhere.get(`/filter/api/marking/block/${single()}/info`)).message).toBe('无权限');
    const { client: marker } = await buildMarker(t.app, db(), scene, [single()]);
    const [task] = (await claimTasks(marker, single())).data;
    const other = await buildMarker(t.app, db(), scene, [single()]);
    expect(
      body(await submitMark(other.client, { ...task!, leaseToken: task!.leaseToken }, '13', 1)).message,
    ).toBe(TIMED_OUT);
    expect(body(await other.client.get(task!.imageUrl)).message).toBe('无权限');
  });
});

describe('the pool under pressure', () => {
  it('50 parallel claims never share a slot, and one marker never gets both slots of a paper', async () => {
    const markers = await Promise.all(
      Array.from({ length: 5 }, () => buildMarker(t.app, db(), scene, [double()])),
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => claimTasks(markers[i % 5]!.client, double(), 1)),
    );
    const tasks = results.flatMap((r) => r.data);
    // 10 papers × 2 slots: every slot leased once
    expect(tasks).toHaveLength(20);
    expect(new Set(tasks.map((x) => x.taskId)).size).toBe(20);
    const byUser = await countOf(
      db(),
      sql`select count(*)::int as n from (select user_id, paper_id from mark_task where block_id = ${double()}
        group by user_id, paper_id having count(*) > 1) x`,
    );
    expect(byUser).toBe(0);
  });
});
