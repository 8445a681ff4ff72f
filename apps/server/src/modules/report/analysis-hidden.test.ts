import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportStudentsPage } from '@yj/contracts';
import { body, testApp, type TestApp } from '../../../test/app';
import { buildReportScene, type ReportScene } from '../../../test/report';

// 分析隐藏设置 on test/report.ts's scene: the teacher of 2班 (e4 100, e3 80, e2 70) and the exam's administrator.
let t: TestApp;
let s: ReportScene;

beforeAll(async () => {
  t = await testApp();
  s = await buildReportScene(t);
}, 120_000);
afterAll(() => t?.close());

const hiddenUrl = () => `${s.base}/hidden-config`;
const students = async (who: ReportScene['teacher']) =>
  body<ReportStudentsPage>(await who.get(`${s.base}/students?subjectId=${s.english}`)).data.items;

describe('分析隐藏设置 (hidden-config for analysis)', () => {
  it('hides ranks and 等级赋分 from a teacher, never from the administrator; cleared again', async () => {
    expect(body(await s.teacher.get(hiddenUrl())).data).toEqual({ hidden: [], mayEdit: false });
    expect(body(await s.scene.admin.get(hiddenUrl())).data).toEqual({ hidden: [], mayEdit: true });
    expect(body(await s.scene.admin.post(hiddenUrl(), { hidden: ['rank', 'points'] })).code).toBe(0);

    const mine = await students(s.teacher);
    expect(mine.map((x) => [x.score, x.rank, x.rankInClass, x.rankInSchool, x.grade, x.points])).toEqual([
      [100, null, null, null, null, null],
      [80, null, null, null, null, null],
      [70, null, null, null, null, null],
    ]);
    const all = await students(s.scene.admin);
    expect(all[0]).toMatchObject({ score: 100, rank: 1, grade: 'A', points: 100 });

    expect(body(await s.scene.admin.post(hiddenUrl(), { hidden: ['rank'] })).code).toBe(0);
    expect((await students(s.teacher))[0]).toMatchObject({ rank: null, grade: 'A', points: 100 });
    expect(body(await s.scene.admin.post(hiddenUrl(), { hidden: [] })).code).toBe(0);
    expect((await students(s.teacher))[0]).toMatchObject({ rank: 1, rankInClass: 1 });
  });

  it('refuses a teacher changing it, and keys it does not know', async () => {
    expect(body(await s.teacher.post(hiddenUrl(), { hidden: ['rank'] })).message).toBe('无权限');
    expect(body(await s.scene.admin.post(hiddenUrl(), { hidden: ['score'] })).code).not.toBe(0);
    expect(body(await s.stranger.get(hiddenUrl())).message).toBe('无权限');
  });
});
