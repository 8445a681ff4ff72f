import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUBJECT_STATE_FORBIDS, SubjectStatus, type StructureInfo } from '@yj/contracts';
import { auditLog, subject } from '../../db/schema';
import { body } from '../../../test/app';
import { buildScoreScene, type ScoreScene } from '../../../test/score';
import { appFixture } from '../../../test/app-fixture';

// 送分 / 取消此题 through the API (test/score.ts keys: 1 B, 2 C 单选 3 分, 3 ACD 多选 5 分 少选 2, 4 判断 A 2 分).
// e0 all right: objective 13; e1 chose 1 B (3), 2 A (0), 3 B (0), 4 B (0): objective 3.
const t = appFixture();
let scene: ScoreScene;
let special: string;

/** The queued re-score runs in the background: wait for the row to show `want`, never for a fixed time. */
async function until(examineeId: number, want: (r: Awaited<ReturnType<typeof scene.scoreOf>>) => boolean) {
  for (let i = 0; i < 600; i++) {
    if (want(await scene.scoreOf(examineeId))) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('re-score did not arrive');
}

beforeAll(async () => {
  scene = await buildScoreScene(t.app, t.database.db, 3);
  special = `/filter/api/api/subject/${scene.subjectId}/setting/questions/special`;
  const [e0, e1] = scene.examinees;
  await scene.addPaper(e0!.id, { '1': ['B'], '2': ['C'], '3': ['A', 'C', 'D'], '4': ['A'] });
  await scene.addPaper(e1!.id, { '1': ['B'], '2': ['A'], '3': ['B'], '4': ['B'] });
  await scene.recompute();
}, 60_000);

describe('送分 / 取消此题', () => {
  it('送分 gives full marks to every sheet, audited with its reason, and the subject is re-scored', async () => {
    const [e0, e1] = scene.examinees;
    expect((await scene.scoreOf(e1!.id))!.objective).toBe(3);
    const res = body<StructureInfo>(
      await scene.admin.post(special, { no: '2', special: 'gift', reason: '题目印刷有误，全体送分' }),
    );
    expect(res.code).toBe(0);
    expect(res.data.structure.objective.find((q) => q.no === '2')).toMatchObject({
      special: 'gift',
      specialReason: '题目印刷有误，全体送分',
    });
    // e1: 2 now 3 -> 3 + 3 = 6; e0 keeps 13 (2 was right already); e2 has no sheet: still no figure
    await until(e1!.id, (r) => r?.objective === 6);
    expect(await scene.scoreOf(e0!.id)).toMatchObject({ objective: 13 });
    expect((await scene.scoreOf(scene.examinees[2]!.id))!.total).toBeNull();
    const [log] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'question.special'));
    expect(log!.detail).toMatchObject({ reason: '题目印刷有误，全体送分' });
    // the same again is refused: nothing to change
    expect(
      body(await scene.admin.post(special, { no: '2', special: 'gift', reason: '再送一次分' })).message,
    ).toBe('第 2 题已经送分');
  });

  it('取消此题 leaves the question out of every score; setting it back restores the key', async () => {
    const [e0] = scene.examinees;
    expect(
      body(await scene.admin.post(special, { no: '3', special: 'cancelled', reason: '超纲，取消此题' })).code,
    ).toBe(0);
    // e0: 13 - 5 = 8, question 3 gone from the per-question scores
    await until(e0!.id, (r) => r?.objective === 8);
    expect((await scene.scoreOf(e0!.id))!.questionScores['3']).toBeUndefined();
    expect(body(await scene.admin.post(special, { no: '3', special: null, reason: '恢复原答案' })).code).toBe(
      0,
    );
    await until(e0!.id, (r) => r?.objective === 13);
  });

  it('a structure save keeps 送分; bad requests, a teacher, and a published subject are refused', async () => {
    const info = body<StructureInfo>(
      await scene.admin.get(`/filter/yue/api/subject/${scene.subjectId}/setting/questions/info`),
    ).data;
    const saved = body<StructureInfo>(
      await scene.admin.post(`/filter/api/api/subject/${scene.subjectId}/setting/questions/objective`, {
        questions: info.structure.objective.map(({ special: _s, specialReason: _r, ...q }) => q),
      }),
    );
    expect(saved.data.structure.objective.find((q) => q.no === '2')?.special).toBe('gift');
    const bad = (b: object) => scene.admin.post(special, b).then((r) => body(r).message);
    expect(await bad({ no: '2', special: 'gift', reason: '' })).toContain('请填写原因');
    expect(await bad({ no: '99', special: 'gift', reason: '没有这题' })).toBe('客观题 99 不存在');
    expect(await bad({ no: '2', special: 'all', reason: '题型不对' })).toContain('参数错误');
    expect(await bad({ no: '2', special: 'gift', reason: 'a\u0000b' })).toContain('控制字符');
    expect(
      body(await scene.teacher.post(special, { no: '1', special: 'gift', reason: '送分' })).message,
    ).toBe('无权限');
    await t.database.db
      .update(subject)
      .set({ status: SubjectStatus.published })
      .where(eq(subject.id, scene.subjectId));
    expect(await bad({ no: '1', special: 'gift', reason: '发布后送分' })).toBe(SUBJECT_STATE_FORBIDS);
  });
});
