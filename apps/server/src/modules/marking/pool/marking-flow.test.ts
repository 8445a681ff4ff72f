import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MarkHistoryItem, MarkSubmitResult, Paged } from '@yj/contracts';
import { body } from '../../../../test/app';
import { buildMarker, claimTasks, submitMark, countOf } from '../../../../test/marking';
import { withScene, reviewingScene } from '../../../../test/marking-fixture';
import { doneCheck } from './marking-counts';
import { VERSION_CONFLICT } from '../book/marking-history';
import { markingRepo } from './marking.repo';
import { TIMED_OUT } from '../rules/mark-rules';

const { t, scene } = withScene(
  reviewingScene({
    papers: 6,
    schools: 2,
    blocks: [
      { name: '第13题', nos: ['13'] },
      { name: '第14题', nos: ['14'], markCount: 2, threshold: 1 },
      { name: '第15题', nos: ['15'], markCount: 2, threshold: 1 },
    ],
  }),
);

const db = () => t.database.db;
const claim = async (...args: Parameters<typeof claimTasks>) => (await claimTasks(...args)).data;
const single = () => scene.blocks[0]!.id;
const double = () => scene.blocks[1]!.id;
const third = () => scene.blocks[2]!.id;
const expire = (taskId: number) =>
  db().execute(sql`update mark_task set lease_until = now() - interval '1 minute' where id = ${taskId}`);
const paperOf = async (taskId: number) =>
  countOf(db(), sql`select paper_id as n from mark_task where id = ${taskId}`);

describe('distribution', () => {
  it('keeps to the quota, the school of an in-school marker, and gives two tabs different papers', async () => {
    const { client } = await buildMarker(t.app, db(), scene, [single()], { quota: 3 });
    const [a, b] = await Promise.all([claim(client, single(), 2), claim(client, single(), 2)]);
    expect([...a!, ...b!]).toHaveLength(3);
    expect(new Set([...a!, ...b!].map((x) => x.taskId)).size).toBe(3);
    expect(await claim(client, single())).toEqual([]);
    const other = scene.schools[1]!.id;
    const inSchool = await buildMarker(t.app, db(), scene, [single()], { schoolId: other, inSchool: true });
    const mine = await claim(inSchool.client, single(), 4);
    const schools = await Promise.all(
      mine.map((x) => countOf(db(), sql`select school_id as n from mark_task where id = ${x.taskId}`)),
    );
    expect(schools.length).toBeGreaterThan(0);
    expect(schools.every((s) => s === other)).toBe(true);
  });

  it('skip returns the task to the pool but never to the same marker', async () => {
    const { client } = await buildMarker(t.app, db(), scene, [double()]);
    const [task] = await claim(client, double());
    const skipped = body(
      await client.post(`/filter/api/marking/task/${task!.taskId}/skip`, { leaseToken: task!.leaseToken }),
    );
    expect(skipped.code).toBe(0);
    // its image was answered from the claim (marking-handed.ts): handed back, it is the marker's no longer
    const image = `/filter/api/marking/task/${task!.taskId}/image`;
    expect(body(await client.get(image)).message).toBe('无权限');
    const again = await claim(client, double(), 4);
    expect(again.map((x) => x.taskId)).not.toContain(task!.taskId);
    const { client: other } = await buildMarker(t.app, db(), scene, [double()]);
    const [taken] = await claim(other, double(), 1);
    expect(taken!.taskId).toBe(task!.taskId);
    // release (the screen closed): back to the pool, and to the same marker too
    const released = await other.post(`/filter/api/marking/task/${taken!.taskId}/release`, {
      leaseToken: taken!.leaseToken,
    });
    expect(body(released).code).toBe(0);
    expect((await claim(other, double(), 1))[0]!.taskId).toBe(task!.taskId);
  });

  it('release (leaving the screen) returns the task to the pool, to the same marker too', async () => {
    const { client } = await buildMarker(t.app, db(), scene, [single()]);
    const [task] = await claim(client, single());
    const release = (leaseToken: unknown) =>
      client.post(`/filter/api/marking/task/${task!.taskId}/release`, { leaseToken });
    expect(body(await release(task!.leaseToken)).code).toBe(0);
    expect((await claim(client, single(), 1))[0]!.taskId).toBe(task!.taskId);
    // the old lease is gone: a release with it is refused; a bad token is a validation failure
    expect(body(await release(task!.leaseToken)).message).toBe(TIMED_OUT);
    expect(body(await release('nope')).message).toContain('领取凭证无效');
    // not a marker of the block: refused
    const { client: stranger } = await buildMarker(t.app, db(), scene, [double()]);
    const refused = body(
      await stranger.post(`/filter/api/marking/task/${task!.taskId}/release`, {
        leaseToken: task!.leaseToken,
      }),
    );
    expect(refused.code).not.toBe(0);
  });

  it('refuses claims while the subject is not reviewing', async () => {
    const { client } = await buildMarker(t.app, db(), scene, [single()]);
    await db().execute(sql`update subject set status = 4 where id = ${scene.subjectId}`);
    const r = body(await client.post(`/filter/api/marking/block/${single()}/claim`, {}));
    await db().execute(sql`update subject set status = 3 where id = ${scene.subjectId}`);
    expect(r.message).toBe('当前科目状态不允许此操作');
  });
});

describe('leases', () => {
  it('accepts a late submit nobody took over, refuses one another marker holds', async () => {
    const m1 = await buildMarker(t.app, db(), scene, [double()]);
    const m2 = await buildMarker(t.app, db(), scene, [double()]);
    const [late] = await claim(m1.client, double());
    await expire(late!.taskId);
    await markingRepo.recycle(db());
    expect(body<MarkSubmitResult>(await submitMark(m1.client, late!, '14', 3)).data.counted).toBe(true);
    const [lost] = await claim(m1.client, double());
    await expire(lost!.taskId);
    // the claim itself takes expired leases back
    const taken = await claim(m2.client, double(), 4);
    expect(taken.map((x) => x.taskId)).toContain(lost!.taskId);
    expect(body(await submitMark(m1.client, lost!, '14', 3)).message).toBe(TIMED_OUT);
  });

  it('defers a lease and flags a 问题卷 that leaves the marker', async () => {
    const { client } = await buildMarker(t.app, db(), scene, [double()]);
    const [task] = await claim(client, double());
    const deferred = body<{ leaseUntil: string }>(
      await client.post(`/filter/api/marking/task/${task!.taskId}/defer`, { leaseToken: task!.leaseToken }),
    );
    expect(new Date(deferred.data.leaseUntil).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    const flagged = await client.post(`/filter/api/marking/task/${task!.taskId}/problem`, {
      leaseToken: task!.leaseToken,
      reason: 'unclear',
      note: '看不清',
    });
    expect(body(flagged).code).toBe(0);
    expect(body(await client.get(task!.imageUrl)).message).toBe('无权限');
    expect((await doneCheck(db(), scene.subjectId)).problems).toBeGreaterThanOrEqual(1);
    const badReason = await client.post(`/filter/api/marking/task/${task!.taskId}/problem`, {
      leaseToken: task!.leaseToken,
      reason: 'nope',
    });
    expect(body(badReason).code).toBe(1);
  });
});

describe('double marking, arbitration and 回评', () => {
  it('beyond the threshold reaches the leader; a 回评 with a stale version is refused', async () => {
    const m1 = await buildMarker(t.app, db(), scene, [third()]);
    const m2 = await buildMarker(t.app, db(), scene, [third()]);
    const leader = await buildMarker(t.app, db(), scene, [third()], { role: 6 });
    const notLeader = await m1.client.post(`/filter/api/marking/block/${third()}/claim`, {
      type: 'arbitration',
    });
    expect(body(notLeader).message).toBe('您不是本题块的题组长');
    const [a] = await claim(m1.client, third());
    await submitMark(m1.client, a!, '15', 0);
    const paper = await paperOf(a!.taskId);
    // the second marker takes the other slot of that paper (pool order: a paper's second mark follows its first)
    const [b] = await claim(m2.client, third());
    expect(await paperOf(b!.taskId)).toBe(paper);
    await submitMark(m2.client, b!, '15', 5);
    const [arb] = await claim(leader.client, third(), 1, 'arbitration');
    expect(arb!.slot).toBe(9);
    expect(arb!.marks!.map((m) => m.score).sort()).toEqual([0, 5]);
    expect(body(await leader.client.post(`/filter/api/marking/block/${third()}/claim`, {})).message).toBe(
      '您不是本题块的阅卷老师',
    );
    // 回评 brings the two marks together: the arbitration nobody submitted yet is no longer needed…
    const history = body<Paged<MarkHistoryItem>>(
      await m1.client.get(`/filter/api/marking/block/${third()}/history?maxScore=0`),
    ).data;
    const item = history.items.find((x) => x.taskId === a!.taskId)!;
    expect(item).toMatchObject({ score: 0, version: 0, editable: true });
    const modify = (version: number, score: number) =>
      m1.client.post(`/filter/api/marking/task/${a!.taskId}/modify`, {
        version,
        scores: [{ no: '15', score }],
      });
    expect(body(await modify(0, 4)).data).toEqual({ version: 1, score: 4 });
    expect(body(await modify(0, 3)).message).toBe(VERSION_CONFLICT);
    const [final] = (
      (await db().execute(
        sql`select score, source from block_score where block_id = ${third()} and paper_id = ${paper}`,
      )) as unknown as { rows: Array<{ score: string; source: string }> }
    ).rows;
    expect(final).toEqual({ score: '5.0', source: 'double' });
    // …but the leader holds it, so it stays (unheld it would be removed); another marker's task is not theirs
    expect(await countOf(db(), sql`select count(*)::int as n from mark_task where id = ${arb!.taskId}`)).toBe(
      1,
    );
    expect(
      body(
        await m2.client.post(`/filter/api/marking/task/${a!.taskId}/modify`, {
          version: 1,
          scores: [{ no: '15', score: 1 }],
        }),
      ).message,
    ).toBe('只能修改自己已提交的评分');
    expect(
      await countOf(db(), sql`select count(*)::int as n from mark_task_change where task_id = ${a!.taskId}`),
    ).toBe(1);
  });
});
