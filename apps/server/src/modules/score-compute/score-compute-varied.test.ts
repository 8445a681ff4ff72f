import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { objectiveScores, subjectScore, type SubjectKey } from '@yj/scoring';
import { absence, examinee, question, score, scoreAdjustment } from '../../db/schema';
import { buildUser } from '../../../test/factories';
import { buildScoreScene, type ScoreScene } from '../../../test/score';
import { scoreComputing } from './score-compute.module';
import { appFixture } from '../../../test/app-fixture';

// The batched derivation (index lookups per examinee, batches of 10,000 cut by id, two lanes) against the pure rules
// called directly on the same generated inputs: 240 examinees with varied readings, A/B types from the sheet or the
// examinee list, absences, missing sheets, block scores, 选做, adjustments; then a key change with 送分 and 取消.
const t = appFixture();
let scene: ScoreScene;
const N = 240;

/** A small deterministic generator: the same data every run. */
function random(seed: number) {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
}
const pick = <T>(r: () => number, list: T[]): T => list[Math.floor(r() * list.length)]!;

interface Input {
  examineeId: number;
  absent: boolean;
  paper: { objective: Record<string, string[] | null>; paperType: string | null } | null;
  examineeType: string | null;
  blocks: Record<string, number> | null;
  adjusted: Record<string, number>;
}
const inputs: Input[] = [];

beforeAll(async () => {
  scene = await buildScoreScene(t.app, t.database.db, N);
  const db = t.database.db;
  const r = random(20261124);
  const who = (await buildUser(db)).id;
  const readings = [
    ['A'],
    ['B'],
    ['C'],
    ['D'],
    ['A', 'C'],
    ['A', 'C', 'D'],
    ['B', 'D'],
    [],
    null,
    ['T'],
    ['F'],
  ];
  for (const e of scene.examinees) {
    const input: Input = {
      examineeId: e.id,
      absent: r() < 0.05,
      paper: null,
      examineeType: r() < 0.3 ? 'B' : null,
      blocks: null,
      adjusted: {},
    };
    if (input.examineeType) await db.update(examinee).set({ paperType: 'B' }).where(eq(examinee.id, e.id));
    if (input.absent) await db.insert(absence).values({ examineeId: e.id, subjectId: scene.subjectId });
    if (r() > 0.05) {
      const objective: Record<string, string[] | null> = {};
      for (const no of ['1', '2', '3', '4']) if (r() > 0.05) objective[no] = pick(r, readings);
      const paperType = r() < 0.2 ? pick(r, ['A', 'B']) : null;
      input.paper = { objective, paperType };
      const p = await scene.addPaper(e.id, objective, { paperType });
      if (r() > 0.1) {
        input.blocks = { '21': Math.floor(r() * 21) / 2, '22': r() < 0.5 ? 0 : 5, '23': r() < 0.5 ? 0 : 7.5 };
        await scene.addBlockScore(p.id, input.blocks);
      }
    }
    if (r() < 0.1) {
      input.adjusted = { '21': 9 };
      await db.insert(scoreAdjustment).values({
        subjectId: scene.subjectId,
        examineeId: e.id,
        questionNo: '21',
        userId: who,
        before: null,
        after: 9,
        reason: '复核',
      });
    }
    inputs.push(input);
  }
}, 120_000);

/** What the pure rules say for one examinee under `key`. */
function expected(key: SubjectKey, x: Input) {
  const type = x.paper?.paperType ?? x.examineeType;
  return subjectScore({
    absent: x.absent,
    irregular: false,
    hasPaper: x.paper !== null,
    objective: objectiveScores(key, x.paper?.objective ?? {}, type),
    subjective: x.blocks ?? {},
    adjusted: x.adjusted,
    groups: key.optionalGroups,
  });
}

async function compare(key: SubjectKey) {
  await scoreComputing({ db: t.database.db, lanes: 2 }).recompute(scene.subjectId);
  const rows = await t.database.db.select().from(score).where(eq(score.subjectId, scene.subjectId));
  expect(rows).toHaveLength(N);
  const byId = new Map(rows.map((r) => [r.examineeId, r]));
  for (const x of inputs) {
    const want = expected(key, x);
    const got = byId.get(x.examineeId)!;
    expect({ id: x.examineeId, ...got }).toMatchObject({
      id: x.examineeId,
      objective: want.objective,
      subjective: want.subjective,
      total: want.total,
      questionScores: want.questions,
      absent: x.absent,
    });
  }
}

// test/score.ts: 1 B / 2 C 单选 3 分 (B paper: 1 ↔ 2, keys D / A), 3 ACD 多选 5 分 少选 2 (B: ABD), 4 判断 A (B: B)
const key: SubjectKey = {
  abEnabled: true,
  optionalGroups: [{ name: '选做题', pick: 1, nos: ['22', '23'] }],
  objective: [
    { no: '1', kind: 'single', score: 3, partialScore: null, answer: 'B', answerB: 'D', bNo: '2' },
    { no: '2', kind: 'single', score: 3, partialScore: null, answer: 'C', answerB: 'A', bNo: '1' },
    { no: '3', kind: 'multi', score: 5, partialScore: 2, answer: 'ACD', answerB: 'ABD', bNo: null },
    { no: '4', kind: 'trueFalse', score: 2, partialScore: null, answer: 'A', answerB: 'B', bNo: null },
  ],
};

describe('batched derivation against the pure rules on varied data', () => {
  it('every examinee as the rules say', async () => {
    await compare(key);
  });

  it('after a key change with 按比例, 送分 and 取消此题', async () => {
    const db = t.database.db;
    const q = (no: string) => and(eq(question.subjectId, scene.subjectId), eq(question.no, no));
    await db.update(question).set({ answer: 'A', special: 'gift', specialReason: '送分' }).where(q('1'));
    await db.update(question).set({ partialRule: 'share' }).where(q('3'));
    await db.update(question).set({ special: 'cancelled', specialReason: '取消' }).where(q('4'));
    const changed: SubjectKey = {
      ...key,
      objective: key.objective.map((x) =>
        x.no === '1'
          ? { ...x, answer: 'A', special: 'gift' as const }
          : x.no === '3'
            ? { ...x, partialRule: 'share' as const }
            : x.no === '4'
              ? { ...x, special: 'cancelled' as const }
              : x,
      ),
    };
    await compare(changed);
  });
});
