import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MarkTask, ResetCounts } from '@yj/contracts';
import { eq } from 'drizzle-orm';
import { subject } from '../../../db/schema';
import { rowsOf } from '../../../infra/db';
import { body, type Client } from '../../../../test/app';
import { buildMarker, claimTasks } from '../../../../test/marking';
import {
  reviewingScene,
  withScene,
  signInWithRole,
  markScores,
  expectMarkStatsFromScratch,
} from '../../../../test/marking-fixture';

// 重置阅卷 (spec §2 resetting): one marker's marks and a whole block's go back to the pool, the marks stay in
// the history, block scores and arbitrations go, the quality counters still equal a count from scratch.

let m1: Client, m2: Client, m3: Client, leader: Client, manager: Client;
let m1Id: number, m2Id: number, leaderId: number;
const single = () => scene.blocks[0]!.id;
const double = () => scene.blocks[1]!.id;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(s));
const n = async (s: ReturnType<typeof sql>) => (await q<{ n: number }>(s))[0]!.n;
const url = () => `/filter/api/subject/${scene.subjectId}/resetting`;
const preview = async (c: Client, blockId: number, userId?: number) =>
  body<ResetCounts>(await c.get(`${url()}/preview?blockId=${blockId}${userId ? `&userId=${userId}` : ''}`));
const reset = async (c: Client, b: Record<string, unknown>) => body<ResetCounts>(await c.post(url(), b));

/** The trigger-kept counters and pairs against a count from the tasks as they are now. */
async function expectCountersFromScratch() {
  await expectMarkStatsFromScratch(db());
  // no mark was changed after its pair completed here: the pairs standing are the pairs counted
  expect(await q(sql`select user_id, pairs from mark_pair_stat where pairs <> 0 order by 1`)).toEqual(
    await q(sql`select a.user_id, count(*)::int as pairs from mark_task a join mark_task b
      on b.block_id = a.block_id and b.paper_id = a.paper_id and b.slot = 3 - a.slot
      where a.slot in (1, 2) and a.status = 'submitted' and b.status = 'submitted' group by 1 order by 1`),
  );
}

const { t, db, scene } = withScene(reviewingScene({ papers: 4 }), async () => {
  const both = [single(), double()];
  const a = await buildMarker(t.app, db(), scene, both);
  m1 = a.client;
  m1Id = a.user.id;
  const b = await buildMarker(t.app, db(), scene, both);
  m2 = b.client;
  m2Id = b.user.id;
  m3 = (await buildMarker(t.app, db(), scene, both)).client;
  const l = await buildMarker(t.app, db(), scene, both, { role: 6 });
  leader = l.client;
  leaderId = l.user.id;
  manager = (await signInWithRole(t, scene, 3, '科目负责人')).client;

  await markScores(m1, single(), '13', [4, 5]);
  await markScores(m2, single(), '13', [6, 7]);
  // double: 甲 first marks 3 everywhere, 乙 second marks 3, 3, 5, 6: two pairs beyond the threshold
  await markScores(m1, double(), '14', [3, 3, 3, 3]);
  await markScores(m2, double(), '14', [3, 3, 5, 6]);
  await markScores(leader, double(), '14', [4, 4], 'arbitration');
  expect(await n(sql`select count(*)::int as n from block_score where block_id = ${double()}`)).toBe(4);
});

describe('重置阅卷', () => {
  it('refuses markers and leaders: only the subject managers reset', async () => {
    expect((await preview(m1, double())).code).not.toBe(0);
    const r = await reset(leader, { blockId: double(), reason: '评分标准有误' });
    expect(r.code).not.toBe(0);
    expect(await n(sql`select count(*)::int as n from mark_task where status = 'submitted'`)).toBe(14);
  });

  it('validates the request', async () => {
    for (const b of [
      { blockId: double() },
      { blockId: double(), reason: '   ' },
      { blockId: 0, reason: '原因' },
      { blockId: double(), userId: 2_147_483_648, reason: '原因' },
      { blockId: double(), reason: 'a\u0000b' },
      { blockId: double(), reason: '长'.repeat(201) },
    ])
      expect((await reset(manager, b)).code, JSON.stringify(b)).not.toBe(0);
    expect((await preview(manager, 0)).code).not.toBe(0);
    // a block of another subject
    const r = await reset(manager, { blockId: 2_147_483_647, reason: '原因' });
    expect(r.message).toBe('题块不存在或不属于这个科目');
  });

  it('resets one marker: their marks back to the pool, the scores and arbitrations of those papers gone', async () => {
    const p = await preview(manager, double(), m2Id);
    expect(p.code, p.message).toBe(0);
    expect(p.data).toEqual({ marks: 4, scores: 4, arbitrations: 2, problems: 0, papers: 4, blanks: 0 });
    const before = await q<{ id: number; score: number }>(
      sql`select id, score from mark_task where block_id = ${double()} and user_id = ${m2Id} order by id`,
    );
    const r = await reset(manager, { blockId: double(), userId: m2Id, reason: '乙老师评分标准理解有误' });
    expect(r.code, r.message).toBe(0);
    expect(r.data).toEqual(p.data);

    const tasks = await q<{ id: number; slot: number; status: string; user_id: number | null }>(
      sql`select id, slot, status, user_id from mark_task where block_id = ${double()} order by id`,
    );
    expect(tasks.filter((x) => x.slot === 9)).toEqual([]);
    expect(tasks.filter((x) => x.slot === 2).every((x) => x.status === 'pending' && x.user_id === null)).toBe(
      true,
    );
    expect(tasks.filter((x) => x.slot === 1).every((x) => x.status === 'submitted')).toBe(true);
    expect(await n(sql`select count(*)::int as n from block_score where block_id = ${double()}`)).toBe(0);
    // the first block is not touched
    expect(await n(sql`select count(*)::int as n from block_score where block_id = ${single()}`)).toBe(4);
    // every discarded mark in the history, with its score; the arbitrations kept on the paper's first task
    const kept = await q<{
      task_id: number;
      score: number;
    }>(sql`select task_id, (before->>'score')::numeric as score
      from mark_task_change where action = 'reset' and (before->>'slot')::int = 2 order by task_id`);
    expect(kept.map((x) => [x.task_id, Number(x.score)])).toEqual(before.map((x) => [x.id, Number(x.score)]));
    const arb = await q<{
      user_id: number;
      slot: number;
    }>(sql`select (c.before->>'userId')::int as user_id, t.slot
      from mark_task_change c join mark_task t on t.id = c.task_id
      where c.action = 'reset' and (c.before->>'slot')::int = 9`);
    expect(arb).toEqual([
      { user_id: leaderId, slot: 1 },
      { user_id: leaderId, slot: 1 },
    ]);
    await expectCountersFromScratch();
    const [log] = await q<{ detail: { reason: string; counts: ResetCounts } }>(
      sql`select detail from audit_log where action = 'marking.reset'`,
    );
    expect(log!.detail).toMatchObject({ reason: '乙老师评分标准理解有误', counts: p.data });
  });

  it('a paper with one mark left waits for the second, then is decided again', async () => {
    await markScores(m3, double(), '14', [3, 3, 5, 6]);
    const scores = await q<{ score: string; source: string }>(
      sql`select score, source from block_score where block_id = ${double()} order by paper_id`,
    );
    expect(scores.map((s) => [Number(s.score), s.source])).toEqual([
      [3, 'double'],
      [3, 'double'],
    ]);
    await markScores(leader, double(), '14', [4, 4], 'arbitration');
    expect(await n(sql`select count(*)::int as n from block_score where block_id = ${double()}`)).toBe(4);
  });

  it('resetting the arbitrator asks for the arbitrations again', async () => {
    const p = await preview(manager, double(), leaderId);
    expect(p.data).toEqual({ marks: 0, scores: 2, arbitrations: 2, problems: 0, papers: 2, blanks: 0 });
    const done = await reset(manager, { blockId: double(), userId: leaderId, reason: '仲裁重评' });
    expect(done.code, done.message).toBe(0);
    expect(
      await q(sql`select status, user_id from mark_task where block_id = ${double()} and slot = 9`),
    ).toEqual([
      { status: 'pending', user_id: null },
      { status: 'pending', user_id: null },
    ]);
    expect(await n(sql`select count(*)::int as n from block_score where block_id = ${double()}`)).toBe(2);
    await expectCountersFromScratch();
  });

  it('resets a whole block', async () => {
    const with13 = () =>
      n(
        sql`select count(*)::int as n from score where subject_id = ${scene.subjectId} and question_scores ? '13'`,
      );
    // the queue has re-derived what the resets above marked stale: some subject scores hold question 13
    const settled = async () =>
      expect(
        await n(sql`select count(*)::int as n from score_stale where subject_id = ${scene.subjectId}`),
      ).toBe(0);
    await vi.waitFor(settled, { timeout: 20_000, interval: 100 });
    expect(await with13()).toBeGreaterThan(0);
    // one of the papers is a blank a leader confirmed (智能判空): the count says the reset includes it
    await db()
      .execute(sql`insert into intelligent_blank (block_id, paper_id, run_id, ink, excess, blank, state)
      select block_id, paper_id, 0, 0, 0, true, 'applied' from mark_task where block_id = ${single()}
        and status = 'submitted' order by id limit 1`);
    const p = await preview(manager, single());
    expect(p.data).toEqual({ marks: 4, scores: 4, arbitrations: 0, problems: 0, papers: 4, blanks: 1 });
    const r = await reset(manager, { blockId: single(), reason: '题块整体重评' });
    expect(r.code, r.message).toBe(0);
    expect(r.data).toMatchObject({ papers: 4, blanks: 1 });
    expect(
      await n(
        sql`select count(*)::int as n from mark_task where block_id = ${single()} and status <> 'pending'`,
      ),
    ).toBe(0);
    expect(await n(sql`select count(*)::int as n from block_score where block_id = ${single()}`)).toBe(0);
    expect(
      await n(sql`select count(*)::int as n from mark_task_change c join mark_task t on t.id = c.task_id
        where c.action = 'reset' and t.block_id = ${single()} and c.before->>'status' = 'submitted'`),
    ).toBe(4);
    // the subject scores follow: the score queue re-derives them without question 13
    await vi.waitFor(
      async () => {
        await settled();
        expect(await with13()).toBe(0);
      },
      { timeout: 20_000, interval: 100 },
    );
    await expectCountersFromScratch();
    expect((await reset(manager, { blockId: single(), reason: '再来一次' })).message).toBe(
      '这个题块还没有可重置的评分',
    );
  });

  it('returns a marker’s open problem papers to the pool', async () => {
    const [task] = (await claimTasks(m1, single(), 1)).data as MarkTask[];
    const flagged = body(
      await m1.post(`/filter/api/marking/task/${task!.taskId}/problem`, {
        leaseToken: task!.leaseToken,
        reason: 'unclear',
        note: '字迹太淡',
      }),
    );
    expect(flagged.code, flagged.message).toBe(0);
    expect((await preview(manager, single(), m1Id)).data).toEqual({
      marks: 0,
      scores: 0,
      arbitrations: 0,
      problems: 1,
      papers: 1,
      blanks: 0,
    });
    expect((await reset(manager, { blockId: single(), userId: m1Id, reason: '问题卷重评' })).code).toBe(0);
    expect(await q(sql`select status, user_id, problem from mark_task where id = ${task!.taskId}`)).toEqual([
      { status: 'pending', user_id: null, problem: null },
    ]);
    const [kept] = await q<{
      note: string;
    }>(sql`select before->'problem'->>'note' as note from mark_task_change
      where task_id = ${task!.taskId} and action = 'reset' and before->>'status' = 'problem'`);
    expect(kept!.note).toBe('字迹太淡');
  });

  it('is refused with the reason once marking is done or the scores are published', async () => {
    for (const [status, message] of [
      [5, '阅卷已完成，不能重置，请先取消完成'],
      [6, '成绩已发布，不能重置阅卷'],
    ] as const) {
      await db().update(subject).set({ status }).where(eq(subject.id, scene.subjectId));
      const r = await reset(manager, { blockId: double(), reason: '原因' });
      expect(r.message).toBe(message);
    }
    await db().update(subject).set({ status: 3 }).where(eq(subject.id, scene.subjectId));
    expect(
      await n(
        sql`select count(*)::int as n from mark_task where block_id = ${double()} and status = 'submitted'`,
      ),
    ).toBe(8);
  });

  it('voids the quality records of what it discards, keeping them: one marker’s, then the whole block’s', async () => {
    // 标准卷 / self / spot deviations, a hidden paper, a spot check and a flag per marker and block
    const tasks = await q<{ id: number; paper_id: number; block_id: number; user_id: number }>(
      sql`select id, paper_id, block_id, user_id from mark_task where slot = 1 and status = 'submitted'
        and block_id = ${double()} order by id limit 1`,
    );
    const task = tasks[0]!;
    const seed = async (blockId: number, userId: number) => {
      for (const kind of ['standard', 'self', 'spot', 'pair'])
        await db().execute(sql`insert into mark_deviation (block_id, user_id, paper_id, kind, mark, other)
          values (${blockId}, ${userId}, ${task.paper_id}, ${kind}, 5, 3)`);
      await db().execute(sql`insert into standard_mark (kind, paper_id, block_id, user_id, status, ref_score)
        values ('self', ${task.paper_id}, ${blockId}, ${userId}, 'submitted', 3)`);
      await db()
        .execute(sql`insert into spot_check (block_id, task_id, marker_id, paper_id, leader_id, status)
        values (${blockId}, ${-1000 - blockId * 10 - (userId % 10)}, ${userId}, ${task.paper_id}, ${leaderId}, 'submitted')`);
      await db().execute(sql`insert into marker_flag (block_id, user_id, reasons, at_done)
        values (${blockId}, ${userId}, '["标准卷偏差过大"]'::jsonb, 4)`);
    };
    await seed(double(), m1Id);
    await seed(double(), m2Id);
    await seed(single(), m1Id);
    // what still counts: deviations and spot checks not voided, hidden papers, flags standing
    const left = async (blockId: number) =>
      q<{ t: string; user_id: number; n: number }>(sql`select t, user_id, count(*)::int as n from (
          select 'deviation:' || kind as t, user_id from mark_deviation where block_id = ${blockId}
            and kind <> 'pair' and voided_at is null
          union all select 'hidden', user_id from standard_mark where block_id = ${blockId}
          union all select 'spot', marker_id from spot_check where block_id = ${blockId} and voided_at is null
          union all select 'flag', user_id from marker_flag where block_id = ${blockId} and state = 1) x
        group by 1, 2 order by 1, 2`);
    // what is kept as the record of the discarded marks
    const voided = async (blockId: number) =>
      q<{ t: string; user_id: number; n: number }>(sql`select t, user_id, count(*)::int as n from (
          select 'deviation:' || kind as t, user_id from mark_deviation where block_id = ${blockId}
            and kind <> 'pair' and voided_at is not null
          union all select 'spot', marker_id from spot_check where block_id = ${blockId} and voided_at is not null
          union all select 'flag', user_id from marker_flag where block_id = ${blockId} and state = 0
            and voided->'reasons' = '["标准卷偏差过大"]'::jsonb and (voided->>'atDone')::int = 4) x
        group by 1, 2 order by 1, 2`);
    const each = (userId: number) =>
      ['deviation:self', 'deviation:spot', 'deviation:standard', 'flag', 'hidden', 'spot'].map((t) => ({
        t,
        user_id: userId,
        n: 1,
      }));
    const kept = (userId: number) => each(userId).filter((x) => x.t !== 'hidden');
    expect(task.user_id).toBe(m1Id);
    expect(
      (await reset(manager, { blockId: double(), userId: m1Id, reason: '甲老师标准卷偏差大，重评' })).code,
    ).toBe(0);
    // 甲's records of this block are voided and kept (the hidden paper goes: a 标准卷 may come again); 乙's and
    // the other block's stand
    expect(await left(double())).toEqual(each(m2Id));
    expect(await voided(double())).toEqual(kept(m1Id));
    expect(await left(single())).toEqual(each(m1Id));
    expect(await voided(single())).toEqual([]);
    const [audit] = await q<{ cleared: Record<string, number> }>(sql`select detail->'cleared' as cleared
      from audit_log where action = 'marking.reset' order by id desc limit 1`);
    expect(audit!.cleared).toEqual({ deviations: 3, hidden: 1, spotChecks: 1, flags: 1 });

    expect((await reset(manager, { blockId: double(), reason: '题块整体重评' })).code).toBe(0);
    expect(await left(double())).toEqual([]);
    expect(await voided(double())).toEqual(
      [...kept(m1Id), ...kept(m2Id)].sort((a, b) => a.t.localeCompare(b.t) || a.user_id - b.user_id),
    );
    expect(await left(single())).toEqual(each(m1Id));
    // the pair deviations of the papers reset are voided with the pairs: none stands, all are kept
    expect(
      await n(sql`select count(*)::int as n from mark_deviation where block_id = ${double()} and kind = 'pair'
        and voided_at is null`),
    ).toBe(0);
    expect(
      await n(
        sql`select count(*)::int as n from mark_deviation where block_id = ${double()} and kind = 'pair'`,
      ),
    ).toBeGreaterThan(2);
  });
});
