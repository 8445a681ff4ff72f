import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BlockProgress, LeadMarkerTask, MarkTask, Paged, PaperMarks } from '@yj/contracts';
import { blockScore, markTask, markTaskChange, subject } from '../../../db/schema';
import { body } from '../../../../test/app';
import { setTask } from '../../../../test/marking-lead-scene';
import { withScene, leadScene } from '../../../../test/marking-fixture';
import { finalize } from '../final/marking-final';

// Recall (收回), re-mark (打回), a marker's papers, progress and a student's paper (DESIGN.md §5).
// Papers 0–3 are marked by 阅卷甲 (0, 1 now; 2, 3 two hours ago), 4 is claimed by 阅卷乙, 5 by 阅卷甲.

const db = () => t.database.db;
const HOUR_AGO = new Date(Date.now() - 2 * 3600_000);

const task = async (id: number) => (await db().select().from(markTask).where(eq(markTask.id, id)))[0]!;
const finalOf = async (paperId: number) =>
  (await db().select().from(blockScore).where(eq(blockScore.paperId, paperId)))[0];
const post = (c = s.leader.c, path: string, b: object) =>
  c.post(`/filter/api/marking/block/${s.blockId}/${path}`, b).then((r) => body<Record<string, number>>(r));

/** A marker's mark as the pool stores it, decided by finalize like a submit. */
async function mark(i: number, userId: number, a: number, b: number, at = new Date()) {
  const x = s.tasks[i]!;
  await setTask(db(), x.id, {
    status: 'submitted',
    userId,
    score: a + b,
    questionScores: { '13': a, '14': b },
    submittedAt: at,
  });
  await db().transaction((tx) => finalize(tx, s.blockId, x.paperId));
}

const { t, scene: s } = withScene(leadScene({ papers: 6 }), async () => {
  await mark(0, s.markerA.id, 8, 5);
  await mark(1, s.markerA.id, 6, 4);
  await mark(2, s.markerA.id, 9, 6, HOUR_AGO);
  await mark(3, s.markerA.id, 2, 1, HOUR_AGO);
  const lease = {
    status: 'leased',
    leaseToken: crypto.randomUUID(),
    leaseUntil: new Date(Date.now() + 600_000),
  };
  await setTask(db(), s.tasks[4]!.id, { ...lease, userId: s.markerB.id });
  await setTask(db(), s.tasks[5]!.id, { ...lease, userId: s.markerA.id });
});

describe('progress', () => {
  it('counts the block per status and per marker: done, quota, last hour, mean', async () => {
    const r = body<BlockProgress>(await s.leader.c.get(`/filter/api/marking/block/${s.blockId}/progress`));
    expect(r.code, r.message).toBe(0);
    expect(r.data).toMatchObject({
      blockName: '第13-14题',
      papers: 6,
      decided: 4,
      parts: { arbitration: 0, problems: 0, blanks: 0 },
      tasks: { total: 6, submitted: 4, leased: 2, pending: 0, problem: 0 },
      arbitration: { waiting: 0, done: 0 },
    });
    const a = r.data.markers.find((m) => m.userId === s.markerA.id);
    expect(a).toEqual({
      userId: s.markerA.id,
      name: '阅卷甲',
      done: 4,
      quota: null,
      perHour: 2,
      mean: 10.25,
      leased: 1,
    });
    expect(r.data.markers.find((m) => m.userId === s.markerB.id)).toMatchObject({
      done: 0,
      mean: null,
      leased: 1,
    });
  });

  it('lists every block of the subject for a manager, a leader and the subject’s 质检员', async () => {
    for (const c of [s.manager.c, s.leader.c, s.quality.c]) {
      const r = body<BlockProgress[]>(await c.get(`/filter/api/subject/${s.subjectId}/marking/progress`));
      expect(r.code, r.message).toBe(0);
      expect(r.data.map((b) => [b.blockId, b.decided, b.canLead])).toEqual([
        [s.blockId, 4, c !== s.quality.c],
      ]);
    }
  });

  it('refuses markers, other schools and a leader of no block', async () => {
    for (const c of [s.markerA.c, s.stranger.c]) {
      expect(body(await c.get(`/filter/api/marking/block/${s.blockId}/progress`)).message).toBe('无权限');
      expect(body(await c.get(`/filter/api/subject/${s.subjectId}/marking/progress`)).message).toBe('无权限');
    }
    expect(
      body(await s.otherLeader.c.get(`/filter/api/subject/${s.subjectId}/marking/progress`)).message,
    ).toBe('无权限');
    expect(body(await s.leader.c.get(`/filter/api/marking/block/abc/progress`)).code).not.toBe(0);
    // the 质检员 watches progress, the block page's writes stay the leaders'
    expect(body(await s.quality.c.get(`/filter/api/marking/block/${s.blockId}/progress`)).message).toBe(
      '无权限',
    );
  });
});

describe('a marker’s papers and a student’s paper', () => {
  it('pages a marker’s submitted papers, newest first', async () => {
    const url = `/filter/api/marking/block/${s.blockId}/marker/${s.markerA.id}/tasks?size=3`;
    const r = body<Paged<LeadMarkerTask>>(await s.leader.c.get(url));
    expect(r.code, r.message).toBe(0);
    expect(r.data.total).toBe(4);
    expect(r.data.items.map((x) => x.taskId)).toEqual([s.tasks[1]!.id, s.tasks[0]!.id, s.tasks[3]!.id]);
    expect(r.data.items[1]).toMatchObject({ score: 13, questionScores: { '13': 8, '14': 5 } });
    expect(body(await s.leader.c.get(`${url}&page=0`)).code).not.toBe(0);
    expect(body(await s.markerB.c.get(url)).message).toBe('无权限');
  });

  it('shows a student’s paper with its block score and markers to leaders only', async () => {
    const url = `/filter/api/marking/paper/${s.tasks[0]!.paperId}`;
    const r = body<PaperMarks>(await s.leader.c.get(url));
    expect(r.code, r.message).toBe(0);
    expect(r.data).toMatchObject({ name: '学生1', kaohao: '20260001', className: '高一(1)班' });
    expect(r.data.blocks).toHaveLength(1);
    expect(r.data.blocks[0]).toMatchObject({
      blockName: '第13-14题',
      fullScore: 16,
      final: { score: 13, source: 'single' },
      slots: [{ slot: 1, status: 'submitted', markerName: '阅卷甲', score: 13 }],
    });
    for (const c of [s.markerA.c, s.stranger.c]) expect(body(await c.get(url)).message).toBe('无权限');
    expect(body(await s.leader.c.get(`/filter/api/marking/paper/-1`)).code).not.toBe(0);
  });
});

describe('recall', () => {
  it('returns a marker’s claimed papers to the pool, and only theirs', async () => {
    expect((await post(s.markerA.c, 'recall', { userId: s.markerB.id })).message).toBe('无权限');
    expect((await post(s.leader.c, 'recall', { userId: 'x' })).code).not.toBe(0);
    const r = await post(s.leader.c, 'recall', { userId: s.markerB.id });
    expect(r.data).toEqual({ recalled: 1 });
    expect(await task(s.tasks[4]!.id)).toMatchObject({ status: 'pending', userId: null, leaseToken: null });
    expect((await task(s.tasks[5]!.id)).status).toBe('leased');
    const [c] = await db().select().from(markTaskChange).where(eq(markTaskChange.taskId, s.tasks[4]!.id));
    expect(c).toMatchObject({ action: 'recall', userId: s.leader.id });
  });
});

describe('re-mark (打回)', () => {
  it('refuses tasks that are not one marker’s submitted marks, and other people', async () => {
    const ids = (...i: number[]) => ({ taskIds: i.map((x) => s.tasks[x]!.id) });
    expect((await post(s.leader.c, 'remark', ids(0, 5))).message).toBe('只能打回已提交的试卷，请刷新');
    expect((await post(s.leader.c, 'remark', { taskIds: [] })).code).not.toBe(0);
    expect((await post(s.leader.c, 'remark', { taskIds: [99999999] })).message).toBe(
      '所选试卷不在这个题块中，请刷新',
    );
    expect((await post(s.markerB.c, 'remark', ids(0))).message).toBe('无权限');
    expect((await post(s.stranger.c, 'remark', ids(0))).message).toBe('无权限');
    expect((await task(s.tasks[0]!.id)).status).toBe('submitted');
  });

  it('sends chosen marks back to the pool for another marker; the block score goes until the new mark', async () => {
    const ids = [s.tasks[0]!.id, s.tasks[1]!.id];
    const r = await post(s.leader.c, 'remark', { taskIds: ids });
    expect(r.data).toEqual({ remarked: 2, scoresRemoved: 2 });
    const after = await task(ids[0]!);
    expect(after).toMatchObject({ status: 'pending', userId: null, score: null, version: 1 });
    expect(after.skippedBy).toEqual([s.markerA.id]);
    expect(await finalOf(s.tasks[0]!.paperId)).toBeUndefined();
    expect(await finalOf(s.tasks[2]!.paperId)).toBeDefined();
    const [c] = await db()
      .select()
      .from(markTaskChange)
      .where(and(eq(markTaskChange.taskId, ids[0]!), eq(markTaskChange.action, 'remark')));
    expect(c!.before).toMatchObject({ status: 'submitted', userId: s.markerA.id, score: 13 });

    // 阅卷乙 claims through the pool: the re-marked paper comes first; the submit decides the block again
    const claimed = body<MarkTask[]>(
      await s.markerB.c.post(`/filter/api/marking/block/${s.blockId}/claim`, { type: 'normal', count: 1 }),
    );
    expect(claimed.code, claimed.message).toBe(0);
    expect(claimed.data[0]?.taskId).toBe(ids[0]);
    const submitted = body(
      await s.markerB.c.post(`/filter/api/marking/task/${ids[0]}/submit`, {
        leaseToken: claimed.data[0]!.leaseToken,
        scores: [
          { no: '13', score: 7 },
          { no: '14', score: 5 },
        ],
      }),
    );
    expect(submitted.code, submitted.message).toBe(0);
    expect(await finalOf(s.tasks[0]!.paperId)).toMatchObject({ score: 12, source: 'single' });
    // 阅卷甲 never gets the paper back
    const again = body<MarkTask[]>(
      await s.markerA.c.post(`/filter/api/marking/block/${s.blockId}/claim`, { type: 'normal', count: 5 }),
    );
    expect(again.data.map((x) => x.taskId)).not.toContain(ids[1]);
  });

  it('is refused once marking is done (the lifecycle table: changeMarks)', async () => {
    await db().update(subject).set({ status: 5 }).where(eq(subject.id, s.subjectId));
    const r = await post(s.leader.c, 'remark', { taskIds: [s.tasks[2]!.id] });
    expect(r.message).toBe('当前科目状态不允许此操作');
    await db().update(subject).set({ status: 3 }).where(eq(subject.id, s.subjectId));
  });
});
