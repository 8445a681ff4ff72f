import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MarkTask, SamplePaper, StandardMarkItem } from '@yj/contracts';
import { blockScore, markTask, standardMark, subject, trialPaper } from '../../db/schema';
import { rowsOf } from '../../infra/db';
import { body } from '../../../test/app';
import type { LeadScene } from '../../../test/marking-lead-scene';
import { withScene, leadScene, submit13And14 } from '../../../test/marking-fixture';
import { claimTasks } from '../../../test/marking';

// 质检 with 标准卷 (DESIGN.md §5): papers with a leader's reference are mixed into a marker's stream in real
// marking, one after every n real marks; the claim hands one out on the normal task shape, its mark is kept
// apart and never changes a score. The scene: 6 papers in review, single marking, questions 13 (10) and 14 (6).

const db = () => t.database.db;
type Client = LeadScene['manager']['c'];
const trialPapers: number[] = [];

const claim = (c: Client, count = 1) => claimTasks(c, s.blockId, count);
const submit = submit13And14;
const rate = (c: Client, every: unknown) =>
  c.post(`/filter/api/marking/block/${s.blockId}/standard/rate`, { every }).then((r) => body(r));
const keep = (c: Client, trialPaperId: number, kind: string, k = true) =>
  c.post(`/filter/api/marking/trial/paper/${trialPaperId}/sample`, { keep: k, kind }).then((r) => body(r));
const isStandard = async (taskId: number) =>
  (await db().select().from(standardMark).where(eq(standardMark.id, taskId))).length === 1;
const lease = (taskId: number) => `/filter/api/marking/task/${taskId}`;

const { t, scene: s } = withScene(leadScene({ papers: 6 }), async () => {
  // papers 5 and 6 were trial papers with the leader's references (13 and 9)
  const rows = await db()
    .insert(trialPaper)
    .values([
      {
        subjectId: s.subjectId,
        blockId: s.blockId,
        paperId: s.papers[4]!,
        refScore: 13,
        refQuestionScores: { '13': 9, '14': 4 },
      },
      {
        subjectId: s.subjectId,
        blockId: s.blockId,
        paperId: s.papers[5]!,
        refScore: 9,
        refQuestionScores: { '13': 6, '14': 3 },
      },
    ])
    .returning({ id: trialPaper.id });
  trialPapers.push(...rows.map((r) => r.id));
});

describe('标准卷 and the block rate', () => {
  it('keeps trial papers with references as 标准卷, never also as 样卷', async () => {
    for (const id of trialPapers) expect((await keep(s.leader.c, id, 'standard')).code).toBe(0);
    expect((await keep(s.leader.c, trialPapers[0]!, 'sample')).message).toBe('这份试卷已设为标准卷');
    expect((await keep(s.markerA.c, trialPapers[0]!, 'standard')).message).toBe('无权限');
    expect((await keep(s.leader.c, trialPapers[0]!, 'other')).code).not.toBe(0);
    // a 标准卷 is never listed among the examples
    const samples = body<SamplePaper[]>(
      await s.markerA.c.get(`/filter/api/marking/block/${s.blockId}/samples`),
    );
    expect(samples.data).toEqual([]);
  });

  it('sets the rate for leaders and managers only, validated, while marking may change', async () => {
    for (const bad of [-1, 1001, 1.5, 'x', null]) expect((await rate(s.leader.c, bad)).code).not.toBe(0);
    for (const c of [s.markerA.c, s.stranger.c, s.otherLeader.c])
      expect((await rate(c, 2)).message).toBe('无权限');
    await db().update(subject).set({ status: 5 }).where(eq(subject.id, s.subjectId));
    expect((await rate(s.leader.c, 2)).message).toBe('当前科目状态不允许此操作');
    await db().update(subject).set({ status: 3 }).where(eq(subject.id, s.subjectId));
    expect((await rate(s.manager.c, 0)).data).toEqual({ standardEvery: null });
    expect((await rate(s.leader.c, 2)).data).toEqual({ standardEvery: 2 });
  });
});

describe('a 标准卷 in the marker’s stream', () => {
  let std: MarkTask;
  it('comes after every 2 real marks, on the normal task shape', async () => {
    const [t1] = (await claim(s.markerA.c)).data;
    expect(await isStandard(t1!.taskId)).toBe(false);
    const r1 = await submit(s.markerA.c, t1!, 5, 3, true);
    expect(await isStandard(r1.data.next!.taskId)).toBe(false);
    const r2 = await submit(s.markerA.c, r1.data.next!, 6, 3, true);
    std = r2.data.next!;
    expect(await isStandard(std.taskId)).toBe(true);
    expect(Object.keys(std).sort()).toEqual(Object.keys(t1!).sort());
    expect(std).toMatchObject({
      blockId: s.blockId,
      slot: 1,
      imageUrl: `/filter/api/marking/task/${std.taskId}/image`,
    });
    expect(r2.data.done).toBe(2);
  });

  it('serves its image to its holder only', async () => {
    expect(body(await s.markerA.c.get(`${lease(std.taskId)}/image`)).message).toBe('题块还没有框选区域');
    expect(body(await s.markerB.c.get(`${lease(std.taskId)}/image`)).message).toBe('阅卷任务不存在');
    expect(body(await s.stranger.c.get(`${lease(std.taskId)}/image`)).message).toBe('无权限');
  });

  it('keeps its mark apart: counted for the marker, never a score', async () => {
    expect((await submit(s.markerA.c, std, 11, 5)).code).not.toBe(0);
    const r = await submit(s.markerA.c, std, 10, 5, true);
    expect(r.data.counted).toBe(true);
    expect(r.data.done).toBe(3);
    // the next one is a paper of the pool: the second 标准卷 is due after 4 real marks
    expect(await isStandard(r.data.next!.taskId)).toBe(false);
    expect((await submit(s.markerA.c, std, 10, 5)).data.counted).toBe(false);
    // the mark against the reference is one deviation of the marker for the quality figures, once
    const dev = await db().execute(sql`select d.user_id, d.mark::float8 as mark, d.other::float8 as other
      from mark_deviation d where d.kind = 'standard'`);
    const [row] = await db().select().from(standardMark).where(eq(standardMark.id, std.taskId));
    expect(rowsOf(dev)).toEqual([{ user_id: row!.userId, mark: row!.score, other: row!.refScore }]);
    const scores = await db().select().from(blockScore);
    expect(scores.map((x) => x.paperId).sort()).toEqual([s.papers[0]!, s.papers[1]!].sort());
    const [pool] = await db().select().from(markTask).where(eq(markTask.paperId, s.papers[4]!));
    expect(pool).toMatchObject({ status: 'pending', score: null });
    // marker A goes on: 2 more real marks, then the other 标准卷
    const r3 = await submit(s.markerA.c, r.data.next!, 4, 2, true);
    const r4 = await submit(s.markerA.c, r3.data.next!, 4, 2, true);
    expect(r4.data.done).toBe(5);
    expect(await isStandard(r4.data.next!.taskId)).toBe(true);
    std = r4.data.next!;
  });

  it('gives a released 标准卷 again; skip and 问题卷 are accepted like any paper', async () => {
    expect(
      body(await s.markerA.c.post(`${lease(std.taskId)}/release`, { leaseToken: std.leaseToken })).code,
    ).toBe(0);
    expect(await isStandard(std.taskId)).toBe(false);
    const [again] = (await claim(s.markerA.c)).data;
    expect(await isStandard(again!.taskId)).toBe(true);
    const defer = body<{ leaseUntil: string }>(
      await s.markerA.c.post(`${lease(again!.taskId)}/defer`, { leaseToken: again!.leaseToken }),
    );
    expect(defer.code).toBe(0);
    const flag = await s.markerA.c.post(`${lease(again!.taskId)}/problem`, {
      leaseToken: again!.leaseToken,
      reason: 'unclear',
      note: '',
    });
    expect(body(flag).code).toBe(0);
    // marker B: 2 real marks, then a 标准卷, skipped
    const [b1] = (await claim(s.markerB.c)).data;
    const rb = await submit(s.markerB.c, b1!, 7, 4, true);
    const rb2 = await submit(s.markerB.c, rb.data.next!, 7, 4, true);
    const bStd = rb2.data.next!;
    expect(await isStandard(bStd.taskId)).toBe(true);
    expect(
      body(await s.markerA.c.post(`${lease(bStd.taskId)}/skip`, { leaseToken: bStd.leaseToken })).message,
    ).toBe('该任务已超时并由其他老师领取，请继续阅下一份');
    expect(
      body(await s.markerB.c.post(`${lease(bStd.taskId)}/skip`, { leaseToken: bStd.leaseToken })).code,
    ).toBe(0);
    const statuses = await db().execute(sql`select status from standard_mark order by id`);
    expect((statuses as unknown as { rows: { status: string }[] }).rows.map((x) => x.status)).toEqual([
      'submitted',
      'problem',
      'skipped',
    ]);
  });

  it('lists (marker, 标准卷, mark, reference) for leaders; a 标准卷 handed out stays', async () => {
    const list = body<StandardMarkItem[]>(
      await s.leader.c.get(`/filter/api/marking/block/${s.blockId}/standard/marks`),
    );
    // which of the two 标准卷 (references 13 and 9) came first is random
    expect(list.data).toHaveLength(1);
    const m = list.data[0]!;
    expect([m.markerName, m.score]).toEqual(['阅卷甲', 15]);
    expect([13, 9]).toContain(m.refScore);
    expect(m.deviation).toBe(15 - m.refScore);
    expect(body(await s.markerA.c.get(`/filter/api/marking/block/${s.blockId}/standard/marks`)).message).toBe(
      '无权限',
    );
    expect((await keep(s.leader.c, trialPapers[0]!, 'standard', false)).message).toBe(
      '这份标准卷已发给阅卷老师，其给分是质检数据，不能取消',
    );
  });
});
