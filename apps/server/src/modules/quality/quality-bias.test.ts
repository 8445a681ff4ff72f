import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  BlockQuality,
  MarkTask,
  QualityTestProgress,
  QualityTestReport,
  ResetCounts,
} from '@yj/contracts';
import { rowsOf } from '../../infra/db';
import { body, type Client } from '../../../test/app';
import { buildLeadScene, type LeadScene } from '../../../test/marking-lead-scene';
import { withScene, leadScene, pauseFlaggedMarkers, submit13And14 } from '../../../test/marking-fixture';
import { claimTasks } from '../../../test/marking';
import { PAUSED } from './quality-pause';

// Issue 29: a marker who gives every paper its true score + 3 is flagged on the first few pieces of evidence
// with a reference — here 标准卷 — and paused at once (not at the 30 s check, not after minMarks real marks);
// drift reads that evidence only (self-consistency is its own figure); a reset of the marker keeps the records
// voided. The scene: single marking, questions 13 (10, step 1) and 14 (6, step 0.5): the block's step is 0.5.

const claim = (c: Client, scene: LeadScene = s, type = 'normal') => claimTasks(c, scene.blockId, 1, type);
const submit = (c: Client, task: MarkTask, a: number, b: number, next = true) =>
  submit13And14(c, task, a, b, next);
const hiddenKind = async (taskId: number) =>
  rowsOf<{ kind: string; ref_score: number }>(
    await db().execute(
      sql`select kind, ref_score::float8 as ref_score from standard_mark where id = ${taskId}`,
    ),
  )[0];
const quality = () =>
  s.leader.c.get(`/filter/api/marking/block/${s.blockId}/quality`).then((r) => body<BlockQuality>(r));
const report = () =>
  s.leader.c
    .get(`/filter/api/marking/block/${s.blockId}/quality-test/report`)
    .then((r) => body<QualityTestReport>(r));
const progress = () =>
  s.manager.c
    .get(`/filter/api/subject/${s.subjectId}/quality-test/progress`)
    .then((r) => body<QualityTestProgress>(r));

const {
  t,
  db,
  scene: s,
} = withScene(leadScene({ papers: 20 }), async () => {
  // three 标准卷 with the leaders' reference 7 + 3 = 10; one after every 2 real marks; flagged markers paused;
  // minMarks stays 20 (the old rule judged nothing before 20 real marks)
  await s.addStandards([17, 18, 19], { '13': 7, '14': 3 });
  await pauseFlaggedMarkers(s, 2);
});

describe('a marker who gives true + 3 on every paper', () => {
  it('is flagged and paused on the 3rd 标准卷, after 6 real papers', async () => {
    let [task] = (await claim(s.markerA.c)).data;
    const hiddenSeen: number[] = [];
    let real = 0;
    for (let i = 0; i < 12 && task; i++) {
      const h = await hiddenKind(task.taskId);
      // a 标准卷 (reference 7 + 3 = 10): 13 gets 7 + 3 → 13; a real paper 5 + 3
      const r = h ? await submit(s.markerA.c, task, 10, 3) : await submit(s.markerA.c, task, 5, 3);
      expect(r.code, r.message).toBe(0);
      if (h) hiddenSeen.push(real);
      else real++;
      task = r.data.next ?? undefined;
    }
    // 标准卷 after the 2nd, 4th and 6th real mark; the 3rd flags him: the claim that followed it is refused, so
    // the submit of the 3rd 标准卷 brought no next paper
    expect(hiddenSeen).toEqual([2, 4, 6]);
    expect(task).toBeUndefined();
    expect((await claim(s.markerA.c)).message).toBe(PAUSED);
    // 乙 marks on
    expect((await claim(s.markerB.c)).code).toBe(0);
  });

  it('the monitor shows the flag with the papers and the evidence it came after, and the bias', async () => {
    const r = await quality();
    expect(r.code, r.message).toBe(0);
    const a = r.data.markers.find((m) => m.userId === s.markerA.id)!;
    expect(a.flag).toMatchObject({ state: 1, paused: true, atDone: 6, atEvidence: 3 });
    expect(a.flag!.reasons[0]).toBe('评分一贯偏高：最近 3 份有参照的评分（标准卷、双评、抽查）平均高 3 分');
    expect(a.bias).toEqual({ n: 3, signal: { t: 3, direction: 'high', mean: 3, limit: 0.5, n: 3 } });
    // flagged markers first
    expect(r.data.markers[0]!.userId).toBe(s.markerA.id);
  });

  it('drift reads the evidence with a reference only: a self-consistency paper (0 by construction) is left out', async () => {
    await db().execute(sql`insert into mark_deviation (block_id, user_id, paper_id, kind, mark, other)
      values (${s.blockId}, ${s.markerA.id}, ${s.papers[0]!}, 'self', 8, 8)`);
    const r = await report();
    expect(r.code, r.message).toBe(0);
    const a = r.data.markers.find((m) => m.userId === s.markerA.id)!;
    // three 标准卷 at +3; the scale falls back to 1 (nobody else has evidence): EWMA .6 (limit .6), then 1.08
    // over its limit .7684 at the 2nd
    expect(a.drift.map((x) => x.ewma)).toEqual([0.6, 1.08, 1.464]);
    expect(a.driftSignal).toEqual({ t: 2, chart: 'ewma', direction: 'high' });
    expect(a.self).toMatchObject({ n: 1, meanDiff: 0 });
    expect(a.flag).toMatchObject({ state: 1, atDone: 6, atEvidence: 3 });
  });

  it('a reset of the marker keeps his records, voided, in 质检进度 and 质检报告, and lets him start over', async () => {
    const reset = body<ResetCounts>(
      await s.manager.c.post(`/filter/api/subject/${s.subjectId}/resetting`, {
        blockId: s.blockId,
        userId: s.markerA.id,
        reason: '标准卷一贯偏高 3 分，重评',
      }),
    );
    expect(reset.code, reset.message).toBe(0);
    expect(reset.data).toMatchObject({ marks: 6, papers: 6, blanks: 0 });

    const p = await progress();
    const pa = p.data.blocks[0]!.markers.find((m) => m.userId === s.markerA.id)!;
    expect(pa).toMatchObject({ done: 0, standard: { n: 0 }, flagState: null });
    expect(pa.voided.standard).toMatchObject({ n: 3, meanDiff: 3 });
    expect(pa.voided.self).toMatchObject({ n: 1, meanDiff: 0 });
    expect(pa.voided.flag).toMatchObject({ atDone: 6, atEvidence: 3 });
    expect(pa.voided.flag!.reasons[0]).toContain('评分一贯偏高');

    const r = await report();
    const a = r.data.markers.find((m) => m.userId === s.markerA.id)!;
    // listed with no standing mark: the records say why he was reset
    expect(a).toMatchObject({ n: 0, flag: null, bias: { n: 0, signal: null }, drift: [] });
    expect(a.voided.standard).toMatchObject({ n: 3, meanDiff: 3 });

    // unpaused: he claims again, and is judged on new evidence only
    const again = await claim(s.markerA.c);
    expect(again.code, again.message).toBe(0);
    expect((await quality()).data.markers.find((m) => m.userId === s.markerA.id)).toBeUndefined();
  });
});

describe('double marking: pairs are evidence against the other mark, or the final a third party decided', () => {
  let d: LeadScene;
  const qualityOf = () =>
    d.leader.c.get(`/filter/api/marking/block/${d.blockId}/quality`).then((r) => body<BlockQuality>(r));
  /** 甲 then 乙 mark one paper (its two slots); the leader arbitrates when asked. */
  async function pair(a: number, b: number, arbitrate?: number) {
    const [ta] = (await claim(d.markerA.c, d)).data;
    expect((await submit(d.markerA.c, ta!, a, 3, false)).code).toBe(0);
    const [tb] = (await claim(d.markerB.c, d)).data;
    expect((await submit(d.markerB.c, tb!, b, 3, false)).code).toBe(0);
    if (arbitrate === undefined) return;
    const [arb] = (await claim(d.leader.c, d, 'arbitration')).data;
    expect(arb!.slot).toBe(9);
    expect((await submit(d.leader.c, arb!, arbitrate, 3, false)).code).toBe(0);
  }

  beforeAll(async () => {
    // threshold 3; pause on
    d = await buildLeadScene(t.app, db(), { papers: 6, markCount: 2 });
    await pauseFlaggedMarkers(d);
  });

  it('two markers 2 points apart within the threshold: neither is blamed, the difference names no one', async () => {
    for (let i = 0; i < 3; i++) await pair(7, 5);
    const r = await qualityOf();
    for (const id of [d.markerA.id, d.markerB.id]) {
      const m = r.data.markers.find((x) => x.userId === id)!;
      expect(m.bias).toEqual({ n: 3, signal: null });
      expect(m.flag).toBeNull();
    }
  });

  it('a pair beyond it, decided by the leader at 乙’s mark: 甲 is flagged (the 4th piece), 乙 is not', async () => {
    await pair(9, 5, 5);
    const r = await qualityOf();
    const a = r.data.markers.find((x) => x.userId === d.markerA.id)!;
    // 甲: +2, +2, +2 against 乙, then +4 against the final 5: mean 2.67 over the last three ≥ 3·σ/√3, σ the spread
    // of 乙's differences (−2, −2, −2, 0) = 0.866 → 1.5
    expect(a.bias.signal).toEqual({ t: 4, direction: 'high', mean: 2.6667, limit: 1.5, n: 3 });
    expect(a.flag).toMatchObject({ state: 1, atDone: 4, atEvidence: 4, paused: true });
    const b = r.data.markers.find((x) => x.userId === d.markerB.id)!;
    expect(b.bias.signal).toBeNull();
    expect(b.flag).toBeNull();
    expect((await claim(d.markerA.c, d)).message).toBe(PAUSED);
  });
});
