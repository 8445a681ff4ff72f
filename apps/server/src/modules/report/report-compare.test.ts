import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReportSubjects, SchoolComparison } from '@yj/contracts';
import { examinee, teacherClass } from '../../db/schema';
import { body } from '../../../test/app';
import { buildBureauScene, publishBureauScores, type BureauScene } from '../../../test/bureau';
import { readXlsx } from '../../../test/excel';
import { appFixture } from '../../../test/app-fixture';
import { buildTeacher, signInAs } from '../../../test/factories';
import { signInSchoolAdmin } from '../../../test/school-scene';

const t = appFixture();
let s: BureauScene;
let url: string;
beforeAll(async () => {
  s = await buildBureauScene(t);
  await publishBureauScores(t, s);
  url = `/filter/api/exam/${s.examId}/report/compare`;
});

const get = async (c: BureauScene['eastAdmin'], query = '') =>
  body<SchoolComparison>(await c.get(`${url}?subjectId=${s.subjectId}${query}`));

// the scene's scores (test/bureau.ts): 一中 90, 70; 二中 50, 100; 三中 30 and one 缺考; full 100, q1 40, q2 60
describe('a 联考 compared across schools (issue 35)', () => {
  it('gives the bureau every school: mean, 四率, rank, gap to the whole, named', async () => {
    const r = await get(s.eastAdmin);
    expect(r.code).toBe(0);
    expect(r.data.units.map((u) => [u.name, u.sat, u.absent, u.mean, u.rank])).toEqual([
      ['东区一中', 2, 0, 80, 1],
      ['东区二中', 2, 0, 75, 2],
      ['东区三中', 1, 1, 30, 3],
    ]);
    expect([r.data.whole.sat, r.data.whole.absent, r.data.whole.mean]).toEqual([5, 1, 68]);
    expect(r.data.units[0]!.aboveMean).toBeCloseTo(12, 9);
    const [one, two, three] = r.data.units;
    expect(one!.rates).toEqual({
      excellent: { count: 1, rate: 0.5 },
      good: { count: 2, rate: 1 },
      pass: { count: 2, rate: 1 },
      low: { count: 0, rate: 0 },
    });
    expect(two!.rates.excellent).toEqual({ count: 1, rate: 0.5 });
    expect(two!.rates.pass).toEqual({ count: 1, rate: 0.5 });
    expect(three!.rates.low).toEqual({ count: 1, rate: 1 });
  });

  it('gives the whole exam’s 一分一段 and each question’s 得分率 per school', async () => {
    const r = (await get(s.eastAdmin)).data;
    expect(r.ladder[0]).toEqual({ score: 100, count: 1, cumulative: 1, cumulativeRate: 0.2 });
    expect(r.ladder.find((x) => x.score === 70)).toEqual({
      score: 70,
      count: 1,
      cumulative: 3,
      cumulativeRate: 0.6,
    });
    expect(r.ladder.at(-1)).toEqual({ score: 30, count: 1, cumulative: 5, cumulativeRate: 1 });
    // q1 (40): 一中 (40 + 30) / 2 / 40, 二中 (20 + 40) / 2 / 40, 三中 10 / 40; whole 140 / 5 / 40
    expect(r.questions[0]).toEqual({ no: '1', full: 40, whole: 0.7, units: [0.875, 0.75, 0.25] });
    // q2 (60): 一中 90 / 2 / 60, 二中 90 / 2 / 60, 三中 20 / 60; whole 200 / 5 / 60
    expect(r.questions[1]!.units.map((x) => x!.toFixed(4))).toEqual(['0.7500', '0.7500', '0.3333']);
    expect(r.questions[1]!.whole).toBeCloseTo(200 / 300, 9);
  });

  it('compares at the district and class level', async () => {
    const d = (await get(s.cityAdmin, '&level=district')).data;
    expect(d.units.map((u) => [u.name, u.sat, u.mean])).toEqual([['东区教育局', 5, 68]]);
    const c = (await get(s.a2Admin, '&level=class')).data;
    expect(c.units.map((u) => [u.name, u.mean, u.mine])).toEqual([['高一(1)班', 75, true]]);
    const total = body<SchoolComparison>(await s.eastAdmin.get(url));
    expect([total.data.name, total.data.questions]).toEqual(['总分', []]);
  });

  it('lets a school see every figure but name only itself and list only its own students', async () => {
    const r = await get(s.a2Admin);
    expect(r.data.units.map((u) => [u.name, u.mine, u.mean])).toEqual([
      ['学校甲', false, 80],
      ['东区二中', true, 75],
      ['学校丙', false, 30],
    ]);
    expect(r.data.students.map((x) => [x.name, x.score, x.rank])).toEqual([
      ['二中学生S2', 100, 1],
      ['二中学生S1', 50, 4],
    ]);
    const text = JSON.stringify(r.data);
    for (const secret of ['东区一中', '东区三中', '一中学生', '三中学生']) expect(text).not.toContain(secret);
    expect((await get(s.a2Admin, `&schoolId=${s.schools[0]!.id}`)).message).toBe('无权限');
    // the bureau lists any school's students
    const bureau = (await get(s.eastAdmin, `&schoolId=${s.schools[0]!.id}`)).data;
    expect(bureau.students.map((x) => [x.name, x.rank])).toEqual([
      ['一中学生S1', 2],
      ['一中学生S2', 3],
    ]);
  });

  it('names the other schools once the bureau allows it, never their students', async () => {
    const share = `/filter/api/bureau/exam/${s.examId}/namesShared`;
    expect(body(await s.a2Admin.post(share, { shared: true })).message).toBe('无权限');
    expect(body(await s.westAdmin.post(share, { shared: true })).message).toBe('无权限');
    expect(body(await s.eastAdmin.post(share, { shared: true })).code).toBe(0);
    const r = await get(s.a2Admin);
    expect(r.data.units.map((u) => u.name)).toEqual(['东区一中', '东区二中', '东区三中']);
    expect(JSON.stringify(r.data.students)).not.toContain('一中学生');
    expect(body(await s.eastAdmin.post(share, { shared: false })).code).toBe(0);
  });

  it('is offered in the report menu to whom may see it, not to a teacher reading their class', async () => {
    const menu = async (c: BureauScene['eastAdmin']) =>
      body<ReportSubjects>(await c.get(`/filter/api/exam/${s.examId}/report/subjects`));
    for (const c of [s.eastAdmin, s.a1Admin, await signInAs(t, s.managerUser)])
      expect((await menu(c)).data.compare).toBe(true);
    // a 一中 teacher of the class that sat the 联考: its report is theirs, the other schools' figures are not
    const db = t.database.db;
    const teacherUser = await buildTeacher(db, s.schools[0]!.id, { name: '一中数学老师' });
    const [sat] = await db.select().from(examinee).where(eq(examinee.id, s.examinees[0]!.id));
    await db
      .insert(teacherClass)
      .values({ schoolId: s.schools[0]!.id, userId: teacherUser.id, classId: sat!.classId });
    const read = await menu(await signInAs(t, teacherUser));
    expect(read.code, read.message).toBe(0);
    expect(read.data.compare).toBe(false);
  });

  it("refuses another district's administrator and a school outside the 联考", async () => {
    expect((await get(s.westAdmin)).message).toBe('无权限');
    const outside = await signInSchoolAdmin(t, s.westSchool.id);
    expect((await get(outside)).message).toBe('无权限');
  });

  it('exports the comparison to Excel with the same cells', async () => {
    const res = await s.eastAdmin.get(`${url}/export?subjectId=${s.subjectId}`);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]!.slice(0, 5)).toEqual(['学校', '实考', '缺考', '平均分', '最高分']);
    expect(rows[1]!.slice(0, 4)).toEqual(['东区一中', '2', '0', '80']);
    expect(rows.at(-1)!.slice(0, 4)).toEqual(['全体', '5', '1', '68']);
    const school = await s.a2Admin.get(`${url}/export?subjectId=${s.subjectId}`);
    expect(JSON.stringify(await readXlsx(school.rawPayload))).not.toContain('东区一中');
  });
});
