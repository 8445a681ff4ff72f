import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  BlockMonitorDetail,
  BlockQuality,
  ExamMonitor,
  MarkTask,
  QualityPapers,
  SubjectMonitor,
  UniteProgress,
} from '@yj/contracts';
import { rowsOf } from '../../infra/db';
import { body, type Client } from '../../../test/app';
import { buildMarker, claimTasks, submitMark } from '../../../test/marking';
import {
  reviewingScene,
  withScene,
  signInWithRole,
  markScores,
  expectMarkStatsFromScratch,
} from '../../../test/marking-fixture';
import { PAUSED } from './quality-pause';

// Live progress and 质检 (issue 14): the counters the triggers keep equal a count from scratch after a mixed
// run; the routes answer watchers and refuse others; a marker who gives high scores is flagged and paused.

let m1: Client, m2: Client, m3: Client, leader: Client, quality: Client, stranger: Client;
let m3Id: number;
const single = () => scene.blocks[0]!.id;
const double = () => scene.blocks[1]!.id;
const get = async <T>(c: Client, url: string) => body<T>(await c.get(`/filter/api${url}`));

const { t, db, scene } = withScene(reviewingScene({ papers: 6, schools: 2 }), async () => {
  const both = [single(), double()];
  m1 = (await buildMarker(t.app, db(), scene, both)).client;
  m2 = (await buildMarker(t.app, db(), scene, both)).client;
  const high = await buildMarker(t.app, db(), scene, both);
  m3 = high.client;
  m3Id = high.user.id;
  leader = (await buildMarker(t.app, db(), scene, both, { role: 6 })).client;
  stranger = (await buildMarker(t.app, db(), scene, [])).client;
  // a quality person (exam role 7) of the whole exam, leading no block
  quality = (await signInWithRole(t, scene, 7, '质检员', null)).client;

  // the mixed run: single marks, double pairs (two beyond the threshold → arbitration), a 回评, arbitrations
  await markScores(m1, single(), '13', [4, 5, 6, 5]);
  await markScores(m2, single(), '13', [4, 6, 5, 5]);
  await markScores(m3, single(), '13', [10, 10, 10, 10]);
  const first = await markScores(m1, double(), '14', [3, 3, 3, 3]);
  await markScores(m2, double(), '14', [3, 3.5, 5, 6]);
  expect(
    body(
      await m1.post(`/filter/api/marking/task/${first[0]!.taskId}/modify`, {
        version: 0,
        scores: [{ no: '14', score: 2.5 }],
      }),
    ).code,
  ).toBe(0);
  const arb = (await claimTasks(leader, double(), 4, 'arbitration')).data as MarkTask[];
  expect(arb).toHaveLength(2);
  for (const task of arb) {
    const r = body(await submitMark(leader, task, '14', 4));
    expect(r.code, r.message).toBe(0);
  }
});

describe('incremental counters', () => {
  const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(s));

  it('equal a count from scratch after claims, submits, a 回评 and arbitration', async () => {
    expect((await expectMarkStatsFromScratch(db())).length).toBeGreaterThan(4);

    // pairs as first given: the 回评 came after its pair was complete
    const pairs = await q(sql`select user_id, pairs, agree from mark_pair_stat order by 1`);
    const pairsCounted = await q(sql`select u.user_id, count(*)::int as pairs,
        (count(*) filter (where abs(u.d) <= 1))::int as agree from (
          select a.user_id, a.score - b.score as d from mark_task a join mark_task b on b.block_id = a.block_id
            and b.paper_id = a.paper_id and b.slot = 3 - a.slot
          where a.slot in (1, 2) and a.status = 'submitted' and b.status = 'submitted'
            and a.block_id = ${double()} and not (a.id = any(${`{${await firstModified()}}`}::int[]) or
              b.id = any(${`{${await firstModified()}}`}::int[]))) u
        group by 1 order by 1`);
    // the modified pair was 3 vs 3 (within) as given: add it back to both markers
    const withModified = pairsCounted.map((r) => {
      const x = r as { user_id: number; pairs: number; agree: number };
      return { ...x, pairs: x.pairs + 1, agree: x.agree + 1 };
    });
    expect(pairs).toEqual(withModified);
  });

  const firstModified = async () =>
    (await q<{ task_id: number }>(sql`select task_id from mark_task_change where action = 'modify'`))
      .map((r) => r.task_id)
      .join(',');
});

describe('progress routes', () => {
  it('review/progress/all: done / total per block for the leader, the quality person and a manager', async () => {
    for (const c of [leader, quality]) {
      const r = await get<SubjectMonitor>(c, `/subject/${scene.subjectId}/monitor/progress`);
      expect(r.code, r.message).toBe(0);
      const [a, b] = r.data.blocks;
      expect(a).toMatchObject({
        blockName: '第13题',
        papers: 12,
        total: 12,
        done: 12,
        share: 1,
        double: null,
      });
      // done / total are papers (the one progress of a block, issue 29): 8 of the 24 marks given, on 4 papers,
      // all 4 with a final score (2 pairs agreed, 2 went beyond the threshold and were arbitrated)
      expect(b).toMatchObject({ papers: 12, total: 12, done: 4 });
      expect(b!.double).toMatchObject({
        pairs: 4,
        agreement: 0.5,
        arbitrationRate: 0.5,
        arbitrationDone: 2,
        arbitrationTotal: 2,
      });
      expect(r.data.recentPerHour).toBeGreaterThan(0);
      expect(r.data).toMatchObject({ done: 16, total: 24 });
      expect(r.data.estimatedFinish).not.toBeNull();
    }
  });

  it('all_review_progress_all and uniteProgress (by school)', async () => {
    const e = await get<ExamMonitor>(quality, `/exam/${scene.examId}/monitor/progress`);
    expect(e.code, e.message).toBe(0);
    expect(e.data.subjects).toEqual([
      expect.objectContaining({ subjectId: scene.subjectId, done: 16, total: 24 }),
    ]);
    const u = await get<UniteProgress>(leader, `/exam/subject/${scene.subjectId}/uniteProgress`);
    expect(u.code, u.message).toBe(0);
    expect(u.data.schools.map((s) => s.schoolId)).toEqual(
      scene.schools.map((s) => s.id).sort((a, b) => a - b),
    );
    expect(u.data.schools.reduce((a, s) => a + s.done, 0)).toBe(20);
    expect(u.data.schools.every((s) => s.papers === 12 && s.total === 18)).toBe(true);
  });

  it('overview/block: markers with done, speed and remaining; the speed series', async () => {
    const r = await get<BlockMonitorDetail>(leader, `/marking/block/${single()}/monitor`);
    expect(r.code, r.message).toBe(0);
    expect(r.data.markers.filter((m) => m.done > 0).map((m) => m.done)).toEqual([4, 4, 4]);
    expect(r.data.markers.every((m) => m.recentPerHour === 24)).toBe(true);
    expect(r.data.speed.at(-1)!.marks + (r.data.speed.at(-2)?.marks ?? 0)).toBeGreaterThanOrEqual(12);
    expect(r.data.schools).toHaveLength(2);
  });

  it('refuses a marker, a stranger, and a bad id', async () => {
    for (const url of [
      `/subject/${scene.subjectId}/monitor/progress`,
      `/exam/subject/${scene.subjectId}/uniteProgress`,
      `/marking/block/${single()}/monitor`,
      `/marking/block/${single()}/quality`,
      `/marking/block/${single()}/quality/papers`,
    ]) {
      expect((await get(m1, url)).message, url).toBe('无权限');
      expect((await get(stranger, url)).message, url).toBe('无权限');
    }
    expect((await get(m1, `/exam/${scene.examId}/monitor/progress`)).message).toBe('无权限');
    expect((await get(leader, `/subject/abc/monitor/progress`)).code).toBe(1);
    expect((await get(leader, `/marking/block/2147483648/monitor`)).code).toBe(1);
    expect((await get(leader, `/marking/block/${single()}/quality/papers?size=500`)).code).toBe(1);
  });
});

describe('quality monitor and flagging', () => {
  const setting = (c: Client, limits: object, pause = true) =>
    c.post(`/filter/api/marking/block/${single()}/quality/setting`, {
      limits: {
        minMarks: 3,
        maxMeanDiffSd: 1,
        minAgreement: 0.6,
        maxStandardDev: 2,
        maxSelfDiff: 2,
        drift: true,
        ...limits,
      },
      pause,
    });

  it('validates and guards the block setting', async () => {
    expect(body(await setting(leader, { minAgreement: 2 })).code).toBe(1);
    expect(body(await setting(m1, {})).message).toBe('无权限');
    expect(body(await setting(leader, {})).code).toBe(0);
  });

  it('flags the marker who gives high scores, with the reason, and pauses their claims until released', async () => {
    const r = await get<BlockQuality>(quality, `/marking/block/${single()}/quality`);
    expect(r.code, r.message).toBe(0);
    expect(r.data).toMatchObject({ n: 12, mean: 6.6667, sd: 2.4267, pause: true });
    const [top, ...rest] = r.data.markers;
    // (10 − 6.667) / 2.4267 = 1.37 block SDs
    expect(top).toMatchObject({ userId: m3Id, mean: 10, fullShare: 1, meanDiffSd: 1.3736 });
    expect(top!.flag).toMatchObject({
      state: 1,
      paused: true,
      reasons: ['平均分比题块高 1.37 个标准差，超过 1'],
    });
    expect(rest.every((m) => m.flag === null)).toBe(true);
    // a read of a block whose flags stand writes nothing (the row version is the same after another read)
    const version = async () =>
      rowsOf<{ v: string }>(
        await t.database.db.execute(
          sql`select xmin::text as v from marker_flag where block_id = ${single()} and user_id = ${m3Id}`,
        ),
      )[0]!.v;
    const before = await version();
    expect((await get<BlockQuality>(quality, `/marking/block/${single()}/quality`)).code).toBe(0);
    expect(await version()).toBe(before);

    expect((await claimTasks(m3, single(), 1)).message).toBe(PAUSED);
    const release = (c: Client) =>
      c.post(`/filter/api/marking/block/${single()}/quality/marker/${m3Id}/release`);
    expect(body(await release(m1)).message).toBe('无权限');
    expect(body(await release(leader)).code).toBe(0);
    expect(body(await release(leader)).message).toBe('该阅卷老师未被标记或已放行，请刷新');
    expect((await claimTasks(m3, single(), 1)).code).toBe(0);
    // released: not flagged again on the same marks
    const again = await get<BlockQuality>(leader, `/marking/block/${single()}/quality`);
    expect(again.data.markers.find((m) => m.userId === m3Id)!.flag).toMatchObject({ state: 0 });
  });

  it('double marking: agreement, arbitration rate and the papers that differ most (qualityMonitorStudent)', async () => {
    const r = await get<BlockQuality>(leader, `/marking/block/${double()}/quality`);
    expect(r.code, r.message).toBe(0);
    const m2Row = r.data.markers.find((m) => m.n === 4 && m.mean === 4.375)!;
    // m2 against m1's current marks (the 回评 made the first 2.5): +0.5, +0.5, +2, +3 → within 1: 2 of 4,
    // mean difference 1.5 (the first mark as given, 3, would say 1.375)
    expect(m2Row.agreement).toEqual({ n: 4, within: 0.5, meanDiff: 1.5 });
    expect(m2Row.arbitrationRate).toBe(0.5);
    const p = await get<QualityPapers>(leader, `/marking/block/${double()}/quality/papers?minDiff=1`);
    expect(p.code, p.message).toBe(0);
    expect(p.data.total).toBe(2);
    expect(p.data.items.map((x) => x.diff)).toEqual([3, 2]);
  });

  it('the answers are on route contracts: OpenAPI documents what each route answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/filter/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const answer = (path: string, method = 'get') =>
      JSON.stringify(doc.paths[`/filter${path}`]?.[method]?.responses?.['200'] ?? null);
    expect(answer('/api/marking/block/{blockId}/quality')).toContain('meanDiffSd');
    expect(answer('/api/marking/block/{blockId}/quality/papers')).toContain('diff');
    expect(answer('/api/subject/{id}/monitor/progress')).toContain('estimatedFinish');
    expect(answer('/api/marking/block/{blockId}/quality-test/report')).toContain('driftSignal');
    expect(answer('/api/marking/spot/{spotId}/submit', 'post')).toContain('leaderQuestionScores');
  });
});
