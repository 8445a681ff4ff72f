import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  MarkSubmitResult,
  MarkTask,
  Paged,
  SamplePaper,
  TrialCandidate,
  TrialLeadView,
  TrialOverview,
} from '@yj/contracts';
import {
  auditLog,
  block,
  blockScore,
  markTask,
  samplePaper,
  subject,
  trialMark,
  trialPaper,
} from '../../db/schema';
import { body, type Client } from '../../../test/app';
import { withScene, leadScene } from '../../../test/marking-fixture';

// 试评 (DESIGN.md §3, §5): the manager chooses papers and runs the trial, every marker marks every trial
// paper apart from real marking, the leader gives references and sees deviations, rollback deletes only the
// trial marks. The scene's block: 13 (10 points, step 1) and 14 (6 points, step 0.5).

const FORBIDS = '当前科目状态不允许此操作';

const subjectUrl = (op: string) => `/filter/api/subject/${s.subjectId}/trial${op}`;
const choose = (c: Client, b: object, blockId = s.blockId) =>
  c.post(subjectUrl(`/block/${blockId}/papers`), b).then((r) => body<{ papers: number }>(r));
const op = (c: Client, name: string) =>
  c.get(subjectUrl(`/${name}`)).then((r) => body<{ status: number }>(r));
const claim = (c: Client, count: number) =>
  c.post(`/filter/api/marking/trial/block/${s.blockId}/claim`, { count }).then((r) => body<MarkTask[]>(r));
const scores = (a: number, b: number) => [
  { no: '13', score: a },
  { no: '14', score: b },
];
const submit = (c: Client, task: MarkTask, a: number, b: number, next = false) =>
  c
    .post(`/filter/api/marking/trial/task/${task.taskId}/submit`, {
      leaseToken: task.leaseToken,
      scores: scores(a, b),
      next,
    })
    .then((r) => body<MarkSubmitResult>(r));
const view = (c: Client = s.leader.c) =>
  c.get(`/filter/api/marking/trial/block/${s.blockId}/papers`).then((r) => body<TrialLeadView>(r));
const reference = (c: Client, trialPaperId: number, a: number, b: number, comment = '') =>
  c
    .post(`/filter/api/marking/trial/paper/${trialPaperId}/reference`, { scores: scores(a, b), comment })
    .then((r) => body<{ score: number }>(r));
const keep = (c: Client, trialPaperId: number, k: boolean) =>
  c.post(`/filter/api/marking/trial/paper/${trialPaperId}/sample`, { keep: k }).then((r) => body(r));
const count = async (table: typeof trialMark | typeof trialPaper | typeof markTask | typeof samplePaper) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
  )[0]!.n;

const { db, scene: s } = withScene(leadScene({ papers: 4 }), async () => {
  // a subject still in 设置中: no task pool yet
  await db().delete(markTask);
  await db().update(subject).set({ status: 0 }).where(eq(subject.id, s.subjectId));
});

describe('choosing trial papers and starting the trial', () => {
  it('shows the subject’s blocks with their markers and no trial papers yet', async () => {
    const r = body<TrialOverview>(await s.manager.c.get(subjectUrl('')));
    expect(r.data).toMatchObject({ subjectId: s.subjectId, status: 0, paperCount: 4 });
    expect(r.data.blocks).toEqual([
      { blockId: s.blockId, name: '第13-14题', papers: 0, markers: 2, marked: 0, referenced: 0 },
    ]);
  });

  it('refuses to start without trial papers, and the other transitions in 设置中', async () => {
    expect((await op(s.manager.c, 'start')).message).toBe('请先为题块选择试评试卷');
    for (const name of ['pause', 'resume', 'rollback'])
      expect((await op(s.manager.c, name)).message).toBe(FORBIDS);
  });

  it('refuses markers, leaders and other schools', async () => {
    for (const c of [s.markerA.c, s.leader.c, s.stranger.c]) {
      expect((await choose(c, { mode: 'random', count: 2 })).message).toBe('无权限');
      expect((await op(c, 'start')).message).toBe('无权限');
      expect(body(await c.get(subjectUrl(''))).message).toBe('无权限');
    }
  });

  it('validates the choice', async () => {
    for (const b of [
      { mode: 'random', count: 0 },
      { mode: 'random', count: 201 },
      { mode: 'pick', paperIds: [] },
      { mode: 'pick', paperIds: [0] },
      { mode: 'pick', paperIds: [2147483648] },
      { mode: 'other' },
    ])
      expect((await choose(s.manager.c, b)).code).not.toBe(0);
    expect((await choose(s.manager.c, { mode: 'pick', paperIds: [s.papers[0]!, 999_999] })).message).toBe(
      '所选试卷不属于本科目或不能阅卷',
    );
    expect((await choose(s.manager.c, { mode: 'random', count: 2 }, 999_999)).message).toBe(
      '题块不存在或已删除',
    );
  });

  it('draws a random count, then replaces it with picked papers', async () => {
    expect((await choose(s.manager.c, { mode: 'random', count: 10 })).data).toEqual({ papers: 4 });
    expect((await choose(s.manager.c, { mode: 'random', count: 2 })).data).toEqual({ papers: 2 });
    const picked = s.papers.slice(0, 3);
    expect((await choose(s.manager.c, { mode: 'pick', paperIds: picked })).data).toEqual({ papers: 3 });
    const rows = await db().select().from(trialPaper).where(eq(trialPaper.blockId, s.blockId));
    expect(rows.map((r) => r.paperId).sort()).toEqual([...picked].sort());
    const c = body<Paged<TrialCandidate>>(
      await s.manager.c.get(subjectUrl(`/block/${s.blockId}/candidates?page=1&size=10`)),
    );
    expect(c.data.total).toBe(4);
    expect(
      c.data.items
        .filter((x) => x.chosen)
        .map((x) => x.paperId)
        .sort(),
    ).toEqual([...picked].sort());
    expect(c.data.items[0]!.kaohao).toBe('20260001');
  });

  it('starts the trial (audited); the choice is closed then', async () => {
    expect((await op(s.manager.c, 'start')).data).toEqual({ subjectId: s.subjectId, status: 1 });
    expect((await choose(s.manager.c, { mode: 'random', count: 2 })).message).toBe(FORBIDS);
    expect((await op(s.manager.c, 'start')).message).toBe(FORBIDS);
    const [line] = await db().select().from(auditLog).where(eq(auditLog.action, 'subject.trialStart'));
    expect(line?.userId).toBe(s.manager.id);
  });
});

describe('trial marking', () => {
  let a: MarkTask[] = [];
  it('gives each marker every trial paper once, on the normal task shape', async () => {
    a = (await claim(s.markerA.c, 2)).data;
    expect(a).toHaveLength(2);
    expect(a[0]).toMatchObject({ blockId: s.blockId, slot: 1 });
    expect(a[0]!.imageUrl).toBe(`/filter/api/marking/trial/task/${a[0]!.taskId}/image`);
    // the two on screen are not handed out again; the third is
    const more = (await claim(s.markerA.c, 4)).data;
    expect(more).toHaveLength(1);
    a.push(more[0]!);
    // marker B has all three to mark too
    expect((await claim(s.markerB.c, 4)).data).toHaveLength(3);
  });

  it('refuses a leader, a stranger and a bad count', async () => {
    expect((await claim(s.leader.c, 1)).message).toBe('您不是本题块的阅卷老师');
    expect((await claim(s.stranger.c, 1)).message).toBe('无权限');
    expect((await claim(s.markerA.c, 5)).code).not.toBe(0);
  });

  it('stores a trial mark apart: no task of the pool, no score', async () => {
    const r = await submit(s.markerA.c, a[0]!, 8, 4);
    expect(r.data).toEqual({ counted: true, next: null, done: 1 });
    // a replay counts once; another marker's token is refused
    expect((await submit(s.markerA.c, a[0]!, 8, 4)).data.counted).toBe(false);
    expect((await submit(s.markerB.c, a[1]!, 8, 4)).message).toBe('阅卷任务不存在');
    expect((await submit(s.markerA.c, a[1]!, 11, 4)).code).not.toBe(0);
    expect((await submit(s.markerA.c, a[1]!, 6, 3.5)).data.done).toBe(2);
    expect((await submit(s.markerA.c, a[2]!, 5, 2)).data.done).toBe(3);
    expect(await count(markTask)).toBe(0);
    expect(await db().select().from(blockScore)).toEqual([]);
    // nothing is left for A; the normal claim is refused in 试评
    expect((await claim(s.markerA.c, 1)).data).toEqual([]);
    const normal = body(
      await s.markerA.c.post(`/filter/api/marking/block/${s.blockId}/claim`, { type: 'normal' }),
    );
    expect(normal.message).toBe(FORBIDS);
  });

  it('lets marker B mark with next, skip one and give the image only to its holder', async () => {
    const b = (await claim(s.markerB.c, 4)).data;
    // B's earlier claim still holds the three: the new claim hands out nothing more
    expect(b).toEqual([]);
    const held = await db().select().from(trialMark).where(eq(trialMark.userId, s.markerB.id));
    const tasks = held
      .sort((x, y) => x.id - y.id)
      .map((m) => ({ taskId: m.id, leaseToken: m.leaseToken! }) as MarkTask);
    expect((await submit(s.markerB.c, tasks[0]!, 10, 6)).data.counted).toBe(true);
    expect((await submit(s.markerB.c, tasks[1]!, 9, 5)).data.counted).toBe(true);
    const img = `/filter/api/marking/trial/task/${tasks[2]!.taskId}/image`;
    expect(body(await s.markerA.c.get(img)).message).toBe('阅卷任务不存在');
    // the scene's block has no regions: the holder gets as far as cutting
    expect(body(await s.markerB.c.get(img)).message).toBe('题块还没有框选区域');
    // 原卷与答案 of a 试评 paper: for its holder, the block's answers, nothing naming the student
    const origin = `/filter/api/marking/trial/task/${tasks[2]!.taskId}/origin`;
    const o = body<{ taskId: number; questions: unknown[]; pages: unknown[] }>(await s.markerB.c.get(origin));
    expect(o.code, o.message).toBe(0);
    expect(o.data).toMatchObject({ taskId: tasks[2]!.taskId, pages: [] });
    expect(o.data.questions.length).toBeGreaterThan(0);
    expect(JSON.stringify(o.data)).not.toMatch(/paper|kaohao|student|school/i);
    expect(body(await s.markerA.c.get(origin)).message).toBe('无权限');
    // 延时 keeps the lease; a release (screen closed) gives the paper back to B later; 跳过 never again
    const base = `/filter/api/marking/trial/task/${tasks[2]!.taskId}`;
    const deferred = body<{ leaseUntil: string }>(
      await s.markerB.c.post(`${base}/defer`, { leaseToken: tasks[2]!.leaseToken }),
    );
    expect(new Date(deferred.data.leaseUntil).getTime()).toBeGreaterThan(Date.now());
    expect(body(await s.markerA.c.post(`${base}/defer`, { leaseToken: tasks[2]!.leaseToken })).message).toBe(
      '阅卷任务不存在',
    );
    expect(body(await s.markerB.c.post(`${base}/release`, { leaseToken: tasks[2]!.leaseToken })).code).toBe(
      0,
    );
    const [back] = (await claim(s.markerB.c, 1)).data;
    expect(back).toBeDefined();
    const skip = `/filter/api/marking/trial/task/${back!.taskId}/skip`;
    expect(body(await s.markerB.c.post(skip, { leaseToken: tasks[2]!.leaseToken })).message).toBe(
      '该任务已超时并由其他老师领取，请继续阅下一份',
    );
    expect(body(await s.markerB.c.post(skip, { leaseToken: back!.leaseToken })).code).toBe(0);
    expect((await claim(s.markerB.c, 1)).data).toEqual([]);
  });

  it('refuses marking while the trial is paused, and goes on after resume', async () => {
    expect((await op(s.manager.c, 'pause')).data.status).toBe(2);
    expect((await claim(s.markerA.c, 1)).message).toBe(FORBIDS);
    expect((await op(s.manager.c, 'resume')).data.status).toBe(1);
  });
});

describe("the leader's trial screen", () => {
  it('shows every marker’s marks per paper without references yet', async () => {
    const r = await view();
    expect(r.data.papers).toHaveLength(3);
    expect(r.data.papers[0]).toMatchObject({ seq: 1, reference: null, sample: false });
    expect(r.data.papers[0]!.marks.map((m) => [m.markerName, m.score, m.deviation])).toEqual([
      ['阅卷甲', 12, null],
      ['阅卷乙', 16, null],
    ]);
    expect(r.data.markers.map((m) => [m.markerName, m.marked, m.compared, m.meanDeviation])).toEqual([
      ['阅卷甲', 3, 0, null],
      ['阅卷乙', 2, 0, null],
    ]);
  });

  it('takes references and shows deviations per paper and per marker (hand-computed)', async () => {
    const [p1, p2] = (await view()).data.papers;
    expect((await reference(s.leader.c, p1!.trialPaperId, 9, 4, '第14题第二问不给分')).data).toEqual({
      score: 13,
    });
    expect((await reference(s.manager.c, p2!.trialPaperId, 7, 3)).data).toEqual({ score: 10 });
    const r = await view();
    // A: 12−13 = −1, 9.5−10 = −0.5; B: 16−13 = +3, 14−10 = +4
    expect(r.data.papers[0]!.marks.map((m) => m.deviation)).toEqual([-1, 3]);
    expect(r.data.papers[1]!.marks.map((m) => m.deviation)).toEqual([-0.5, 4]);
    expect(r.data.papers[0]!.reference).toMatchObject({ score: 13, comment: '第14题第二问不给分' });
    expect(r.data.markers.map((m) => [m.compared, m.meanDeviation, m.meanAbsDeviation])).toEqual([
      [2, -0.75, 0.75],
      [2, 3.5, 3.5],
    ]);
  });

  it('refuses a marker, a leader of another block, a bad score and bad text', async () => {
    const id = (await view()).data.papers[0]!.trialPaperId;
    for (const c of [s.markerA.c, s.stranger.c]) {
      expect((await view(c)).message).toBe('无权限');
      expect((await reference(c, id, 1, 1)).message).toBe('无权限');
    }
    expect((await view(s.otherLeader.c)).message).toBe('无权限');
    expect((await reference(s.leader.c, id, 10, 7)).code).not.toBe(0);
    const nul = await s.leader.c.post(`/filter/api/marking/trial/paper/${id}/reference`, {
      scores: scores(1, 1),
      comment: 'a\u0000b',
    });
    expect(body(nul).code).not.toBe(0);
    expect((await reference(s.leader.c, 999_999, 1, 1)).message).toBe('试评试卷不存在');
  });

  it('keeps a referenced paper as a 样卷 that the block’s markers see', async () => {
    const papers = (await view()).data.papers;
    expect((await keep(s.leader.c, papers[2]!.trialPaperId, true)).message).toBe(
      '请先给出参考分，再设为样卷',
    );
    expect((await keep(s.markerA.c, papers[0]!.trialPaperId, true)).message).toBe('无权限');
    expect((await keep(s.leader.c, papers[0]!.trialPaperId, true)).data).toEqual({ sample: true });
    expect((await keep(s.leader.c, papers[1]!.trialPaperId, true)).code).toBe(0);
    expect((await keep(s.leader.c, papers[1]!.trialPaperId, false)).code).toBe(0);
    expect((await view()).data.papers.map((p) => p.sample)).toEqual([true, false, false]);
    const list = body<SamplePaper[]>(await s.markerA.c.get(`/filter/api/marking/block/${s.blockId}/samples`));
    expect(list.data).toEqual([
      {
        sampleId: list.data[0]!.sampleId,
        imageUrl: `/filter/api/marking/sample/${list.data[0]!.sampleId}/image`,
        score: 13,
        questionScores: { '13': 9, '14': 4 },
        pointScores: null,
        comment: '第14题第二问不给分',
      },
    ]);
    expect(body(await s.stranger.c.get(`/filter/api/marking/block/${s.blockId}/samples`)).message).toBe(
      '无权限',
    );
    expect(body(await s.manager.c.get(`/filter/api/marking/block/${s.blockId}/samples`)).message).toBe(
      '您不是本题块的阅卷老师',
    );
    const img = list.data[0]!.imageUrl;
    expect(body(await s.markerB.c.get(img)).message).toBe('题块还没有框选区域');
    expect(body(await s.stranger.c.get(img)).message).toBe('无权限');
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'trial.sampleKeep'));
    expect(audit).toHaveLength(2);
  });
});

describe('rollback', () => {
  it('is for managers only', async () => {
    for (const c of [s.markerA.c, s.leader.c]) expect((await op(c, 'rollback')).message).toBe('无权限');
  });

  it('deletes the trial marks (audited) and returns the papers; 样卷 and everything else stay', async () => {
    const blocksBefore = await db().select().from(block);
    expect((await op(s.manager.c, 'rollback')).data).toEqual({ subjectId: s.subjectId, status: 0 });
    expect(await count(trialMark)).toBe(0);
    expect(await count(trialPaper)).toBe(0);
    expect(await count(samplePaper)).toBe(1);
    expect(await db().select().from(block)).toEqual(blocksBefore);
    const [line] = await db().select().from(auditLog).where(eq(auditLog.action, 'subject.trialRollback'));
    expect(line?.detail).toMatchObject({ trialMarksDeleted: 6, trialPapersReturned: 3 });
    expect((await op(s.manager.c, 'rollback')).message).toBe(FORBIDS);
    const o = body<TrialOverview>(await s.manager.c.get(subjectUrl('')));
    expect(o.data.blocks[0]).toMatchObject({ papers: 0, marked: 0, referenced: 0 });
  });

  it('lets real marking start from clean tasks afterwards', async () => {
    await db()
      .update(block)
      .set({ regions: [{ page: 0, x: 0, y: 0, w: 100, h: 100 }] })
      .where(eq(block.id, s.blockId));
    const r = body<{ status: number }>(
      await s.manager.c.get(`/filter/api/subject/${s.subjectId}/review/start?force=1`),
    );
    expect(r.data).toEqual({ subjectId: s.subjectId, status: 3 });
    const tasks = await db().select().from(markTask);
    expect(tasks).toHaveLength(4);
    expect(tasks.every((x) => x.status === 'pending' && x.score === null && x.userId === null)).toBe(true);
    const c = body<MarkTask[]>(
      await s.markerA.c.post(`/filter/api/marking/block/${s.blockId}/claim`, { type: 'normal', count: 1 }),
    );
    expect(c.data[0]!.imageUrl).toBe(`/filter/api/marking/task/${c.data[0]!.taskId}/image`);
    // the trial's routes are closed in real marking
    expect((await claim(s.markerA.c, 1)).message).toBe(FORBIDS);
  });
});
