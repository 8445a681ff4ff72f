import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScoreReviewList } from '@yj/contracts';
import { score } from '../../db/schema';
import { body } from '../../../test/app';
import { ALL_RIGHT, buildScoreScene, type ScoreScene } from '../../../test/score';
import { appFixture } from '../../../test/app-fixture';

// Keys (test/score.ts): 1 B, 2 C (3 分 each), 3 ACD 多选 5 分, 4 判断 A 2 分; subjective 21 and the 选做 pair
// 22 / 23. e0 answers right; e1 fills nothing and scores 0; e2 is registered 缺考 yet has a sheet; e3 no sheet.
const t = appFixture();
let scene: ScoreScene;
let url: string;

beforeAll(async () => {
  scene = await buildScoreScene(t.app, t.database.db, 4);
  url = `/filter/api/subject/${scene.subjectId}/score/check/review`;
  const [e0, e1, e2] = scene.examinees;
  await scene.addMarked(e0!.id, ...ALL_RIGHT);
  await scene.addMarked(e1!.id, { '1': [], '2': [], '3': [], '4': [] }, { '21': 0, '22': 0, '23': 0 });
  await scene.addPaper(e2!.id, { '1': ['B'], '2': ['C'], '3': [], '4': ['A'] });
  await scene.addAbsent(e2!.id);
  await scene.recompute();
}, 60_000);

const lists = async () => {
  const r = body<ScoreReviewList[]>(await scene.admin.get(url));
  expect(r.code, r.message).toBe(0);
  return Object.fromEntries(r.data.map((l) => [l.kind, l]));
};

describe('GET score/check/review (issue 31)', () => {
  it('lists 0 分, 客观题全空 and 缺考 with a sheet, each examinee with the sheet to open', async () => {
    const [e0, e1, e2] = scene.examinees;
    const l = await lists();
    expect(Object.keys(l)).toEqual(['zero', 'full', 'objectiveBlank', 'absentWithSheet', 'totalMismatch']);
    expect(l.zero!.items.map((x) => x.examineeId)).toEqual([e1!.id]);
    expect(l.zero!.items[0]).toMatchObject({ total: 0, kaohao: e1!.kaohao, paperId: expect.any(Number) });
    expect(l.objectiveBlank).toMatchObject({ count: 1, items: [{ examineeId: e1!.id }] });
    expect(l.absentWithSheet).toMatchObject({ count: 1, items: [{ examineeId: e2!.id }] });
    expect(l.absentWithSheet!.items[0]!.paperId).not.toBeNull();
    expect(l.totalMismatch).toEqual({ kind: 'totalMismatch', count: 0, items: [] });
    expect(l.full!.items.map((x) => x.examineeId)).not.toContain(e0!.id);
  });

  it('lists a total that is not the sum of its questions', async () => {
    const e0 = scene.examinees[0]!;
    await t.database.db
      .update(score)
      .set({ total: 27 })
      .where(and(eq(score.subjectId, scene.subjectId), eq(score.examineeId, e0.id)));
    expect((await lists()).totalMismatch).toMatchObject({
      count: 1,
      items: [{ examineeId: e0.id, total: 27 }],
    });
  });

  it('is for who checks scores before publishing: not a teacher, not a bad id', async () => {
    expect(body(await scene.teacher.get(url)).message).toBe('无权限');
    expect(body(await scene.admin.get('/filter/api/subject/0/score/check/review')).code).not.toBe(0);
  });
});
