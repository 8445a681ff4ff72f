import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  qualityTestReportTable,
  type MarkHistoryItem,
  type MarkTask,
  type Paged,
  type QualityTestProgress,
  type QualityTestReport,
  type QualityTestSetting,
  type SpotBlock,
  type SpotResult,
  type SpotTask,
} from '@yj/contracts';
import { blockScore, markTask, standardMark, subject } from '../../db/schema';
import { rowsOf } from '../../infra/db';
import { body } from '../../../test/app';
import type { LeadScene } from '../../../test/marking-lead-scene';
import { withScene, leadScene, submit13And14 } from '../../../test/marking-fixture';
import { claimTasks } from '../../../test/marking';
import { PAUSED } from './quality-pause';

// 质检 (issue 14): the block's rates (setting/qualitytest), a marker's own paper sent again (self-consistency)
// and a 标准卷 in the same stream, a leader's blind spot check, progress2 and the report with its Excel. The
// scene: 20 papers in review, single marking, questions 13 (10) and 14 (6); markers 甲 and 乙, leader 组长甲.

const { t, scene: s } = withScene(leadScene({ papers: 20 }));
const db = () => t.database.db;
type Client = LeadScene['manager']['c'];

const claim = (c: Client, count = 1) => claimTasks(c, s.blockId, count);
const submit = submit13And14;
const setting = (c: Client, input: unknown) =>
  c.post(`/filter/api/marking/block/${s.blockId}/quality-test/setting`, input as object).then((r) => body(r));
const OK_SETTING = { standardEvery: null, selfEvery: 6, spotPercent: 50, maxDeviation: 2, pause: false };
const status = (v: number) => db().update(subject).set({ status: v }).where(eq(subject.id, s.subjectId));
const hidden = async (taskId: number) =>
  (await db().select().from(standardMark).where(eq(standardMark.id, taskId)))[0];
const spotOf = (c: Client, userId?: number) =>
  c
    .post(`/filter/api/marking/block/${s.blockId}/spot/claim`, userId ? { userId } : {})
    .then((r) => body<SpotTask>(r));
const spotSubmit = (c: Client, task: SpotTask, a: number, b: number) =>
  c
    .post(`/filter/api/marking/spot/${task.spotId}/submit`, {
      leaseToken: task.leaseToken,
      scores: [
        { no: '13', score: a },
        { no: '14', score: b },
      ],
    })
    .then((r) => body<SpotResult>(r));

describe('setting/qualitytest', () => {
  const url = () => `/filter/api/subject/${s.subjectId}/quality-test/setting`;
  it('lists the blocks with their rates for leaders and managers; defaults when never set', async () => {
    for (const c of [s.leader.c, s.manager.c]) {
      const r = body<QualityTestSetting>(await c.get(url()));
      expect(r.code).toBe(0);
      expect(r.data.blocks).toEqual([
        {
          blockId: s.blockId,
          blockName: '第13-14题',
          fullScore: 16,
          standardEvery: null,
          standards: 0,
          selfEvery: null,
          spotPercent: 0,
          maxDeviation: 2,
          pause: false,
        },
      ]);
    }
  });

  it('refuses markers, another school and a leader of another block', async () => {
    for (const c of [s.markerA.c, s.stranger.c]) {
      expect(body(await c.get(url())).message).toBe('无权限');
      expect((await setting(c, OK_SETTING)).message).toBe('无权限');
    }
    expect(body(await s.otherLeader.c.get(url())).message).toBe('无权限');
    expect((await setting(s.otherLeader.c, OK_SETTING)).message).toBe('无权限');
  });

  it('validates the rates', async () => {
    for (const bad of [
      { ...OK_SETTING, selfEvery: 1 },
      { ...OK_SETTING, standardEvery: 1001 },
      { ...OK_SETTING, spotPercent: 101 },
      { ...OK_SETTING, spotPercent: 2.5 },
      { ...OK_SETTING, maxDeviation: -1 },
      { ...OK_SETTING, pause: 'yes' },
      { selfEvery: 6 },
    ])
      expect((await setting(s.leader.c, bad)).code).not.toBe(0);
  });

  it('is refused once the marks are final', async () => {
    await status(5);
    expect((await setting(s.leader.c, OK_SETTING)).message).toBe('当前科目状态不允许此操作');
    await status(3);
  });

  it('saves per block and reads back; the limit goes to the quality limits', async () => {
    expect((await setting(s.leader.c, OK_SETTING)).code).toBe(0);
    const r = body<QualityTestSetting>(await s.leader.c.get(url()));
    expect(r.data.blocks[0]).toMatchObject({ selfEvery: 6, spotPercent: 50, maxDeviation: 2, pause: false });
    const [q] = rowsOf<{ limits: Record<string, number> }>(
      await db().execute(sql`select limits from block_quality where block_id = ${s.blockId}`),
    );
    expect(q!.limits).toMatchObject({ maxStandardDev: 2, maxSelfDiff: 2 });
  });
});

describe('a marker’s own paper sent again', () => {
  let again: MarkTask;
  let first: MarkTask[] = [];
  it('comes after every 6 real marks, on the normal task shape, and is none of the latest 5', async () => {
    let task = (await claim(s.markerA.c)).data[0]!;
    for (let i = 0; i < 6; i++) {
      expect(await hidden(task.taskId)).toBeUndefined();
      first.push(task);
      const r = await submit(s.markerA.c, task, 5, 3, true);
      expect(r.code).toBe(0);
      task = r.data.next!;
    }
    again = task;
    const row = await hidden(again.taskId);
    expect(row).toMatchObject({ kind: 'self', status: 'leased', taskId: first[0]!.taskId, refScore: 8 });
    expect(Object.keys(again).sort()).toEqual(Object.keys(first[0]!).sort());
    expect(again).toMatchObject({
      blockId: s.blockId,
      slot: 1,
      imageUrl: `/filter/api/marking/task/${again.taskId}/image`,
    });
    // an id from the task pool's sequence: after the tasks of the pool, like a new paper
    expect(again.taskId).toBeGreaterThan(Math.max(...s.tasks.map((x) => x.id)));
    first = first.slice(0, 1);
  });

  it('serves its image to its holder only', async () => {
    const img = `/filter/api/marking/task/${again.taskId}/image`;
    expect(body(await s.markerA.c.get(img)).message).toBe('题块还没有框选区域');
    expect(body(await s.markerB.c.get(img)).message).toBe('阅卷任务不存在');
    expect(body(await s.stranger.c.get(img)).message).toBe('无权限');
  });

  it('keeps the second mark apart: a self deviation against the first, never a score', async () => {
    const before = await db().select().from(blockScore);
    const r = await submit(s.markerA.c, again, 9, 3);
    expect(r.data).toMatchObject({ counted: true, done: 7 });
    const dev = rowsOf<{ kind: string; mark: number; other: number; paper_id: number }>(
      await db().execute(sql`select kind, mark::float8 as mark, other::float8 as other, paper_id
        from mark_deviation where kind = 'self'`),
    );
    const [orig0] = await db().select().from(markTask).where(eq(markTask.id, first[0]!.taskId));
    expect(dev).toEqual([{ kind: 'self', mark: 12, other: 8, paper_id: orig0!.paperId }]);
    expect(await db().select().from(blockScore)).toEqual(before);
    const [orig] = await db().select().from(markTask).where(eq(markTask.id, first[0]!.taskId));
    expect(orig).toMatchObject({ status: 'submitted', score: 8 });
  });

  it('is in the marker’s 回评 like any paper; a change goes to the kept mark only', async () => {
    const list = body<Paged<MarkHistoryItem>>(
      await s.markerA.c.get(`/filter/api/marking/block/${s.blockId}/history?page=1&size=20`),
    );
    expect(list.data.total).toBe(7);
    const item = list.data.items.find((x) => x.taskId === again.taskId)!;
    expect(item).toMatchObject({ score: 12, version: 0, editable: true });
    const mod = (version: number, a: number) =>
      s.markerA.c
        .post(`/filter/api/marking/task/${again.taskId}/modify`, {
          version,
          scores: [
            { no: '13', score: a },
            { no: '14', score: 3 },
          ],
        })
        .then((x) => body<{ version: number; score: number }>(x));
    expect((await mod(0, 6)).data).toEqual({ version: 1, score: 9 });
    expect((await mod(0, 6)).message).toBe('该分数已被修改，请刷新后重试');
    expect((await mod(1, 11)).code).not.toBe(0);
    expect(
      body(
        await s.markerB.c.post(`/filter/api/marking/task/${again.taskId}/modify`, {
          version: 1,
          scores: [
            { no: '13', score: 1 },
            { no: '14', score: 1 },
          ],
        }),
      ).message,
    ).toBe('只能修改自己已提交的评分');
    const [d] = rowsOf<{ mark: number }>(
      await db().execute(sql`select mark::float8 as mark from mark_deviation where kind = 'self'`),
    );
    expect(d!.mark).toBe(9);
    const [orig] = await db().select().from(markTask).where(eq(markTask.id, first[0]!.taskId));
    expect(orig!.score).toBe(8);
  });

  it('a 标准卷 due comes first; pause is read with the rates in the one setting', async () => {
    // a 标准卷 kept for the block (paper 20) and a rate of 2: marker B after 2 real marks meets it
    await s.addStandards([19], { '13': 7, '14': 3 });
    expect((await setting(s.leader.c, { ...OK_SETTING, standardEvery: 2 })).code).toBe(0);
    const [b1] = (await claim(s.markerB.c)).data;
    const r1 = await submit(s.markerB.c, b1!, 6, 2, true);
    const r2 = await submit(s.markerB.c, r1.data.next!, 6, 2, true);
    const std = r2.data.next!;
    expect(await hidden(std.taskId)).toMatchObject({ kind: 'standard', paperId: s.papers[19] });
    expect((await submit(s.markerB.c, std, 9, 3)).code).toBe(0);
    // flagged and paused: the claim refuses at once after the setting changed
    await db().execute(sql`insert into marker_flag (block_id, user_id, reasons, state)
      values (${s.blockId}, ${s.markerB.id}, '["测试"]'::jsonb, 1)`);
    expect((await claim(s.markerB.c)).code).toBe(0);
    expect((await setting(s.leader.c, { ...OK_SETTING, standardEvery: 2, pause: true })).code).toBe(0);
    expect((await claim(s.markerB.c)).message).toBe(PAUSED);
    await db().execute(sql`delete from marker_flag`);
    expect((await setting(s.leader.c, OK_SETTING)).code).toBe(0);
  });
});

describe('a leader’s blind spot check', () => {
  let task: SpotTask;
  it('lists the markers with the checks due at the block’s share', async () => {
    const r = body<SpotBlock>(await s.leader.c.get(`/filter/api/marking/block/${s.blockId}/spot`));
    expect(r.data.spotPercent).toBe(50);
    const a = r.data.markers.find((m) => m.userId === s.markerA.id)!;
    // 甲: 6 real marks (the paper sent again is no real mark), half of them due
    expect(a).toMatchObject({ done: 6, checked: 0, due: 3 });
    expect(r.data.open).toBeNull();
  });

  it('hands out a paper of the marker without their score', async () => {
    for (const c of [s.markerA.c, s.stranger.c]) expect((await spotOf(c)).message).toBe('无权限');
    expect((await spotOf(s.otherLeader.c)).message).toBe('无权限');
    expect((await spotOf(s.leader.c, 999_999)).message).toBe('该老师不是本题块的阅卷老师');
    const r = await spotOf(s.leader.c, s.markerA.id);
    expect(r.code).toBe(0);
    task = r.data;
    expect(Object.keys(task).sort()).toEqual(['imageUrl', 'leaseToken', 'markerId', 'markerName', 'spotId']);
    expect(task).toMatchObject({ markerId: s.markerA.id, markerName: '阅卷甲' });
    // the same open check again after a reload
    expect((await spotOf(s.leader.c)).data.spotId).toBe(task.spotId);
    expect(body(await s.leader.c.get(task.imageUrl)).message).toBe('题块还没有框选区域');
    expect(body(await s.manager.c.get(task.imageUrl)).message).toBe('无权限');
  });

  it('takes the leader’s mark, then shows the marker’s and records the difference', async () => {
    expect((await spotSubmit(s.leader.c, task, 11, 3)).code).not.toBe(0);
    expect((await spotSubmit(s.manager.c, task, 4, 2)).message).toBe('无权限');
    await status(5);
    expect((await spotSubmit(s.leader.c, task, 4, 2)).message).toBe('当前科目状态不允许此操作');
    await status(3);
    const r = await spotSubmit(s.leader.c, task, 4, 2);
    expect(r.code).toBe(0);
    const [checked] = rowsOf<{ task_id: number }>(
      await db().execute(sql`select task_id from spot_check where id = ${task.spotId}`),
    );
    const [mt] = await db().select().from(markTask).where(eq(markTask.id, checked!.task_id));
    expect(r.data).toMatchObject({
      taskId: mt!.id,
      markerName: '阅卷甲',
      markerScore: mt!.score,
      leaderScore: 6,
      diff: mt!.score! - 6,
    });
    expect(r.data.over).toBe(Math.abs(mt!.score! - 6) > 2);
    expect((await spotSubmit(s.leader.c, task, 4, 2)).message).toBe('这份抽查已提交，请抽查下一份');
    const dev = rowsOf<{ user_id: number; mark: number; other: number }>(
      await db().execute(sql`select user_id, mark::float8 as mark, other::float8 as other from mark_deviation
        where kind = 'spot'`),
    );
    expect(dev).toEqual([{ user_id: s.markerA.id, mark: mt!.score, other: 6 }]);
    // 打回 from the result: the leaders' remark of that task
    const back = await s.leader.c.post(`/filter/api/marking/block/${s.blockId}/remark`, {
      taskIds: [r.data.taskId],
    });
    expect(body(back).code).toBe(0);
  });

  it('refuses when the block checks none; a given-up check goes back', async () => {
    const open = (await spotOf(s.leader.c, s.markerA.id)).data;
    expect(
      body(
        await s.leader.c.post(`/filter/api/marking/spot/${open.spotId}/release`, {
          leaseToken: open.leaseToken,
        }),
      ).code,
    ).toBe(0);
    expect((await spotSubmit(s.leader.c, open, 4, 2)).message).toBe('抽查任务不存在');
    expect((await setting(s.leader.c, { ...OK_SETTING, spotPercent: 0 })).code).toBe(0);
    expect((await spotOf(s.leader.c)).message).toBe('本题块未开启抽查，请先在质检设置中设置抽查比例');
    expect((await setting(s.leader.c, OK_SETTING)).code).toBe(0);
  });
});

describe('quality-test/progress2 and report', () => {
  it('shows each marker’s hidden papers, spot checks and deviations', async () => {
    const url = `/filter/api/subject/${s.subjectId}/quality-test/progress`;
    expect(body(await s.markerA.c.get(url)).message).toBe('无权限');
    expect(body(await s.stranger.c.get(url)).message).toBe('无权限');
    const r = body<QualityTestProgress>(await s.manager.c.get(url));
    const a = r.data.blocks[0]!.markers.find((m) => m.userId === s.markerA.id)!;
    // 甲: one paper again (9 against 8), one spot check (its paper was sent back: 5 real marks stand)
    expect(a).toMatchObject({
      done: 5,
      self: { n: 1, meanDiff: 1, meanAbsDiff: 1, maxAbsDiff: 1 },
      standard: { n: 0 },
      spot: { n: 1, meanDiff: 2, meanAbsDiff: 2 },
      spotDue: 2,
      over: false,
    });
    const b = r.data.blocks[0]!.markers.find((m) => m.userId === s.markerB.id)!;
    // 乙: the 标准卷 given 12 against 10
    expect(b).toMatchObject({ done: 2, standard: { n: 1, meanDiff: 2, meanAbsDiff: 2 } });
  });

  it('reports per marker, and the Excel holds the rows of the table', async () => {
    const url = `/filter/api/marking/block/${s.blockId}/quality-test/report`;
    expect(body(await s.markerA.c.get(url)).message).toBe('无权限');
    const r = body<QualityTestReport>(await s.leader.c.get(url));
    expect(r.code).toBe(0);
    const a = r.data.markers.find((m) => m.userId === s.markerA.id)!;
    // 甲's standing marks: five of 5 + 3 = 8
    expect(a).toMatchObject({ n: 5, mean: 8, sd: 0, zeroShare: 0, fullShare: 0 });
    // the drift reads evidence with a reference: the spot check; the paper sent again (self) is its own figure
    expect(a.drift.map((x) => x.t)).toEqual([1]);
    expect(a.bias).toEqual({ n: 1, signal: null });
    const res = await s.leader.c.get(`${url}/export`);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0]!;
    const table = qualityTestReportTable(r.data);
    const cells: unknown[][] = [];
    for (let i = 1; i <= ws.rowCount; i++)
      cells.push(table.headers.map((_, j) => ws.getRow(i).getCell(j + 1).value ?? ''));
    expect(cells).toEqual([table.headers, ...table.rows]);
    expect(table.rows).toHaveLength(2);
    expect(body(await s.markerA.c.get(`${url}/export`)).message).toBe('无权限');
  });
});

describe('a 问题卷 on a hidden paper', () => {
  let id: number;
  const lease = '00000000-0000-4000-8000-000000000001';
  const resolve = (c: Client, resolution: string) =>
    c.post(`/filter/api/marking/task/${id}/resolve`, { resolution, note: '' }).then((r) => body(r));
  const problems = (c: Client, state = 'open') =>
    c
      .get(`/filter/api/marking/block/${s.blockId}/problems?state=${state}&page=1&size=20`)
      .then((r) => body<Paged<{ taskId: number; hidden?: boolean; markerName: string }>>(r));

  it('goes to the leaders like any other, tagged for them only', async () => {
    // marker 乙 holds one of their own papers sent again, and raises a 问题卷 on it
    const [own] = rowsOf<{ id: number; paper_id: number; score: number }>(
      await db().execute(sql`select id, paper_id, score::float8 as score from mark_task
        where user_id = ${s.markerB.id} and status = 'submitted' order by id limit 1`),
    );
    const [row] = rowsOf<{ id: number }>(
      await db().execute(sql`insert into standard_mark (kind, task_id, paper_id, block_id, user_id, status,
          lease_token, lease_until, ref_score)
        values ('self', ${own!.id}, ${own!.paper_id}, ${s.blockId}, ${s.markerB.id}, 'leased', ${lease},
          now() + interval '10 minutes', ${own!.score}) returning id`),
    );
    id = row!.id;
    const flag = await s.markerB.c.post(`/filter/api/marking/task/${id}/problem`, {
      leaseToken: lease,
      reason: 'unclear',
      note: '看不清',
    });
    expect(body(flag).code).toBe(0);
    const list = await problems(s.leader.c);
    expect(list.data.items).toEqual([
      expect.objectContaining({ taskId: id, hidden: true, markerName: '阅卷乙' }),
    ]);
    expect(list.data.total).toBe(1);
    const info = body<{ problems: number }>(
      await s.leader.c.get(`/filter/api/marking/block/${s.blockId}/lead`),
    );
    expect(info.data.problems).toBe(1);
    expect(body(await s.leader.c.get(`/filter/api/marking/task/${id}/lead/image`)).message).toBe(
      '题块还没有框选区域',
    );
    for (const c of [s.markerA.c, s.stranger.c]) expect((await problems(c)).message).toBe('无权限');
    expect(body(await s.otherLeader.c.get(`/filter/api/marking/task/${id}/lead/image`)).message).toBe(
      '无权限',
    );
  });

  it('is settled apart: no scanning problem; 退回 gives it back, 结束 keeps it closed', async () => {
    expect((await resolve(s.markerA.c, 'back')).message).toBe('无权限');
    expect((await resolve(s.leader.c, 'scan')).message).toBe(
      '这是一份质检卷（标准卷或自评卷），不计入成绩，请直接给分结束或退回',
    );
    await status(5);
    expect((await resolve(s.leader.c, 'back')).message).toBe('当前科目状态不允许此操作');
    await status(3);
    expect((await resolve(s.leader.c, 'back')).code).toBe(0);
    expect(await hidden(id)).toBeUndefined();
    expect((await resolve(s.leader.c, 'back')).message).toBe('阅卷任务不存在');
    expect((await problems(s.leader.c)).data.total).toBe(0);
    // one more, closed by the leader: listed among the settled ones, never a mark
    const [again] = rowsOf<{ id: number }>(
      await db().execute(sql`insert into standard_mark (kind, task_id, paper_id, block_id, user_id, status,
          ref_score, problem)
        select 'self', id, paper_id, block_id, user_id, 'problem', score,
          jsonb_build_object('reason', 'unclear', 'note', '', 'by', user_id, 'at', now())
        from mark_task where user_id = ${s.markerB.id} and status = 'submitted' order by id limit 1
        returning id`),
    );
    id = again!.id;
    expect((await resolve(s.leader.c, 'score')).code).toBe(0);
    expect((await resolve(s.leader.c, 'score')).message).toBe('该问题卷已处理，请刷新');
    const settled = await problems(s.leader.c, 'resolved');
    expect(settled.data.items.map((x) => x.taskId)).toContain(id);
    expect(await hidden(id)).toMatchObject({ status: 'problem', score: null });
  });
});
