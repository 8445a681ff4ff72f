import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  PortalAccountList,
  PortalExamDetail,
  PortalExamItem,
  PortalMe,
  PortalSubjectDetail,
  PortalTrend,
} from '@yj/contracts';
import { examinee, student, studentAccount } from '../../db/schema';
import { body, XHR } from '../../../test/app';
import { readXlsx } from '../../../test/excel';
import { buildSchool } from '../../../test/factories';
import { buildPortalScene, parentClient, portalClient, STUDENT_PASSWORD } from '../../../test/portal';
import { appFixture } from '../../../test/app-fixture';
import { signInSchoolAdmin } from '../../../test/school-scene';

// 学生端 / 家长端 (issue 32): every route with the student and parent roles — the school's accounts and sheet,
// sign-in with the forced change, 重置密码, a student who left, published results only, 发布设置, parents' binding.
const t = appFixture();
let s: Awaited<ReturnType<typeof buildPortalScene>>;
beforeAll(async () => {
  s = await buildPortalScene(t.app, t.database.db);
});

const login = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/filter/api/portal/login', headers: XHR, payload });
const accounts = () => `/filter/api/school/${s.schoolId}/portal/accounts`;

describe('the school’s student accounts', () => {
  it('批量开通 makes one account a student, once; the list shows them, the sheet hands them out', async () => {
    const again = body<{ created: number; existing: number }>(await s.admin.post(accounts(), {}));
    expect(again.data).toEqual({ created: 0, existing: 3 });
    const list = body<PortalAccountList>(await s.admin.get(accounts())).data;
    expect(list.items.map((x) => [x.xuehao, x.state])).toEqual([
      ['S1', 'initial'],
      ['S2', 'initial'],
      ['S3', 'initial'],
    ]);
    const sheet = await s.admin.get(`${accounts()}/sheet`);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    const rows = (await readXlsx(sheet.rawPayload)) as unknown as string[][];
    const flat = JSON.stringify(rows);
    const [acc] = await t.database.db
      .select()
      .from(studentAccount)
      .where(eq(studentAccount.studentId, s.students[0]!.id));
    expect(flat).toContain('学生1');
    expect(flat).toContain(acc!.initialPassword!);
    expect(flat).toContain(acc!.bindingCode);
  });

  it('refuses a teacher, another school’s administrator and a bad request', async () => {
    const otherSchool = await buildSchool(t.database.db);
    const other = await signInSchoolAdmin(t, otherSchool.id);
    for (const who of [s.teacher, other]) {
      expect(body(await who.get(accounts())).message).toBe('无权限');
      expect(body(await who.post(accounts(), {})).message).toBe('无权限');
      expect(body(await who.post(`${accounts()}/${s.students[0]!.id}/reset`)).message).toBe('无权限');
      expect(body(await who.get(`${accounts()}/sheet`)).message).toBe('无权限');
    }
    expect(body(await s.admin.post(accounts(), { classIds: ['一班'] })).code).toBe(1);
  });
});

describe('student sign-in', () => {
  it('school + 学号 + password; the first sign-in forces a new password; a wrong one is refused', async () => {
    expect(body(await login({ schoolId: s.schoolId, xuehao: 'S1', password: 'wrong' })).errCode).toBe(11009);
    expect(body(await login({ schoolId: s.schoolId + 999, xuehao: 'S1', password: 'x' })).errCode).toBe(
      11009,
    );
    expect(body(await login({ schoolId: s.schoolId })).code).toBe(1);
    const c = await portalClient(t.app, t.database.db, s.schoolId, 'S1');
    expect(c.home).toBe('/minions/portal');
    const me = body<PortalMe>(await c.get('/filter/api/portal/me')).data;
    expect(me).toMatchObject({ kind: 'student', name: '学生1', children: [{ xuehao: 'S1' }] });
    const again = body(await login({ schoolId: s.schoolId, xuehao: 'S1', password: STUDENT_PASSWORD }));
    expect(again.code).toBe(0);
    // a student's session reaches nothing of the staff's, not even what any signed-in staff may
    expect(body(await c.post('/filter/api/user/getUserInfo')).message).toBe('无权限');
    expect(body(await c.post('/filter/api/home/exams', {})).message).toBe('无权限');
  });

  it('or school + the 考号 of an exam chosen from the school’s published ones; an unknown 考号 is a wrong password', async () => {
    const exams = body<Array<{ id: number; name: string }>>(
      await t.app.inject({ method: 'GET', url: `/filter/api/portal/schools/${s.schoolId}/exams` }),
    ).data;
    expect(exams).toEqual([{ id: s.examId, name: '成绩考试', date: '2026-11-01' }]);
    const other = await buildSchool(t.database.db);
    const none = await t.app.inject({ method: 'GET', url: `/filter/api/portal/schools/${other.id}/exams` });
    expect(body(none).data).toEqual([]);
    const [x] = await t.database.db
      .select({ kaohao: examinee.kaohao })
      .from(examinee)
      .where(eq(examinee.studentId, s.students[0]!.id));
    const byKaohao = { schoolId: s.schoolId, examId: s.examId, password: STUDENT_PASSWORD };
    await portalClient(t.app, t.database.db, s.schoolId, 'S1');
    const ok = body<{ token: string }>(await login({ ...byKaohao, kaohao: ` ${x!.kaohao} ` }));
    expect(ok.code).toBe(0);
    expect(body(await login({ ...byKaohao, kaohao: x!.kaohao, password: 'wrong' })).errCode).toBe(11009);
    expect(body(await login({ ...byKaohao, kaohao: 'NO-SUCH' })).errCode).toBe(11009);
    expect(body(await login({ ...byKaohao, schoolId: other.id, kaohao: x!.kaohao })).errCode).toBe(11009);
    expect(body(await login({ ...byKaohao, kaohao: '' })).code).toBe(1);
  });

  it('重置密码 ends the sessions and asks for a change again; a student who left is disabled', async () => {
    const c = await portalClient(t.app, t.database.db, s.schoolId, 'S2');
    const reset = body<{ password: string }>(await s.admin.post(`${accounts()}/${s.students[1]!.id}/reset`));
    expect(reset.data.password).toHaveLength(10);
    expect(body(await c.get('/filter/api/portal/me')).code).toBe(1001);
    const first = body(await login({ schoolId: s.schoolId, xuehao: 'S2', password: reset.data.password }));
    expect(first.errCode).toBe(11011);

    const c2 = await portalClient(t.app, t.database.db, s.schoolId, 'S2');
    await t.database.db.update(student).set({ status: 0 }).where(eq(student.id, s.students[1]!.id));
    expect(body(await c2.get('/filter/api/portal/exams')).errCode).toBe(11010);
    expect(
      body(await login({ schoolId: s.schoolId, xuehao: 'S2', password: STUDENT_PASSWORD })).errCode,
    ).toBe(11010);
    const list = body<PortalAccountList>(await s.admin.get(accounts())).data;
    expect(list.items.find((x) => x.xuehao === 'S2')?.state).toBe('disabled');
    await t.database.db.update(student).set({ status: 1 }).where(eq(student.id, s.students[1]!.id));
  });

  it('changes the password with the old one', async () => {
    const c = await portalClient(t.app, t.database.db, s.schoolId, 'S2');
    const url = '/filter/api/portal/password';
    expect(body(await c.post(url, { oldPassword: 'nope', newPassword: 'Another-Pass-2026' })).errCode).toBe(
      11002,
    );
    expect(body(await c.post(url, { oldPassword: STUDENT_PASSWORD, newPassword: '123' })).code).toBe(1);
    expect(
      body(await c.post(url, { oldPassword: STUDENT_PASSWORD, newPassword: 'Another-Pass-2026' })).code,
    ).toBe(0);
    expect(
      body(await login({ schoolId: s.schoolId, xuehao: 'S2', password: 'Another-Pass-2026' })).code,
    ).toBe(0);
  });
});

describe('published results', () => {
  it('lists the exam, its total, per subject with averages and no rank by default; nothing of others', async () => {
    const c = await portalClient(t.app, t.database.db, s.schoolId, 'S1');
    const exams = body<PortalExamItem[]>(await c.get('/filter/api/portal/exams')).data;
    expect(exams).toEqual([
      { examId: s.examId, name: '成绩考试', date: '2026-11-01', total: 27, fullScore: 33, subjects: 1 },
    ]);
    const d = body<PortalExamDetail>(await c.get(`/filter/api/portal/exams/${s.examId}`)).data;
    expect(d.total).toEqual({
      score: 27,
      fullScore: 33,
      level: 'B',
      standing: { classAvg: 21.33, gradeAvg: 21.33, classMax: 27, gradeMax: 27 },
    });
    expect(d.subjects).toEqual([
      expect.objectContaining({ name: '数学', score: 27, fullScore: 33, absent: false, level: 'B' }),
    ]);
    const other = s.students[1]!.id;
    expect(body(await c.get(`/filter/api/portal/exams?studentId=${other}`)).message).toBe('无权限');
    expect(body(await c.get(`/filter/api/portal/exams/${s.examId}?studentId=${other}`)).message).toBe(
      '无权限',
    );
    expect(body(await c.get(`/filter/api/portal/subjects/${s.subjectId}?studentId=${other}`)).message).toBe(
      '无权限',
    );
    expect(body(await c.get(`/filter/api/portal/trend?studentId=${other}`)).message).toBe('无权限');
    expect(body(await c.get(`/filter/api/portal/exams/${s.examId + 999}`)).errCode).toBe(12055);
    expect(body(await c.get('/filter/api/portal/exams/abc')).code).toBe(1);
  });

  it('per subject: every question with the key and the class 得分率; 错题 by points lost', async () => {
    const c = await portalClient(t.app, t.database.db, s.schoolId, 'S3');
    const d = body<PortalSubjectDetail>(await c.get(`/filter/api/portal/subjects/${s.subjectId}`)).data;
    const q1 = d.questions.find((q) => q.no === '1')!;
    expect(q1).toMatchObject({ score: 0, fullScore: 3, answer: 'A', key: 'B' });
    expect(q1.classRate).toBeCloseTo(2 / 3, 2);
    expect(d.lost.map((q) => [q.no, q.lost])).toEqual([
      ['22', 4],
      ['21', 4],
      // a tie: the question the class also found hard first
      ['3', 3],
      ['1', 3],
      ['4', 2],
    ]);
    expect(d.blocks).toEqual([expect.objectContaining({ name: '主观题', score: 12, fullScore: 30 })]);
  });

  it('follows 发布设置: rank, band, neither; answers and the paper hidden; refused to a teacher', async () => {
    const c = await portalClient(t.app, t.database.db, s.schoolId, 'S1');
    const url = `/filter/api/exam/${s.examId}/portal/setting`;
    expect(body(await s.admin.get(url)).data).toEqual({
      rankMode: 'none',
      showAverages: true,
      showPaper: true,
      showAnswers: true,
      openToParents: true,
    });
    const save = (over: object) =>
      s.admin.post(url, {
        rankMode: 'none',
        showAverages: true,
        showPaper: true,
        showAnswers: true,
        openToParents: true,
        ...over,
      });
    const full = {
      rankMode: 'rank',
      showAverages: true,
      showPaper: true,
      showAnswers: true,
      openToParents: true,
    };
    expect(body(await s.teacher.post(url, full)).message).toBe('无权限');
    expect(body(await c.post(url, full)).message).toBe('无权限');
    expect(body(await s.teacher.get(url)).message).toBe('无权限');
    expect(body(await save({ rankMode: 'top' })).code).toBe(1);
    expect(body(await c.get(url)).message).toBe('无权限');

    expect(body(await save({ rankMode: 'rank', showAverages: false })).code).toBe(0);
    const exam = async () => body<PortalExamDetail>(await c.get(`/filter/api/portal/exams/${s.examId}`)).data;
    expect((await exam()).total.standing).toEqual({ classRank: 1, gradeRank: 1 });
    const trend = async () => body<PortalTrend>(await c.get('/filter/api/portal/trend')).data;
    expect(await trend()).toEqual([
      {
        examId: s.examId,
        name: '成绩考试',
        date: '2026-11-01',
        total: { score: 27, fullScore: 33, rate: 0.8182, gradeRank: 1 },
        subjects: [{ name: '数学', score: 27, fullScore: 33, rate: 0.8182, gradeRank: 1 }],
      },
    ]);
    await save({ rankMode: 'band' });
    expect((await exam()).total.standing).toMatchObject({ band: '前 60%', classAvg: 21.33 });
    expect((await exam()).total.standing.gradeRank).toBeUndefined();
    expect((await trend())[0]!.total).toEqual({ score: 27, fullScore: 33, rate: 0.8182, band: '前 60%' });
    await save({ showPaper: false, showAnswers: false });
    const d = body<PortalSubjectDetail>(await c.get(`/filter/api/portal/subjects/${s.subjectId}`)).data;
    expect(d.questions[0]!.key).toBeUndefined();
    expect(d.blocks).toEqual([]);
    const image = await c.get(`/filter/api/portal/subjects/${s.subjectId}/blocks/${s.blockId}/image`);
    expect(body(image).errCode).toBe(12056);
    await save({});
  });

  it('发布设置 holds for the whole exam: a subject’s manager publishes the subject but is neither shown nor let set it', async () => {
    const teacherId = body<{ id: number }>(await s.teacher.post('/filter/api/user/getUserInfo')).data.id;
    const role = { role: 3, userIds: [teacherId], subjectId: s.subjectId };
    expect(body(await s.admin.post(`/filter/api/exam/${s.examId}/role`, role)).code).toBe(0);
    const detail = (c: typeof s.admin) =>
      c.get(`/filter/api/exam/${s.examId}/detail`).then((r) => body<{ can: { publish: boolean } }>(r).data);
    expect((await detail(s.admin)).can.publish).toBe(true);
    expect((await detail(s.teacher)).can.publish).toBe(false);
    const rows = body<Array<{ canPublish: boolean }>>(
      await s.teacher.get(`/filter/api/exam/${s.examId}/score/release`),
    );
    expect(rows.data.map((r) => r.canPublish)).toEqual([true]);
    expect(body(await s.teacher.get(`/filter/api/exam/${s.examId}/portal/setting`)).message).toBe('无权限');
  });

  it('取消发布 hides at once; publishing again shows it', async () => {
    const c = await portalClient(t.app, t.database.db, s.schoolId, 'S1');
    await s.cancel();
    expect(body(await c.get('/filter/api/portal/exams')).data).toEqual([]);
    expect(body(await c.get(`/filter/api/portal/exams/${s.examId}`)).errCode).toBe(12055);
    expect(body(await c.get(`/filter/api/portal/subjects/${s.subjectId}`)).errCode).toBe(12055);
    await s.publish();
    expect(body<PortalExamItem[]>(await c.get('/filter/api/portal/exams')).data).toHaveLength(1);
  });
});

describe('parents', () => {
  it('sign in by SMS code, bind with name + 学号 + 绑定码, see the child’s results, unbind', async () => {
    const p = await parentClient(t.app, t.sms, '13700000001');
    const me = () => p.get('/filter/api/portal/me');
    expect(body<PortalMe>(await me()).data).toMatchObject({
      kind: 'parent',
      children: [],
      hasPassword: false,
    });
    expect(body(await p.get('/filter/api/portal/exams')).message).toBe('无权限');
    const child = s.students[0]!;
    const bind = (over: object = {}) =>
      p.post('/filter/api/portal/children', {
        name: child.name,
        xuehao: child.xuehao,
        bindingCode: child.code,
        ...over,
      });
    expect(body(await bind({ bindingCode: 'AAAAAAAA' })).errCode).toBe(12051);
    expect(body(await bind({ name: '别人' })).errCode).toBe(12051);
    expect(body<PortalMe>(await bind()).data.children.map((x) => x.xuehao)).toEqual(['S1']);
    expect(body(await bind()).errCode).toBe(12052);
    const exams = body<PortalExamItem[]>(await p.get(`/filter/api/portal/exams?studentId=${child.id}`)).data;
    expect(exams.map((e) => e.total)).toEqual([27]);
    const other = s.students[1]!.id;
    expect(body(await p.get(`/filter/api/portal/exams/${s.examId}?studentId=${other}`)).message).toBe(
      '无权限',
    );

    // a second parent may bind, a third may not
    await parentClient(t.app, t.sms, '13700000002').then((q) =>
      q.post('/filter/api/portal/children', {
        name: child.name,
        xuehao: child.xuehao,
        bindingCode: child.code,
      }),
    );
    const third = await parentClient(t.app, t.sms, '13700000003');
    const full = await third.post('/filter/api/portal/children', {
      name: child.name,
      xuehao: child.xuehao,
      bindingCode: child.code,
    });
    expect(body(full).errCode).toBe(12053);
    // a parent is not a student: binding is theirs alone
    const student = await portalClient(t.app, t.database.db, s.schoolId, 'S1');
    expect(
      body(
        await student.post('/filter/api/portal/children', { name: 'x', xuehao: 'S1', bindingCode: 'ABCD' }),
      ).message,
    ).toBe('无权限');

    // closed to parents: the list leaves the exam out, the exam is refused
    await s.admin.post(`/filter/api/exam/${s.examId}/portal/setting`, {
      rankMode: 'none',
      showAverages: true,
      showPaper: true,
      showAnswers: true,
      openToParents: false,
    });
    expect(body(await p.get(`/filter/api/portal/exams?studentId=${child.id}`)).data).toEqual([]);
    expect(body(await p.get(`/filter/api/portal/exams/${s.examId}?studentId=${child.id}`)).errCode).toBe(
      12054,
    );
    expect(body<PortalExamItem[]>(await student.get('/filter/api/portal/exams')).data).toHaveLength(1);

    // a password for later sign-ins, then unbind
    expect(
      body(await p.post('/filter/api/portal/password', { newPassword: 'Jiazhang-Mima-2026' })).code,
    ).toBe(0);
    const byPassword = await t.app.inject({
      method: 'POST',
      url: '/filter/api/portal/parent/login',
      headers: XHR,
      payload: { phone: '13700000001', password: 'Jiazhang-Mima-2026' },
    });
    expect(body(byPassword).code).toBe(0);
    expect(
      body<PortalMe>(await p.call('DELETE', `/filter/api/portal/children/${child.id}`)).data.children,
    ).toEqual([]);
    expect(body(await p.call('DELETE', `/filter/api/portal/children/${child.id}`)).message).toBe('无权限');
  });

  it('a wrong SMS code is refused and counted; the resend waits', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/filter/api/portal/parent/sms',
        headers: XHR,
        payload: { phone: '13700000009' },
      });
    expect(body(await send()).code).toBe(0);
    expect(body(await send()).errCode).toBe(11019);
    const sent = /(\d{6})/.exec(t.sms.filter((m) => m.phone === '13700000009').at(-1)!.text)![1]!;
    const login = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/filter/api/portal/parent/login',
        headers: XHR,
        payload: { phone: '13700000009', code },
      });
    expect(body(await login(sent === '000000' ? '111111' : '000000')).errCode).toBe(11017);
    expect(body(await login(sent)).code).toBe(0);
    // used up
    expect(body(await login(sent)).errCode).toBe(11015);
  });

  it('finds schools by name for the sign-in page', async () => {
    const found = body<Array<{ id: number }>>(
      await t.app.inject({ method: 'GET', url: '/filter/api/portal/schools?q=测试中学' }),
    );
    expect(found.data.map((x) => x.id)).toContain(s.schoolId);
    expect(body(await t.app.inject({ method: 'GET', url: '/filter/api/portal/schools?q=a' })).code).toBe(1);
  });
});
