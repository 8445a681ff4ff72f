import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarkSubmitResult, MarkTask } from '@yj/contracts';
import { body, testApp, type TestApp } from '../../../../test/app';
import { buildMarker, buildMarkingScene, type MarkingScene } from '../../../../test/marking';
import { rowsOf } from '../../../infra/db';
import { createTasks } from '../final/marking-final';

// Issue 13, Reliability: claims race on PostgreSQL for real (FOR UPDATE SKIP LOCKED, no global lock). Many markers
// claiming at the same instant never share a slot; one marker in two tabs never gets two slots of one paper;
// the same submit sent several times at once counts once. npm run bench:marking does the same at scale.
const MARKERS = 100;
const PAPERS = 60;

type Marker = Awaited<ReturnType<typeof buildMarker>>;
let t: TestApp;
let scene: MarkingScene;
let markers: Marker[];
let single: number;
let double: number;

const claim = async (m: Marker, blockId: number, count = 1): Promise<MarkTask[]> => {
  const b = body<MarkTask[]>(
    await m.client.post(`/filter/api/marking/block/${blockId}/claim`, { type: 'normal', count }),
  );
  expect(b.code, b.message).toBe(0);
  return b.data;
};

/** The tasks as stored: which paper and slot each is, who holds it. */
async function stored(ids: number[]) {
  return rowsOf<{ id: number; paper_id: number; slot: number; user_id: number; status: string }>(
    await t.database.db.execute(
      sql`select id, paper_id, slot, user_id, status from mark_task where id in ${sql.raw(`(${ids.join(',') || 0})`)}`,
    ),
  );
}

beforeAll(async () => {
  // 100 markers sign in from one address: above the default per-address limit
  t = await testApp({ LOGIN_RATE_LIMIT: '1000' });
  scene = await buildMarkingScene(t.database.db, {
    papers: PAPERS,
    blocks: [
      { name: '第13题', nos: ['13'] },
      { name: '第14题', nos: ['14'], markCount: 2, threshold: 1 },
    ],
  });
  [single, double] = scene.blocks.map((b) => b.id) as [number, number];
  await t.database.db.transaction((tx) => createTasks(tx, scene.subjectId));
  markers = [];
  // one by one: sign-in hashing in parallel would only slow the setup
  for (let i = 0; i < MARKERS; i++)
    markers.push(await buildMarker(t.app, t.database.db, scene, [single, double]));
}, 120_000);
afterAll(() => t?.close());

describe('claims at the same instant', () => {
  it('never give one slot to two markers, and the pool runs dry without a task given twice', async () => {
    // 100 markers × 1 task on a pool of 60: 60 distinct tasks, 40 empty answers
    const perMarker = await Promise.all(markers.map((m) => claim(m, single)));
    const ids = perMarker.flat().map((x) => x.taskId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(PAPERS);
    const rows = await stored(ids);
    expect(new Set(rows.map((r) => `${r.paper_id}:${r.slot}`)).size).toBe(PAPERS);
    // each task is held by the marker it was given to
    const holder = new Map(rows.map((r) => [r.id, r.user_id]));
    for (const [i, tasks] of perMarker.entries())
      for (const x of tasks) expect(holder.get(x.taskId)).toBe(markers[i]!.user.id);
  });

  it('of a double-marked block never give a marker both slots of a paper, even from two tabs at once', async () => {
    // every marker claims in two "tabs" at once, twice over: 400 claims on 120 slots of 60 papers
    const answers = await Promise.all(
      markers.flatMap((m) =>
        [claim(m, double, 2), claim(m, double, 2)].map((p) => p.then((x) => ({ m, x }))),
      ),
    );
    const all = answers.flatMap((a) => a.x.map((x) => ({ user: a.m.user.id, taskId: x.taskId })));
    expect(new Set(all.map((a) => a.taskId)).size).toBe(all.length);
    expect(all).toHaveLength(PAPERS * 2);
    const rows = await stored(all.map((a) => a.taskId));
    for (const r of rows) expect(all.find((a) => a.taskId === r.id)!.user).toBe(r.user_id);
    const perMarkerPaper = new Map<string, number>();
    for (const r of rows) {
      const k = `${r.user_id}:${r.paper_id}`;
      perMarkerPaper.set(k, (perMarkerPaper.get(k) ?? 0) + 1);
    }
    expect([...perMarkerPaper.values()].every((n) => n === 1)).toBe(true);
  });

  it('a marker in two tabs gets two different papers', async () => {
    const s = await buildMarkingScene(t.database.db, {
      papers: 4,
      blocks: [{ name: '第14题', nos: ['14'], markCount: 2, threshold: 1 }],
    });
    await t.database.db.transaction((tx) => createTasks(tx, s.subjectId));
    const m = await buildMarker(t.app, t.database.db, s, [s.blocks[0]!.id]);
    const [a, b] = await Promise.all([claim(m, s.blocks[0]!.id), claim(m, s.blocks[0]!.id)]);
    const rows = await stored([a![0]!.taskId, b![0]!.taskId]);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.paper_id).not.toBe(rows[1]!.paper_id);
  });
});

describe('the same submit sent at once', () => {
  it('counts once: one answer counted, the others replays, one stored mark', async () => {
    const s = await buildMarkingScene(t.database.db, {
      papers: 1,
      blocks: [{ name: '第13题', nos: ['13'] }],
    });
    await t.database.db.transaction((tx) => createTasks(tx, s.subjectId));
    const m = await buildMarker(t.app, t.database.db, s, [s.blocks[0]!.id]);
    const [task] = await claim(m, s.blocks[0]!.id);
    const payload = { leaseToken: task!.leaseToken, scores: [{ no: '13', score: 7 }] };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        m.client.post(`/filter/api/marking/task/${task!.taskId}/submit`, payload),
      ),
    );
    const results = answers.map((r) => body<MarkSubmitResult>(r));
    expect(results.every((r) => r.code === 0)).toBe(true);
    expect(results.filter((r) => r.data.counted)).toHaveLength(1);
    const [row] = rowsOf<{ n: number; score: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n, max(score)::float8 as score from block_score where block_id = ${s.blocks[0]!.id}`,
      ),
    );
    expect(row).toEqual({ n: 1, score: 7 });
  });
});
