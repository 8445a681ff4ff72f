import { beforeAll, describe, expect, it } from 'vitest';
import type { Paged, ScoreAdjustmentItem, ScoreStudentsPage } from '@yj/contracts';

import { body } from '../../../test/app';
import { ALL_RIGHT, buildScoreScene, type ScoreScene } from '../../../test/score';
import { appFixture } from '../../../test/app-fixture';

// e0: objective 3 + 3 + 5 + 2 = 13, block 21: 8, 22: 7 -> 28 (test/score.ts keys); e1 absent.
const t = appFixture();
let scene: ScoreScene;

beforeAll(async () => {
  scene = await buildScoreScene(t.app, t.database.db, 2);
  await scene.addMarked(scene.examinees[0]!.id, ...ALL_RIGHT);
  await scene.addAbsent(scene.examinees[1]!.id);
  await scene.recompute();
}, 60_000);

const adjust = (b: object, c = () => scene.admin) =>
  c()
    .post(`${scene.scoreUrl}/adjust`, b)
    .then((r) => body<{ before: number | null; after: number; total: number }>(r));

describe('POST score/adjust', () => {
  it('changes a question score with its reason; the total follows; the list keeps before / after', async () => {
    const e0 = scene.examinees[0]!.id;
    // 21: 8 -> 9 => 28 + 1 = 29
    const r = await adjust({ examineeId: e0, questionNo: '21', score: 9, reason: '复核加分' });
    expect(r).toMatchObject({ code: 0, data: { before: 8, after: 9, total: 29 } });
    const list = body<Paged<ScoreAdjustmentItem>>(
      await scene.admin.get(`${scene.scoreUrl}/adjustments`),
    ).data;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      questionNo: '21',
      before: 8,
      after: 9,
      reason: '复核加分',
      kaohao: '20260001',
    });
    // a recompute keeps the adjustment
    await scene.recompute();
    const row = body<ScoreStudentsPage>(await scene.admin.get(`${scene.scoreUrl}/students?keyword=20260001`))
      .data.items[0]!;
    expect([row.total, row.questions['21']]).toEqual([29, 9]);
  });

  it('refuses a score over full marks, off the step, unchanged, without a reason, absent; and a teacher', async () => {
    const e0 = scene.examinees[0]!.id;
    const e1 = scene.examinees[1]!.id;
    expect((await adjust({ examineeId: e0, questionNo: '21', score: 11, reason: '复核' })).message).toBe(
      '第 21 题的分数 11 超过满分 10 分',
    );
    expect((await adjust({ examineeId: e0, questionNo: '21', score: 8.5, reason: '复核' })).message).toBe(
      '第 21 题的分数须为 1 分的整数倍',
    );
    expect((await adjust({ examineeId: e0, questionNo: '21', score: 9, reason: '复核' })).message).toBe(
      '调整后的分数与原分数相同',
    );
    expect((await adjust({ examineeId: e0, questionNo: '21', score: 3, reason: ' ' })).code).not.toBe(0);
    expect((await adjust({ examineeId: e0, questionNo: '99', score: 3, reason: '复核' })).message).toBe(
      '第 99 题不存在',
    );
    expect((await adjust({ examineeId: e1, questionNo: '21', score: 3, reason: '复核' })).message).toBe(
      '该考生缺考或没有答题卡，不能调整成绩',
    );
    expect(
      (await adjust({ examineeId: e0, questionNo: '21', score: 3, reason: '复核' }, () => scene.teacher))
        .message,
    ).toBe('无权限');
    // the records of named students' adjustments: those who check scores before publishing
    expect(body(await scene.teacher.get(`${scene.scoreUrl}/adjustments`)).message).toBe('无权限');
    expect(body(await scene.admin.get(`${scene.scoreUrl}/adjustments?size=999`)).code).not.toBe(0);
  });
});
