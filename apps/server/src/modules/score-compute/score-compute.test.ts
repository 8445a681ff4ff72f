import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { block, blockScore, examinee, question, score, scoreAdjustment } from '../../db/schema';
import { buildUser } from '../../../test/factories';
import { buildScoreScene, type ScoreScene } from '../../../test/score';
import type { ScoreCompute } from './score-compute';
import { scoreComputing } from './score-compute.module';
import { appFixture } from '../../../test/app-fixture';

// Keys (test/score.ts): 1 B / 2 C single 3 分 (B paper: printed 1 is question 2 key A, printed 2 is question 1
// key D), 3 ACD multi 5 分 少选 2 (B: ABD), 4 判断 A 2 分 (B: B); subjective 21, 选做 22 / 23 (pick 1).
const t = appFixture();
let scene: ScoreScene;
let compute: ScoreCompute;
const ids: number[] = [];

const rowOf = async (examineeId: number) => (await scene.scoreOf(examineeId))!;

beforeAll(async () => {
  scene = await buildScoreScene(t.app, t.database.db, 6);
  compute = scoreComputing({ db: t.database.db });
  ids.push(...scene.examinees.map((e) => e.id));
  const [e0, e1, e2, e3, e4] = ids;
  // e0: A paper, all right; block 21: 8.5, 22: 0, 23: 7 (wrote 23)
  await scene.addMarked(
    e0!,
    { '1': ['B'], '2': ['C'], '3': ['A', 'C', 'D'], '4': ['A'] },
    { '21': 8.5, '22': 0, '23': 7 },
  );
  // e1: B paper by its own mark: printed 1 'A' (q2 key A: 3), printed 2 'D' (q1 key D: 3), 3 {A,B} ⊂ ABD (2),
  // 4 'F' = B right (2) -> objective 10; no block score yet -> subjective 0
  await scene.addPaper(e1!, { '1': ['A'], '2': ['D'], '3': ['A', 'B'], '4': ['F'] }, { paperType: 'B' });
  // e2: multi with a wrong option (0), 1 wrong (0), 2 right (3), 4 unread (0); 先阅后扫 strips 21: 6, 22|23 blank
  await scene.addPaper(
    e2!,
    { '1': ['A'], '2': ['C'], '3': ['A', 'B'], '4': null },
    { scores: { s21: { question: '21', value: 6 }, s22: { question: '22', value: null } } },
  );
  // e3: absent (recorded), even with a sheet
  await scene.addAbsent(e3!);
  // e4: B type from the examinee list (the sheet has no mark): printed 1 'A' -> q2 right 3
  await t.database.db.update(examinee).set({ paperType: 'B' }).where(eq(examinee.id, e4!));
  await scene.addPaper(e4!, { '1': ['A'] });
  // e5: no sheet, not absent
}, 60_000);

describe('score derivation', () => {
  it('hand-computed objective, subjective, 选做 and totals', async () => {
    expect(await compute.recompute(scene.subjectId)).toBe(6);
    const [e0, e1, e2, e3, e4, e5] = await Promise.all(ids.map(rowOf));
    // 3 + 3 + 5 + 2 = 13; 21 8.5 + 23 7 (22 not written on, not counted) = 15.5
    expect(e0).toMatchObject({ objective: 13, subjective: 15.5, total: 28.5, absent: false });
    expect(e0!.questionScores).toEqual({ '1': 3, '2': 3, '3': 5, '4': 2, '21': 8.5, '23': 7 });
    expect(e1).toMatchObject({ objective: 10, subjective: 0, total: 10 });
    // 0 + 3 + 0 + 0 = 3; strip 21: 6
    expect(e2).toMatchObject({ objective: 3, subjective: 6, total: 9 });
    expect(e2!.questionScores).toEqual({ '1': 0, '2': 3, '3': 0, '4': 0, '21': 6 });
    expect(e3).toMatchObject({ objective: null, total: null, absent: true });
    expect(e4).toMatchObject({ objective: 3, total: 3 });
    expect(e5).toMatchObject({ objective: null, total: null, absent: false, paperId: null });
  });

  it('a key change re-scores; a block score and an adjustment arrive; recomputing is idempotent', async () => {
    const db = t.database.db;
    // key of 1 becomes A: e0 loses 3 (13 -> 10)
    await db
      .update(question)
      .set({ answer: 'A' })
      .where(and(eq(question.subjectId, scene.subjectId), eq(question.no, '1')));
    const e1Paper = (await rowOf(ids[1]!)).paperId!;
    await scene.addBlockScore(e1Paper, { '21': 4, '22': 9, '23': 5 });
    const who = (await buildUser(db)).id;
    const adjust = { subjectId: scene.subjectId, examineeId: ids[0]!, questionNo: '21', userId: who };
    await db.insert(scoreAdjustment).values([
      { ...adjust, before: 8.5, after: 9, reason: '复核' },
      { ...adjust, before: 9, after: 9.5, reason: '再复核' },
    ]);
    await compute.recompute(scene.subjectId);
    // e0: objective 0 + 3 + 5 + 2 = 10; 21 adjusted to the last 9.5, + 23 7 = 16.5
    expect(await rowOf(ids[0]!)).toMatchObject({ objective: 10, subjective: 16.5, total: 26.5 });
    // e1: both 22 and 23 written on: the first (22: 9) counts -> 4 + 9 = 13, objective 10 (question 1 is read
    // on the B paper with key D, unchanged)
    const e1 = await rowOf(ids[1]!);
    expect(e1).toMatchObject({ objective: 10, subjective: 13, total: 23 });
    expect(e1.questionScores['23']).toBeUndefined();
    const at = e1.computedAt;
    await compute.recompute(scene.subjectId);
    // nothing changed: the row is not rewritten
    expect((await rowOf(ids[1]!)).computedAt).toEqual(at);
  });

  it('违纪 keeps its mark across recomputes and scores 0; one examinee re-derived alone', async () => {
    const db = t.database.db;
    await db
      .update(score)
      .set({ irregular: true, irregularReason: '夹带' })
      .where(and(eq(score.subjectId, scene.subjectId), eq(score.examineeId, ids[2]!)));
    await compute.examinees(db, scene.subjectId, [ids[2]!]);
    expect(await rowOf(ids[2]!)).toMatchObject({
      total: 0,
      objective: 0,
      irregular: true,
      irregularReason: '夹带',
    });
  });
  it('the paper hook scores by the key and the blocks as they are at each call, keeping nothing between papers', async () => {
    const db = t.database.db;
    const hook = (paperId: number) => db.transaction((tx) => compute.paper(tx, paperId));
    // e5 had no sheet: one now, right on every question (1's key is A since the change above)
    const p = await scene.addPaper(ids[5]!, { '1': ['A'], '2': ['C'], '3': ['A', 'C', 'D'], '4': ['A'] });
    await hook(p.id);
    expect(await rowOf(ids[5]!)).toMatchObject({ objective: 13, subjective: 0, total: 13 });
    // the key of 2 changes after that call (a recognised paper's): the next call scores by the new key
    await db
      .update(question)
      .set({ answer: 'B' })
      .where(and(eq(question.subjectId, scene.subjectId), eq(question.no, '2')));
    await hook(p.id);
    expect(await rowOf(ids[5]!)).toMatchObject({ objective: 10, subjective: 0, total: 10 });
    // a block framed after that, its score in: counted at the next call
    const [more] = await db
      .insert(block)
      .values({ subjectId: scene.subjectId, name: '补充', nos: ['21'] })
      .returning();
    await db.insert(blockScore).values({
      blockId: more!.id,
      paperId: p.id,
      subjectId: scene.subjectId,
      score: 4,
      questionScores: { '21': 4 },
      source: 'single',
    });
    await hook(p.id);
    expect(await rowOf(ids[5]!)).toMatchObject({ objective: 10, subjective: 4, total: 14 });
  });
});
