import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LeadBlockInfo, LeadProblemItem, MarkProblem, Paged } from '@yj/contracts';
import { auditLog, blockScore, markTask, markTaskChange, paper, scanException } from '../../../db/schema';
import { body } from '../../../../test/app';
import { setTask } from '../../../../test/marking-lead-scene';
import { withScene, leadScene } from '../../../../test/marking-fixture';

// 问题卷 (DESIGN.md §5): a marker flags a paper, a leader settles it by scoring, by sending it back to the
// pool, or by handing it to the scanning staff; every change is kept in mark_task_change.

const db = () => t.database.db;

const flag = (taskId: number, by: number, note = '') =>
  setTask(db(), taskId, {
    status: 'problem',
    userId: by,
    problem: { reason: 'unclear', note, by, at: new Date().toISOString() } satisfies MarkProblem,
  });
const task = async (id: number) => (await db().select().from(markTask).where(eq(markTask.id, id)))[0]!;
const changes = (id: number) => db().select().from(markTaskChange).where(eq(markTaskChange.taskId, id));
const resolve = (c = s.leader.c, taskId: number, b: object) =>
  c.post(`/filter/api/marking/task/${taskId}/resolve`, b).then((r) => body<Record<string, unknown>>(r));
const problems = async (c = s.leader.c, state = 'open') =>
  body<Paged<LeadProblemItem>>(await c.get(`/filter/api/marking/block/${s.blockId}/problems?state=${state}`));
const scores = (a: number, b: number) => ({
  scores: [
    { no: '13', score: a },
    { no: '14', score: b },
  ],
});

const { t, scene: s } = withScene(leadScene({ papers: 6 }), async () => {
  await flag(s.tasks[0]!.id, s.markerA.id, '字迹太淡');
  await flag(s.tasks[1]!.id, s.markerA.id);
  await flag(s.tasks[2]!.id, s.markerB.id);
  await flag(s.tasks[3]!.id, s.markerB.id);
});

describe('leader block page and problem list', () => {
  it('shows the block with its 给分板 and waiting counts to its leader and to a subject manager', async () => {
    for (const c of [s.leader.c, s.manager.c]) {
      const r = body<LeadBlockInfo>(await c.get(`/filter/api/marking/block/${s.blockId}/lead`));
      expect(r.code).toBe(0);
      expect(r.data).toMatchObject({ blockName: '第13-14题', fullScore: 16, problems: 4, arbitration: 0 });
      expect(r.data.questions.map((q) => [q.no, q.fullScore, q.step])).toEqual([
        ['13', 10, 1],
        ['14', 6, 0.5],
      ]);
    }
  });

  it('lists open problem papers with the marker, reason, note and image', async () => {
    const r = await problems();
    expect(r.data.total).toBe(4);
    expect(r.data.items[0]).toMatchObject({
      taskId: s.tasks[0]!.id,
      markerName: '阅卷甲',
      status: 'problem',
      problem: { reason: 'unclear', note: '字迹太淡' },
      imageUrl: `/filter/api/marking/task/${s.tasks[0]!.id}/lead/image`,
      scanException: null,
    });
  });

  it('serves the cut image to leaders and managers only', async () => {
    const url = `/filter/api/marking/task/${s.tasks[0]!.id}/lead/image`;
    for (const c of [s.markerB.c, s.stranger.c, s.otherLeader.c])
      expect(body(await c.get(url)).message).toBe('无权限');
    // the scene's block has no regions: the request gets as far as cutting
    for (const c of [s.leader.c, s.manager.c])
      expect(body(await c.get(url)).message).toBe('题块还没有框选区域');
  });

  it('opens a problem paper whole (查看整卷) for its leaders and managers only', async () => {
    const url = `/filter/api/marking/task/${s.tasks[0]!.id}/lead/origin`;
    // the marker who sent it, a marker of the block, a leader of another block, another school
    for (const c of [s.markerA.c, s.markerB.c, s.stranger.c, s.otherLeader.c])
      expect(body(await c.get(url)).message).toBe('无权限');
    for (const c of [s.leader.c, s.manager.c]) {
      const r = body<{ taskId: number; blockName: string; pages: unknown[] }>(await c.get(url));
      expect(r.code, r.message).toBe(0);
      // the scene's papers were never scanned: no page to show, and no student field in the answer
      expect(r.data).toMatchObject({ taskId: s.tasks[0]!.id, blockName: '第13-14题', pages: [] });
      expect(JSON.stringify(r.data)).not.toMatch(/kaohao|paperId|student/i);
    }
    expect(body(await s.leader.c.get(`${url}/0`)).message).toBe('这份答题卡没有这一页');
  });

  it('refuses a marker, a leader of another block, another school, and a bad query', async () => {
    for (const c of [s.markerA.c, s.otherLeader.c, s.stranger.c]) {
      const r = body(await c.get(`/filter/api/marking/block/${s.blockId}/problems`));
      expect(r.code, r.message).not.toBe(0);
      expect(r.message).toBe('无权限');
    }
    expect((await problems(s.leader.c, 'bogus')).code).not.toBe(0);
    expect(body(await s.leader.c.get(`/filter/api/marking/block/0/problems`)).code).not.toBe(0);
    expect(body(await s.leader.c.get(`/filter/api/marking/block/99999999/problems`)).message).toBe(
      '题块不存在或已删除',
    );
  });
});

describe('settling a problem paper', () => {
  it('validates the resolution and the scores', async () => {
    const id = s.tasks[0]!.id;
    expect((await resolve(s.leader.c, id, { resolution: 'maybe' })).code).not.toBe(0);
    expect((await resolve(s.leader.c, id, { resolution: 'score' })).message).toBe('请给分');
    expect((await resolve(s.leader.c, id, { resolution: 'score', ...scores(11, 1) })).message).toBe(
      '第 13 题的分数 11 超过满分 10 分',
    );
    expect((await resolve(s.leader.c, id, { resolution: 'score', ...scores(5, 1.2) })).message).toBe(
      '第 14 题的分数 1.2 不是步长 0.5 分的整数倍',
    );
    expect(
      (await resolve(s.leader.c, id, { resolution: 'score', scores: [{ no: '13', score: 5 }] })).message,
    ).toBe('第 14 题未给分');
    expect((await task(id)).status).toBe('problem');
  });

  it('refuses a marker and another school', async () => {
    for (const c of [s.markerA.c, s.stranger.c, s.otherLeader.c])
      expect((await resolve(c, s.tasks[0]!.id, { resolution: 'back' })).message).toBe('无权限');
  });

  it('score: the leader marks it, the task is submitted by the leader and the block score decided', async () => {
    const id = s.tasks[0]!.id;
    const r = await resolve(s.leader.c, id, { resolution: 'score', ...scores(7, 4.5), note: '可以辨认' });
    expect(r.code, r.message).toBe(0);
    const after = await task(id);
    expect(after).toMatchObject({ status: 'submitted', userId: s.leader.id, score: 11.5, version: 1 });
    expect(after.questionScores).toEqual({ '13': 7, '14': 4.5 });
    expect(after.problem).toMatchObject({ reason: 'unclear', resolution: 'score', resolvedBy: s.leader.id });
    const [final] = await db().select().from(blockScore).where(eq(blockScore.paperId, s.tasks[0]!.paperId));
    expect(final?.score).toBe(11.5);
    const [c] = await changes(id);
    expect(c).toMatchObject({ action: 'resolve', userId: s.leader.id });
    expect(c!.before).toMatchObject({ status: 'problem', score: null });
    expect((await resolve(s.leader.c, id, { resolution: 'back' })).message).toBe(
      '这份试卷不是待处理的问题卷，请刷新',
    );
  });

  it('back: the paper returns to the pool, never to the marker who flagged it', async () => {
    const id = s.tasks[1]!.id;
    expect((await resolve(s.manager.c, id, { resolution: 'back' })).code).toBe(0);
    const after = await task(id);
    expect(after).toMatchObject({ status: 'pending', userId: null, skippedBy: [s.markerA.id] });
    expect(after.problem).toMatchObject({ resolution: 'back', resolvedBy: s.manager.id });
    expect(await changes(id)).toHaveLength(1);
  });

  it('scan: a 主观题异常 for the scanning staff; the task waits until the exception is settled', async () => {
    const id = s.tasks[2]!.id;
    const r = await resolve(s.leader.c, id, { resolution: 'scan', note: '请重新扫描' });
    expect(r.code, r.message).toBe(0);
    const after = await task(id);
    expect(after.status).toBe('problem');
    expect(after.problem).toMatchObject({ resolution: 'scan', exceptionId: r.data.exceptionId });
    const [e] = await db()
      .select()
      .from(scanException)
      .where(eq(scanException.id, Number(r.data.exceptionId)));
    expect(e).toMatchObject({ type: 'subjective', paperId: s.tasks[2]!.paperId, resolved: false });
    expect(e!.reason).toBe('阅卷问题卷：第13-14题，图像不清，请重新扫描');
    const [p] = await db().select().from(paper).where(eq(paper.id, s.tasks[2]!.paperId));
    expect(p!.status).toBe('exception');
    expect((await resolve(s.leader.c, id, { resolution: 'scan' })).message).toBe(
      '该问题卷已转为扫描问题，等待扫描人员处理',
    );

    const resolved = await problems(s.leader.c, 'resolved');
    expect(resolved.data.items.map((x) => x.taskId).sort()).toEqual(
      [s.tasks[0]!.id, s.tasks[1]!.id, id].sort(),
    );
    expect(resolved.data.items.find((x) => x.taskId === id)?.scanException).toEqual({
      id: r.data.exceptionId,
      resolved: false,
    });
    expect((await problems()).data.total).toBe(1);
  });

  it('the scanning staff accept the image: the task returns to the pool', async () => {
    const id = s.tasks[2]!.id;
    const exceptionId = (await task(id)).problem!.exceptionId!;
    const r = body(await s.admin.post(`/filter/api/subject/${s.subjectId}/scan/fix/accept`, { exceptionId }));
    expect(r.code, r.message).toBe(0);
    expect(await task(id)).toMatchObject({ status: 'pending', userId: null });
    const [p] = await db().select().from(paper).where(eq(paper.id, s.tasks[2]!.paperId));
    expect(p!.status).toBe('ok');
  });

  it('the scanning staff take the paper out for a rescan: the task stays a problem of a paper that is gone', async () => {
    const id = s.tasks[3]!.id;
    const r = await resolve(s.leader.c, id, { resolution: 'scan' });
    const rescan = body(
      await s.admin.post(`/filter/api/subject/${s.subjectId}/scan/fix/rescan`, {
        exceptionId: r.data.exceptionId,
      }),
    );
    expect(rescan.code, rescan.message).toBe(0);
    expect(await task(id)).toMatchObject({ status: 'problem', problem: { resolution: 'scan' } });
    const item = (await problems(s.leader.c, 'resolved')).data.items.find((x) => x.taskId === id);
    expect(item?.scanException).toEqual({ id: r.data.exceptionId, resolved: true });
  });

  it('writes the 动态日志 of each resolution and keeps every change of the tasks', async () => {
    const rows = await db().select().from(auditLog).where(eq(auditLog.examId, s.examId));
    expect(rows.filter((x) => x.action === 'marking.problem.resolve')).toHaveLength(4);
    const scanned = await db()
      .select()
      .from(markTaskChange)
      .where(inArray(markTaskChange.taskId, [s.tasks[2]!.id, s.tasks[3]!.id]))
      .orderBy(markTaskChange.id);
    expect(scanned.map((c) => [c.taskId, c.action, c.after.status])).toEqual([
      [s.tasks[2]!.id, 'resolve', 'problem'],
      [s.tasks[2]!.id, 'resolve', 'pending'],
      [s.tasks[3]!.id, 'resolve', 'problem'],
    ]);
  });
});
