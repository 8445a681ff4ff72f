import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IrregularItem, Paged, ScoreStudentsPage, ScoreSummary } from '@yj/contracts';
import { auditLog } from '../../db/schema';
import { body } from '../../../test/app';
import { buildScoreScene, type ScoreScene } from '../../../test/score';
import { appFixture } from '../../../test/app-fixture';

// 违纪: the subject scores 0 with the reason, counted apart from 缺考, audited, listed, cleared.
const t = appFixture();
let scene: ScoreScene;

beforeAll(async () => {
  scene = await buildScoreScene(t.app, t.database.db, 4);
  const [e0, e1, e2] = scene.examinees;
  for (const e of [e0!, e1!]) {
    await scene.addMarked(e.id, { '1': ['B'] }, { '21': 6, '22': 4, '23': 0 });
  }
  await scene.addAbsent(e2!.id);
  await scene.recompute();
}, 60_000);

const totalOf = async (kaohao: string) =>
  body<ScoreStudentsPage>(await scene.admin.get(`${scene.scoreUrl}/students?keyword=${kaohao}`)).data
    .items[0]!;

describe('POST score/irregular, irregular/cancel, GET score/irregulars', () => {
  it('marks 0 with the reason, apart from 缺考 in the summary; clears it back', async () => {
    const e0 = scene.examinees[0]!;
    expect((await totalOf(e0.kaohao)).total).toBe(13);
    const res = body<{ total: number }>(
      await scene.admin.post(`${scene.scoreUrl}/irregular`, { examineeId: e0.id, reason: '夹带小抄' }),
    );
    expect(res).toMatchObject({ code: 0, data: { total: 0 } });
    expect(await totalOf(e0.kaohao)).toMatchObject({
      status: 'irregular',
      total: 0,
      irregularReason: '夹带小抄',
    });
    const s = body<ScoreSummary>(await scene.admin.get(`${scene.scoreUrl}/summary`)).data.total;
    expect(s).toMatchObject({ present: 2, absent: 1, irregular: 1, missing: 1, max: 13, min: 0 });
    const list = body<Paged<IrregularItem>>(await scene.admin.get(`${scene.scoreUrl}/irregulars`)).data;
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ kaohao: e0.kaohao, reason: '夹带小抄', userName: '学校管理员' });
    const [line] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'score.irregular'), eq(auditLog.target, `examinee:${e0.id}`)));
    expect(line!.detail).toMatchObject({ reason: '夹带小抄', before: 13, after: 0 });

    expect(
      body(await scene.admin.post(`${scene.scoreUrl}/irregular/cancel`, { examineeId: e0.id })).data,
    ).toEqual({
      total: 13,
    });
    expect((await totalOf(e0.kaohao)).status).toBe('ok');
    expect(
      body(await scene.admin.post(`${scene.scoreUrl}/irregular/cancel`, { examineeId: e0.id })).message,
    ).toBe('该考生没有违纪标记');
    expect(body<Paged<IrregularItem>>(await scene.admin.get(`${scene.scoreUrl}/irregulars`)).data.total).toBe(
      0,
    );
  });

  it('refuses 缺考, no sheet, an unknown examinee, a bad body and a teacher', async () => {
    const [, , e2, e3] = scene.examinees;
    const mark = (examineeId: number, reason = '违纪') =>
      scene.admin.post(`${scene.scoreUrl}/irregular`, { examineeId, reason }).then((r) => body(r).message);
    expect(await mark(e2!.id)).toBe('该考生已登记缺考，不能标记违纪');
    expect(await mark(e3!.id)).toBe('该考生没有答题卡，不能标记违纪');
    expect(await mark(2_000_000_000)).toBe('考生不存在');
    expect(await mark(scene.examinees[0]!.id, '  ')).toContain('请填写违纪原因');
    expect(await mark(scene.examinees[0]!.id, 'x'.repeat(201))).toContain('不能超过 200 字');
    expect(await mark(0)).toContain('考生编号无效');
    const teacher = await scene.teacher.post(`${scene.scoreUrl}/irregular`, {
      examineeId: scene.examinees[0]!.id,
      reason: '违纪',
    });
    expect(body(teacher).message).toBe('无权限');
    expect(
      body(await scene.teacher.post(`${scene.scoreUrl}/irregular/cancel`, { examineeId: 1 })).message,
    ).toBe('无权限');
    expect(body(await scene.admin.get(`${scene.scoreUrl}/irregulars?size=0`)).code).toBe(1);
  });
});
