import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exam } from '../../db/schema';
import { body } from '../../../test/app';
import { buildBureauScene, type BureauScene } from '../../../test/bureau';
import { buildUser, signInAs } from '../../../test/factories';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();
let s: BureauScene;
beforeAll(async () => {
  s = await buildBureauScene(t);
});

interface Overview {
  bureaus: Array<{ name: string }>;
  schools: Array<{ id: number; name: string }>;
  exams: Array<{ id: number; name: string; schools: number; examinees: number }>;
}
const overview = async (c: BureauScene['eastAdmin']) =>
  body<Overview>(await c.get('/filter/api/bureau/overview'));

describe('bureau administrators (issue 35)', () => {
  it('are added to a bureau by the system administrator only, by phone', async () => {
    const sys = await signInAs(t, await buildUser(t.database.db, { isAdmin: true }));
    const url = `/filter/api/admin/org/${s.east.id}/admins`;
    const added = body<{ userId: number; initialPassword: string }>(
      await sys.post(url, { phone: '13700001111', name: '东区副局长' }),
    );
    expect(added.code).toBe(0);
    expect(added.data.initialPassword).toBeTruthy();
    expect(body(await sys.post(url, { phone: '13700001111' })).message).toBe(
      '东区副局长 已是该教育局的管理员',
    );
    expect(body<Array<{ name: string }>>(await sys.get(url)).data.map((a) => a.name)).toEqual([
      '东区管理员',
      '东区副局长',
    ]);
    expect(body(await s.eastAdmin.post(url, { phone: '13700001112', name: '某人' })).message).toBe('无权限');
    const profile = body<{ roles: string[] }>(await s.eastAdmin.post('/filter/api/user/getUserInfo')).data;
    expect(profile.roles).toContain('bureauAdmin');
  });

  it("see the schools under their bureau and never another district's", async () => {
    const east = (await overview(s.eastAdmin)).data;
    expect(east.bureaus.map((b) => b.name)).toEqual(['东区教育局']);
    expect(east.schools.map((x) => x.name)).toEqual(['东区一中', '东区二中', '东区三中']);
    const west = (await overview(s.westAdmin)).data;
    expect(west.schools.map((x) => x.name)).toEqual(['西区一中']);
    expect(west.exams).toEqual([]);
    const city = (await overview(s.cityAdmin)).data;
    expect(city.schools.map((x) => x.name)).toEqual(['东区一中', '东区二中', '东区三中', '西区一中']);
    // the joint exam's school picker offers the same schools
    const tree = JSON.stringify(body(await s.westAdmin.get('/filter/api/exam/jointExam/schools')).data);
    expect(tree).toContain('西区一中');
    expect(tree).not.toContain('东区');
    // a school's administrator has no bureau screen
    expect((await overview(s.a1Admin)).message).toBe('无权限');
  });

  it('create a 联考 for schools under them, run by their bureau, and refuse others', async () => {
    const [row] = await t.database.db.select().from(exam).where(eq(exam.id, s.examId));
    expect(row!.orgId).toBe(s.east.id);
    const east = (await overview(s.eastAdmin)).data;
    expect(east.exams).toMatchObject([{ id: s.examId, name: '东区联考', schools: 3, examinees: 6 }]);
    expect((await overview(s.cityAdmin)).data.exams.map((e) => e.id)).toContain(s.examId);
    const refused = body(
      await s.eastAdmin.post('/filter/api/exam/jointExam/create', {
        name: '越区联考',
        gradeName: '高一',
        startDate: '2026-12-01',
        schoolIds: [s.schools[0]!.id, s.westSchool.id],
        subjects: [{ course: '数学', fullScore: 100 }],
        unionManagerIds: [],
      }),
    );
    expect(refused.code).not.toBe(0);
  });

  it('give the union manager and monitors their roles (spec roles 5 and 8)', async () => {
    const staff = async () =>
      body<Array<{ name: string; role: number }>>(
        await s.eastAdmin.get(`/filter/api/exam/${s.examId}/staff`),
      );
    expect((await staff()).data).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: '联考负责人', role: 5 })]),
    );
    const monitor = await buildUser(t.database.db, { name: '联考监控员' });
    const r = body(
      await s.eastAdmin.post(`/filter/api/exam/${s.examId}/role`, { role: 8, userIds: [monitor.id] }),
    );
    expect(r.code).toBe(0);
    expect((await staff()).data).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: '联考监控员', role: 8 })]),
    );
    // another district's administrator may not give roles in it
    const w = body(
      await s.westAdmin.post(`/filter/api/exam/${s.examId}/role`, { role: 8, userIds: [monitor.id] }),
    );
    expect(w.message).toBe('无权限');
  });

  it("follow every school's scanning and marking on one screen, not another district's 联考", async () => {
    const url = `/filter/api/bureau/exam/${s.examId}/progress`;
    const p = body<{
      subjects: Array<{ name: string }>;
      schools: Array<{
        scan: { schoolName: string; examinees: number; scanFinished: boolean };
        marking: unknown[][];
      }>;
    }>(await s.eastAdmin.get(url));
    expect(p.code).toBe(0);
    expect(p.data.subjects.map((x) => x.name)).toEqual(['数学']);
    expect(p.data.schools.map((x) => [x.scan.schoolName, x.scan.examinees, x.scan.scanFinished])).toEqual([
      ['东区一中', 2, false],
      ['东区二中', 2, false],
      ['东区三中', 2, false],
    ]);
    expect(p.data.schools[0]!.marking).toEqual([[]]);
    expect(body(await s.cityAdmin.get(url)).code).toBe(0);
    expect(body(await s.westAdmin.get(url)).message).toBe('无权限');
    expect(body(await s.a1Admin.get(url)).message).toBe('无权限');
    expect(body(await s.westAdmin.get(`/filter/api/exam/${s.examId}/detail`)).message).toBe('无权限');
  });

  it('are listed, searched and removed by the system administrator only (the screen 教育局管理员)', async () => {
    const sys = await signInAs(t, await buildUser(t.database.db, { isAdmin: true }));
    const list = async (q: string) =>
      body<{ total: number; size: number; items: Array<{ name: string; orgName: string; userId: number }> }>(
        await sys.get(`/filter/api/admin/bureauAdmins?${q}`),
      ).data;
    const all = await list('page=1&size=2');
    expect(all.size).toBe(2);
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(3);
    // the city's administrator first (level 1), then the districts'
    expect(all.items[0]!.orgName).toBe(s.city.name);
    const east = await list(`orgId=${s.east.id}`);
    expect(east.items.every((a) => a.orgName === '东区教育局')).toBe(true);
    const found = await list(`keyword=${encodeURIComponent('东区管理')}`);
    expect(found.items.map((a) => a.name)).toEqual(['东区管理员']);
    // % in a search is a character, not "anything"
    expect((await list('keyword=%25')).total).toBe(0);
    // not one of the system administrator: refused to the bureau's own administrator
    expect(body(await s.eastAdmin.call('GET', '/filter/api/admin/bureauAdmins', {})).message).toBe('无权限');
    // removing: the grant goes (and with it the bureau screen), twice is a clear failure
    const west = await list(`orgId=${s.west.id}`);
    const gone = west.items[0]!;
    const url = `/filter/api/admin/org/${s.west.id}/admins`;
    expect(body(await s.eastAdmin.call('DELETE', url, { userId: gone.userId })).message).toBe('无权限');
    expect(body(await sys.call('DELETE', url, { userId: gone.userId })).code).toBe(0);
    expect(body(await sys.call('DELETE', url, { userId: gone.userId })).message).toBe(
      '该用户不是这个教育局的管理员，可能已被移除，请刷新列表',
    );
    expect((await overview(s.westAdmin)).message).toBe('无权限');
    expect((await list(`orgId=${s.west.id}`)).total).toBe(0);
  });
});
