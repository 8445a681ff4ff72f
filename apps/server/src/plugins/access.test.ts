import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITY_TABLE, type Capability } from '@yj/contracts';
import { examRole, examinee, student, teacher as teacherTable, teacherClass, user } from '../db/schema';
import { body, type Client } from '../../test/app';
import { readXlsx } from '../../test/excel';
import {
  buildClassWithStudents,
  buildSchool,
  buildSchoolAdmin,
  buildSubjectScene,
  buildTeacher,
  buildUser,
  signInAs,
} from '../../test/factories';
import { parentClient, portalClient } from '../../test/portal';
import { routeSampler } from '../../test/route-sample';
import { buildBureauScene, type BureauScene } from '../../test/bureau';
import type { ApiRoute } from './auth';
import { appFixture } from '../../test/app-fixture';
import { signInSchoolAdmin } from '../../test/school-scene';

// The access sweep (issue 3, "tested for every route"): every /filter route that acts on a school, exam or
// subject is called with school A's ids by school B's administrator and by a plain teacher of school A.
// Whenever the capability table does not grant the call, the answer must be 无权限 — for routes added later
// too, since the list comes from the running server.
// The second angle (issue 19): school B shares a teacher with school A and both take part in a joint exam.
// Every scoped route is called again with the joint exam's ids, school A's ids and the shared teacher, by
// B's administrator without a role, by the shared teacher, and by B's administrator as the joint exam's
// manager — who may run the joint exam but must never see or change school A's own people.

interface Ids {
  schoolId: number;
  examId: number;
  subjectId: number;
  userId: number;
  classId: number;
}

const t = appFixture();
/** the ids requests are filled with: school A's single exam, or the joint exam (see `joint`) */
let ids: Ids;
let single: Ids;
let otherAdmin: Client;
let teacher: Client;
let request: ReturnType<typeof routeSampler>['request'];

beforeAll(async () => {
  const scene = await buildSubjectScene(t.app, t.database.db, {
    name: '期中考试',
    course: '数学',
    fullScore: 150,
  });
  const other = await buildSchool(t.database.db);
  otherAdmin = await signInSchoolAdmin(t, other.id);
  teacher = scene.teacher;
  const me = body<{ id: number }>(await teacher.post('/filter/api/user/getUserInfo')).data;
  single = {
    schoolId: scene.schoolId,
    examId: scene.examId,
    subjectId: scene.subjectId,
    userId: me.id,
    classId: 1,
  };
  // one object the sampler reads: sweeps point it at school A's exam or at the joint exam
  ids = { ...single };
  request = routeSampler(t.app, ids).request;
});

const grants = (cap: Capability, who: (r: (typeof CAPABILITY_TABLE)[Capability][number]) => boolean) =>
  CAPABILITY_TABLE[cap].some((r) => r.who === 'user' || who(r));

/** Routes acting on a school, exam or subject by id, that the table does not grant this caller. */
function refusedFor(who: (r: (typeof CAPABILITY_TABLE)[Capability][number]) => boolean): ApiRoute[] {
  return t.app.apiRoutes.filter(
    (r) => !r.public && r.capability && r.scoped && !grants(r.capability, who) && r.method !== 'OPTIONS',
  );
}

async function sweep(client: Client, routes: ApiRoute[], target: Ids = single): Promise<string[]> {
  Object.assign(ids, target);
  const wrong: string[] = [];
  for (const route of routes) {
    const { url, payload } = request(route);
    const res = await client.call(route.method as 'GET' | 'POST' | 'DELETE', url, payload as object);
    const b = res.headers['content-type']?.toString().includes('json') ? body(res) : null;
    // Ids the scene has no record for (a scan page, say) may answer "not found" instead: nothing leaks.
    if (b?.message !== '无权限' && !b?.message.includes('不存在'))
      wrong.push(`${route.method} ${url}: ${res.statusCode} ${b?.code} ${b?.message}`);
  }
  return wrong;
}

describe('access sweep over every scoped route', () => {
  it('covers the routes of every module', () => {
    const scoped = t.app.apiRoutes.filter((r) => r.scoped);
    expect(scoped.length).toBeGreaterThan(60);
    for (const part of ['/api/school/', '/api/exam/', '/api/subject/', '/setting/'])
      expect(scoped.some((r) => r.url.includes(part))).toBe(true);
  });

  it("refuses another school's administrator on school A's data", async () => {
    const routes = refusedFor((r) => r.who === 'schoolAdmin' && r.scope === 'any');
    expect(routes.length).toBeGreaterThan(50);
    expect(await sweep(otherAdmin, routes)).toEqual([]);
  });

  it('refuses a teacher without a role on what only administrators and exam roles may do', async () => {
    const routes = refusedFor((r) => r.who === 'teacher');
    expect(routes.length).toBeGreaterThan(50);
    expect(await sweep(teacher, routes)).toEqual([]);
  });

  it('refuses a marker who teaches no class every student’s score and the roster (issue 28)', async () => {
    const db = t.database.db;
    const m = await buildTeacher(db, single.schoolId);
    await db.insert(examRole).values({
      examId: single.examId,
      subjectId: single.subjectId,
      schoolId: single.schoolId,
      userId: m.id,
      role: 4,
    });
    const marker = await signInAs(t, m);
    // the table lets a school's teacher in, the readers' view then finds no class of theirs in the exam
    const personal: Capability[] = ['score.students.read', 'exam.roster.read'];
    const routes = t.app.apiRoutes.filter((r) => r.capability && personal.includes(r.capability));
    expect(routes.map((r) => r.url).sort()).toEqual([
      '/filter/api/api/subject/:id/getExamineeList/:status',
      '/filter/api/exam/:examId/all_score',
      '/filter/api/exam/:examId/examinees',
      '/filter/api/subject/:id/score/students',
      '/filter/api/subject/:subjectId/online/sitters',
    ]);
    expect(await sweep(marker, routes)).toEqual([]);
  });
});

/** Everything a response shows a person: its JSON, or the rows of a spreadsheet it downloads. */
async function shown(res: LightMyRequestResponse): Promise<string> {
  const type = res.headers['content-type']?.toString() ?? '';
  if (type.includes('json')) return res.body;
  if (type.includes('spreadsheetml')) return JSON.stringify(await readXlsx(res.rawPayload));
  return '';
}

describe('access sweep from a second school sharing a teacher and a joint exam (issue 19)', () => {
  let joint: Ids;
  let bAdmin: Client;
  let bManager: Client;
  let shared: Client;
  /** names and full phones only school A holds */
  let secrets: string[];
  const aSchool = () => single.schoolId;

  beforeAll(async () => {
    const db = t.database.db;
    const a = aSchool();
    const b = (await buildSchool(db, { name: '乙校' })).id;
    const aClass = await buildClassWithStudents(db, a, 3);
    await db
      .update(student)
      .set({ name: sql`'甲校学生' || ${student.xuehao}` })
      .where(eq(student.classId, aClass.banji.id));
    await buildClassWithStudents(db, b, 3);
    const aOnly = await buildTeacher(db, a, { name: '甲校独有老师' });
    const sharedUser = await buildTeacher(db, a, { name: '两校共用老师' });
    await db.insert(teacherTable).values({ schoolId: b, userId: sharedUser.id, subjects: ['数学'] });
    shared = await signInAs(t, sharedUser);
    bAdmin = await signInSchoolAdmin(t, b);
    const bHead = await buildSchoolAdmin(db, b, { name: '乙校联考负责人' });
    bManager = await signInAs(t, bHead);
    const aTeacher = await db.select({ phone: user.phone }).from(user).where(eq(user.id, single.userId));
    secrets = ['甲校学生', '甲校独有老师', aOnly.phone!, aTeacher[0]!.phone!];

    const bureau = await signInAs(t, await buildUser(db, { isAdmin: true }));
    const created = body<{ id: number }>(
      await bureau.post('/filter/api/exam/jointExam/create', {
        name: '甲乙联考',
        gradeName: '高一',
        startDate: '2026-12-01',
        schoolIds: [a, b],
        subjects: [{ course: '数学', fullScore: 100 }],
        unionManagerIds: [bHead.id],
      }),
    );
    expect(created.code).toBe(0);
    const subjects = body<{ subjects: Array<{ id: number }> }>(
      await bureau.get(`/filter/api/exam/${created.data.id}/detail`),
    ).data.subjects;
    // school A's own teacher holds a role for A: B's manager sees the name on the staff list, never the phone
    const forA = { role: 9, userIds: [single.userId], schoolId: a };
    expect(body(await bureau.post(`/filter/api/exam/${created.data.id}/role`, forA)).code).toBe(0);
    joint = {
      schoolId: a,
      examId: created.data.id,
      subjectId: subjects[0]!.id,
      userId: sharedUser.id,
      classId: aClass.banji.id,
    };
  });

  it("refuses B's administrator without a role on A's data and on the joint exam", async () => {
    const routes = refusedFor((r) => r.who === 'schoolAdmin' && r.scope === 'any');
    expect(await sweep(bAdmin, routes, joint)).toEqual([]);
  });

  it('refuses the shared teacher on what only administrators and exam roles may do', async () => {
    const routes = refusedFor((r) => r.who === 'teacher');
    expect(await sweep(shared, routes, joint)).toEqual([]);
  });

  it("lets the joint exam's manager from B see and change nothing of A's own people", async () => {
    Object.assign(ids, joint);
    const scoped = t.app.apiRoutes.filter(
      (r) => !r.public && r.capability && r.scoped && r.method !== 'OPTIONS',
    );
    // deletions last, so the joint exam is there for every other call
    const routes = [
      ...scoped.filter((r) => r.method !== 'DELETE'),
      ...scoped.filter((r) => r.method === 'DELETE'),
    ];
    expect(routes.length).toBeGreaterThan(60);
    const leaks: string[] = [];
    for (const route of routes) {
      const { url, payload } = request(route);
      const res = await bManager.call(route.method as 'GET' | 'POST' | 'DELETE', url, payload as object);
      const text = await shown(res);
      const seen = secrets.filter((x) => text.includes(x));
      if (seen.length) leaks.push(`${route.method} ${url}: ${seen.join(', ')}`);
    }
    expect(leaks).toEqual([]);
    const db = t.database.db;
    const taken = await db
      .select({ id: examinee.id })
      .from(examinee)
      .where(and(eq(examinee.examId, joint.examId), eq(examinee.schoolId, aSchool())));
    expect(taken).toEqual([]);
    const people = await db
      .select({ name: user.name, phone: user.phone })
      .from(user)
      .where(inArray(user.name, ['甲校独有老师', '两校共用老师']));
    expect(people).toHaveLength(2);
  });
});

// ── issue 35: the bureau. 东区's 联考 (三所东区学校) and 西区 beside it: every route, with the ids of the one, called
// by the other's administrator; the union manager and a school of the 联考 on what is not theirs.
describe('access sweep with bureau, union and school roles (issue 35)', () => {
  let b: BureauScene;
  let east: Ids;
  let west: Ids;
  const eastNames = ['东区一中', '东区二中', '东区三中', '一中学生', '二中学生', '三中学生'];

  beforeAll(async () => {
    const db = t.database.db;
    b = await buildBureauScene(t);
    const [a1Class] = await db
      .select({ id: examinee.classId })
      .from(examinee)
      .where(eq(examinee.schoolId, b.schools[0]!.id));
    east = {
      schoolId: b.schools[0]!.id,
      examId: b.examId,
      subjectId: b.subjectId,
      userId: b.managerUser.id,
      classId: a1Class!.id,
    };
    const westClass = await buildClassWithStudents(db, b.westSchool.id, 2);
    await db.update(student).set({ name: '西区学生' }).where(eq(student.classId, westClass.banji.id));
    west = { ...east, schoolId: b.westSchool.id, classId: westClass.banji.id };
  });

  /** Every scoped route but those any signed-in user may call. */
  const scopedRoutes = () =>
    t.app.apiRoutes.filter(
      (r) =>
        !r.public && r.capability && r.scoped && r.method !== 'OPTIONS' && !grants(r.capability, () => false),
    );

  it("refuses a district's administrator every route on another district's 联考 and schools", async () => {
    const routes = scopedRoutes().filter((r) => r.method !== 'DELETE');
    expect(routes.length).toBeGreaterThan(60);
    // a body the sampler cannot make valid (分析组: classes or students, one of them) is answered before access
    // is checked, with nothing of the exam: not a way in
    const wrong = await sweep(b.westAdmin, routes, east);
    expect(wrong.filter((w) => !w.includes(' 1 参数错误：'))).toEqual([]);
  });

  it("never shows a district's administrator another district's schools or students, on any route", async () => {
    Object.assign(ids, east);
    const routes = t.app.apiRoutes.filter(
      (r) => !r.public && r.capability && r.method === 'GET' && !r.url.includes('/image'),
    );
    const leaks: string[] = [];
    for (const route of routes) {
      const { url, payload } = request(route);
      const text = await shown(await b.westAdmin.call('GET', url, payload as object));
      const seen = eastNames.filter((x) => text.includes(x));
      if (seen.length) leaks.push(`${route.method} ${url}: ${seen.join(', ')}`);
    }
    expect(leaks).toEqual([]);
  });

  it("refuses everyone but the system administrator the screen of bureaus' administrators", async () => {
    const routes = t.app.apiRoutes.filter(
      (r) => r.url.startsWith('/filter/api/admin/') && r.url.includes('dmins'),
    );
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /filter/api/admin/org/:orgId/admins',
      'GET /filter/api/admin/bureauAdmins',
      'GET /filter/api/admin/org/:orgId/admins',
      'POST /filter/api/admin/org/:orgId/admins',
    ]);
    for (const who of [b.cityAdmin, b.eastAdmin, b.a1Admin, teacher]) {
      for (const route of routes) {
        expect(route.capability).toBe('system.manage');
        const url = route.url.replace(':orgId', String(b.east.id));
        const payload =
          route.method === 'GET' ? undefined : { userId: b.managerUser.id, phone: '13700009999' };
        const answer = body(await who.call(route.method as 'GET' | 'POST' | 'DELETE', url, payload));
        expect(`${route.method} ${url}: ${answer.message}`).toBe(`${route.method} ${url}: 无权限`);
      }
    }
  });

  /** What `client` is shown, over every scoped route called with `target`'s ids, of the `secrets`. */
  async function leaksTo(client: Client, target: Ids, secrets: string[]): Promise<string[]> {
    Object.assign(ids, target);
    const leaks: string[] = [];
    for (const route of scopedRoutes().filter((r) => r.method !== 'DELETE')) {
      const { url, payload } = request(route);
      const text = await shown(await client.call(route.method as 'GET' | 'POST', url, payload as object));
      const seen = secrets.filter((x) => text.includes(x));
      if (seen.length) leaks.push(`${route.method} ${url}: ${seen.join(', ')}`);
    }
    return leaks;
  }

  it("shows the 联考's union manager and a school of it nothing of another district's school", async () => {
    const manager = await signInAs(t, b.managerUser);
    expect(await leaksTo(manager, west, ['西区一中', '西区学生'])).toEqual([]);
    expect(await leaksTo(b.a2Admin, west, ['西区一中', '西区学生'])).toEqual([]);
  });

  it("lets a school of the 联考 see no other school's students by name on any route", async () => {
    expect(await leaksTo(b.a2Admin, east, ['一中学生', '三中学生'])).toEqual([]);
  });
});

describe('access sweep with a student and a parent (issue 32)', () => {
  it('refuses them every route of the staff, scoped or not; they keep only their own kind’s', async () => {
    const db = t.database.db;
    const { admin } = {
      admin: await signInSchoolAdmin(t, single.schoolId),
    };
    const made = await buildClassWithStudents(db, single.schoolId, 0);
    // a 学号 of its own: the sweeps above made students S1 … in this school already
    await db
      .insert(student)
      .values({ schoolId: single.schoolId, classId: made.banji.id, xuehao: 'P1', name: '学生甲' });
    expect(body(await admin.post(`/filter/api/school/${single.schoolId}/portal/accounts`, {})).code).toBe(0);
    const [kid] = await db.select().from(student).where(eq(student.classId, made.banji.id));
    const studentClient = await portalClient(t.app, db, single.schoolId, kid!.xuehao);
    const parent = await parentClient(t.app, t.sms, '13600000001');
    const staffRoutes = t.app.apiRoutes.filter(
      (r) => !r.public && r.capability && !r.capability.startsWith('portal.') && r.method !== 'OPTIONS',
    );
    expect(staffRoutes.length).toBeGreaterThan(150);
    // a request the sampler cannot make valid is refused by its schema before any check: nothing was reached
    const reached = async (who: Client) =>
      (await sweep(who, staffRoutes, single)).filter((w) => !w.includes(' 200 1 参数错误：'));
    for (const who of [studentClient, parent]) expect(await reached(who)).toEqual([]);
    const portal = t.app.apiRoutes.filter((r) => r.capability?.startsWith('portal.'));
    // every route of their own is one the table grants them: nothing else exists for them
    for (const r of portal)
      expect(CAPABILITY_TABLE[r.capability!].every((x) => x.who === 'student' || x.who === 'parent')).toBe(
        true,
      );
    expect(portal.length).toBeGreaterThanOrEqual(10);
  });
});

describe('课堂小测 routes (issue 33)', () => {
  it('leave a quiz to its teacher: another teacher and another school’s administrator are refused', async () => {
    const db = t.database.db;
    const made = await buildClassWithStudents(db, single.schoolId, 0);
    await db
      .insert(student)
      .values({ schoolId: single.schoolId, classId: made.banji.id, xuehao: 'Q1', name: '学生乙' });
    const owner = await buildTeacher(db, single.schoolId);
    await db
      .insert(teacherClass)
      .values({ schoolId: single.schoolId, userId: owner.id, classId: made.banji.id });
    const mine = await signInAs(t, owner);
    const created = body<{ examId: number }>(
      await mine.post('/filter/api/quiz/create', {
        name: '小测',
        course: '数学',
        classIds: [made.banji.id],
        keys: '1-2 AB',
      }),
    );
    expect(created.code).toBe(0);
    const { examId } = created.data;
    // a teacher of the same school without the class may not give it a quiz either
    expect(
      body(
        await teacher.post('/filter/api/quiz/create', {
          name: '小测',
          course: '数学',
          classIds: [made.banji.id],
          keys: '1 A',
        }),
      ).message,
    ).toBe('只能为自己任教的班级创建小测');
    for (const who of [teacher, otherAdmin]) {
      expect(body(await who.get(`/filter/api/quiz/${examId}`)).message).toBe('无权限');
      expect(body(await who.get(`/filter/api/quiz/${examId}/result`)).message).toBe('无权限');
      expect(body(await who.post(`/filter/api/quiz/${examId}/markers`, { userIds: [] })).message).toBe(
        '无权限',
      );
    }
    expect(body(await otherAdmin.get('/filter/api/quiz/options')).message).toBe('无权限');
    // the list: the teacher's own, the school's administrator every quiz of the school, nobody else's
    const listed = async (who: Client) =>
      body<{ items: Array<{ examId: number }> }>(
        await who.post('/filter/api/quiz/list', { page: 1, size: 100 }),
      ).data.items.map((r) => r.examId);
    expect(await listed(mine)).toContain(examId);
    const head = await signInSchoolAdmin(t, single.schoolId);
    expect(await listed(head)).toContain(examId);
    expect(await listed(teacher)).not.toContain(examId);
    expect(await listed(otherAdmin)).not.toContain(examId);
    // 学情趋势: the class's teacher and the school's administrator; not a teacher without it, nor another school
    const trend = (who: Client) => who.get(`/filter/api/quiz/trend?classId=${made.banji.id}`);
    for (const who of [mine, head]) {
      const r = body<{ classId: number; quizzes: Array<{ examId: number }> }>(await trend(who));
      expect(r.data.classId).toBe(made.banji.id);
      // the quiz is not marked yet, so it is left out of the trend rather than counted with partial totals
      expect(r.data.quizzes.map((q) => q.examId)).not.toContain(examId);
    }
    for (const who of [teacher, otherAdmin])
      expect(body(await trend(who)).message).toBe('只能查看自己任教班级或本校班级的学情趋势');
  });
});
