import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUBJECT_STATE_FORBIDS } from '@yj/contracts';
import { schoolAdmin, subject } from '../../db/schema';
import { body, XHR } from '../../../test/app';
import { multipartFile, readXlsx, xlsx } from '../../../test/excel';
import {
  buildClassWithStudents,
  buildSchool,
  buildSchoolAdmin,
  buildTeacher,
  buildUser,
  signInAs,
} from '../../../test/factories';
import {
  buildSchoolScene,
  otherSchoolAdmin,
  signInSchoolAdmin,
  type Client,
} from '../../../test/school-scene';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();
let schoolId: number;
let gradeId: number;
let classId: number;
let admin: Client;
let teacher: Client;
let teacherId: number;
let stranger: Client;

beforeAll(async () => {
  const s = await buildSchoolScene(t, { name: '第三中学', students: 5, teacher: '阅卷老师' });
  ({ admin, teacher } = s);
  schoolId = s.school.id;
  gradeId = s.grade.id;
  classId = s.banji.id;
  teacherId = s.teacherUser.id;
  stranger = await otherSchoolAdmin(t);
});

const create = (c: Client, over: object = {}) =>
  c.post('/filter/api/exam/singleCreate', {
    schoolId,
    name: '2026学年期中考试',
    gradeId,
    startDate: '2026-11-10',
    subjects: [
      { course: '语文', fullScore: 150 },
      { course: '数学', fullScore: 150 },
    ],
    ...over,
  });

describe('single-school exams', () => {
  let examId: number;

  it('is created by the school admin only, with its subjects in 设置中', async () => {
    expect(body(await create(teacher)).message).toBe('无权限');
    expect(body(await create(stranger)).message).toBe('无权限');
    const dup = body<Array<{ message: string }>>(
      await create(admin, {
        subjects: [
          { course: '语文', fullScore: 150 },
          { course: '语文', fullScore: 100 },
        ],
      }),
    );
    expect(dup.data[0]?.message).toBe('科目不能重复');
    const res = body<{ id: number }>(await create(admin));
    expect(res.code).toBe(0);
    examId = res.data.id;
    const detail = body<{
      subjects: Array<{ course: string; fullScore: number; status: number }>;
      can: { manage: boolean };
      step: number;
    }>(await admin.get(`/filter/api/exam/${examId}/detail`)).data;
    expect(detail.subjects.map((s) => [s.course, s.fullScore, s.status])).toEqual([
      ['语文', 150, 0],
      ['数学', 150, 0],
    ]);
    expect(detail.can.manage).toBe(true);
    expect(body(await teacher.get(`/filter/api/exam/${examId}/detail`)).message).toBe('无权限');
    expect(body(await stranger.get(`/filter/api/exam/${examId}/detail`)).message).toBe('无权限');
  });

  it('takes students in by class with a kaohao rule, skipping those already in', async () => {
    const add = (rule: object) =>
      admin.post(`/filter/api/exam/${examId}/examinees/add`, { classIds: [classId], rule, roomSize: 3 });
    expect(body(await add({ kind: 'classSeat', prefix: '26', classDigits: 2, seatDigits: 2 })).data).toEqual({
      added: 5,
      skipped: 0,
    });
    expect(body(await add({ kind: 'xuehao' })).data).toEqual({ added: 0, skipped: 5 });
    const list = body<{
      total: number;
      items: Array<{ id: number; kaohao: string; kaochang: string; seat: number }>;
    }>(await admin.post(`/filter/api/exam/${examId}/examinees`, { page: 1, size: 10 })).data;
    expect(list.items.map((e) => [e.kaohao, e.kaochang, e.seat])).toEqual([
      ['260101', '01', 1],
      ['260102', '01', 2],
      ['260103', '01', 3],
      ['260104', '02', 1],
      ['260105', '02', 2],
    ]);
    const [first, second] = list.items;
    expect(
      body(
        await admin.post(`/filter/api/exam/${examId}/examinees/${first!.id}/update`, {
          kaohao: '260102',
          kaochang: '01',
          seat: 1,
        }),
      ).message,
    ).toBe('考号 260102 已被其他考生使用');
    expect(
      body(
        await admin.post(`/filter/api/exam/${examId}/examinees/paperType`, {
          ids: [first!.id, second!.id],
          paperType: 'B',
        }),
      ).data,
    ).toEqual({ updated: 2 });
    const subjects = body<{ subjects: Array<{ id: number }> }>(
      await admin.get(`/filter/api/exam/${examId}/detail`),
    ).data.subjects;
    expect(
      body(
        await admin.post(`/filter/api/subject/${subjects[0]!.id}/absent`, {
          ids: [second!.id],
          absent: true,
        }),
      ).code,
    ).toBe(0);
    const withAbsent = body<{ items: Array<{ id: number; absent: boolean; paperType: string | null }> }>(
      await admin.post(`/filter/api/exam/${examId}/examinees`, { subjectId: subjects[0]!.id }),
    ).data.items;
    expect(withAbsent.find((e) => e.id === second!.id)).toMatchObject({ absent: true, paperType: 'B' });
    const sheet = await readXlsx((await admin.get(`/filter/api/exam/${examId}/examinees/export`)).rawPayload);
    expect(sheet[0]).toEqual(['姓名', '学号', '学校', '班级', '考号', '考场', '座位号', '试卷类型']);
    expect(sheet).toHaveLength(6);
  });

  it('gives a reviewer read access and the mark permission for their subject only', async () => {
    const subjects = body<{ subjects: Array<{ id: number }> }>(
      await admin.get(`/filter/api/exam/${examId}/detail`),
    ).data.subjects;
    const [chinese, math] = subjects;
    expect(
      body(await admin.post(`/filter/api/subject/${chinese!.id}/reviewers`, { userIds: [teacherId] })).data,
    ).toEqual({ added: 1 });
    expect(
      body(await admin.post(`/filter/api/exam/${examId}/role`, { role: 4, userIds: [teacherId] })).message,
    ).toBe('阅卷老师须指定科目');
    const perm = (id: number) => teacher.get(`/filter/yue/api/subject/${id}/operation/permission`);
    expect(body(await perm(chinese!.id)).data).toMatchObject({
      mark: true,
      manageExam: false,
      editSetting: false,
      scan: false,
      scanRead: false,
      viewPhones: false,
    });
    expect(body(await perm(math!.id)).data).toMatchObject({ mark: false });
    expect(
      body<{ can: { manage: boolean } }>(await teacher.get(`/filter/api/exam/${examId}/detail`)).data.can
        .manage,
    ).toBe(false);
    expect(
      body(
        await teacher.post(`/filter/api/exam/${examId}/edit`, {
          name: '改名',
          startDate: '2026-11-10',
          subjects: [{ id: chinese!.id, course: '语文', fullScore: 150 }],
        }),
      ).message,
    ).toBe('无权限');
    // 校内考试 offers 编辑 / 复制 / 隐藏 / 删除 only on rows the asker may manage (issue 31, point 11)
    const rows = (c: Client) =>
      c
        .post('/filter/api/exam/inSchool', { schoolId })
        .then((r) => body<{ items: Array<{ id: number; canManage: boolean }> }>(r).data.items);
    expect((await rows(teacher)).find((e) => e.id === examId)?.canManage).toBe(false);
    expect((await rows(admin)).find((e) => e.id === examId)?.canManage).toBe(true);
    // the header offers 答题卡制作 to who may edit some subject's settings: a marker may not, an administrator may
    const held = async (c: Client) =>
      body<{ held: string[] }>(await c.post('/filter/api/user/getUserInfo', {})).data.held;
    expect(await held(teacher)).toEqual(expect.arrayContaining(['subject.mark', 'score.students.read']));
    expect(await held(teacher)).not.toContain('subject.setting.edit');
    expect(await held(admin)).toContain('subject.setting.edit');
    const home = body<{ items: Array<{ name: string; roles: number[] }> }>(
      await teacher.post('/filter/api/home/exams', {}),
    ).data.items;
    expect(home).toContainEqual(expect.objectContaining({ name: '2026学年期中考试', roles: [4] }));
    const staff = body<Array<{ name: string; role: number; subjectName: string | null }>>(
      await admin.get(`/filter/api/exam/${examId}/staff`),
    ).data;
    expect(staff).toContainEqual(expect.objectContaining({ name: '阅卷老师', role: 4, subjectName: '语文' }));
    expect(
      body(
        await admin.call('DELETE', '/filter/api/exam/role/reviewers', {
          examId,
          userId: teacherId,
          subjectId: chinese!.id,
        }),
      ).code,
    ).toBe(0);
    expect(body(await perm(chinese!.id)).message).toBe('无权限');
  });

  it('edits full scores in 设置中 only, and refuses deletion once marking began', async () => {
    const detail = body<{ subjects: Array<{ id: number; course: string }> }>(
      await admin.get(`/filter/api/exam/${examId}/detail`),
    ).data;
    const [chinese, math] = detail.subjects;
    const edit = (subjects: object[]) =>
      admin.post(`/filter/api/exam/${examId}/edit`, {
        name: '2026学年期中联考',
        startDate: '2026-11-11',
        subjects,
      });
    expect(
      body(
        await edit([
          { id: chinese!.id, course: '语文', fullScore: 120 },
          { id: math!.id, course: '数学', fullScore: 150 },
          { course: '英语', fullScore: 150 },
        ]),
      ).code,
    ).toBe(0);
    const english = body<{ subjects: Array<{ id: number; course: string }> }>(
      await admin.get(`/filter/api/exam/${examId}/detail`),
    ).data.subjects.find((s) => s.course === '英语')!;
    await admin.post(`/filter/api/subject/${english.id}/reviewers`, { userIds: [teacherId] });
    const keepTwo = [
      { id: chinese!.id, course: '语文', fullScore: 120 },
      { id: math!.id, course: '数学', fullScore: 150 },
    ];
    expect(body(await edit(keepTwo)).message).toBe(
      '英语已设置1位科目负责人或阅卷老师，请先在人员设置中移除后再删除该科目',
    );
    await admin.call('DELETE', '/filter/api/exam/role/reviewers', {
      examId,
      userId: teacherId,
      subjectId: english.id,
    });
    expect(body(await edit(keepTwo)).code).toBe(0);
    expect(body(await admin.get('/filter/api/exam/999999/detail')).message).toBe('考试不存在或已删除');
    expect(body(await admin.get('/filter/yue/api/subject/999999/operation/permission')).message).toBe(
      '科目不存在或已删除',
    );
    await t.database.db.update(subject).set({ status: 3 }).where(eq(subject.id, math!.id));
    expect(
      body(
        await edit([
          { id: chinese!.id, course: '语文', fullScore: 120 },
          { id: math!.id, course: '数学', fullScore: 100 },
        ]),
      ).message,
    ).toBe(`数学：${SUBJECT_STATE_FORBIDS}`);
    expect(body(await admin.call('DELETE', `/filter/api/exam/${examId}`)).message).toBe(
      '数学已开始阅卷，考试不能删除；如不再使用可隐藏考试',
    );
    const log = body<{ items: Array<{ action: string; detail: { before?: { name: string } } }> }>(
      await admin.post(`/filter/api/exam/${examId}/dynamicLog`, {}),
    ).data.items;
    expect(log.map((l) => l.action)).toEqual(
      expect.arrayContaining(['exam.create', 'examinee.add', 'role.add', 'role.remove', 'exam.edit']),
    );
    expect(log.filter((l) => l.action === 'exam.edit').map((l) => l.detail.before?.name)).toContain(
      '2026学年期中考试',
    );
  });

  it('copies (subjects back in 设置中, examinees kept), hides, lists with filters, and deletes a fresh exam', async () => {
    const copy = body<{ id: number }>(await admin.post(`/filter/api/exam/${examId}/copy`)).data;
    const copied = body<{ name: string; examinees: number; subjects: Array<{ status: number }> }>(
      await admin.get(`/filter/api/exam/${copy.id}/detail`),
    ).data;
    expect(copied.name).toBe('2026学年期中联考（副本）');
    expect(copied.examinees).toBe(5);
    expect(copied.subjects.every((s) => s.status === 0)).toBe(true);
    const list = (q: object) => admin.post('/filter/api/exam/inSchool', { schoolId, ...q });
    expect(body<{ total: number }>(await list({ state: 'reviewing' })).data.total).toBe(1);
    expect(body<{ total: number }>(await list({ keyword: '副本' })).data.total).toBe(1);
    expect(body(await admin.post(`/filter/api/exam/${copy.id}/hide`, { hidden: true })).code).toBe(0);
    expect(body<{ total: number }>(await list({ keyword: '副本' })).data.total).toBe(0);
    expect(body<{ total: number }>(await list({ keyword: '副本', includeHidden: true })).data.total).toBe(1);
    expect(body(await admin.call('DELETE', `/filter/api/exam/${copy.id}`)).code).toBe(0);
    expect(body(await admin.get(`/filter/api/exam/${copy.id}/detail`)).message).toBe('考试不存在或已删除');
    expect(
      body<{ total: number }>(await stranger.post('/filter/api/exam/inSchool', { schoolId })).data.total,
    ).toBe(0);
  });
});

describe('joint exams', () => {
  const joint = (schoolIds: number[], unionManagerIds: number[] = []) => ({
    name: '阳光区高一联考',
    gradeName: '高一',
    startDate: '2026-12-01',
    schoolIds,
    subjects: [{ course: '数学', fullScore: 150 }],
    unionManagerIds,
  });

  it("is created only by someone over every school: one school's admin cannot pull in another", async () => {
    const db = t.database.db;
    const a = await buildSchool(db);
    const b = await buildSchool(db);
    const aAdmin = await signInSchoolAdmin(t, a.id);
    const refused = '联考只能选择您管理的学校；多校联考请由系统管理员（教育局）创建';
    expect(body(await aAdmin.post('/filter/api/exam/jointExam/create', joint([a.id, b.id]))).message).toBe(
      refused,
    );
    expect(body(await aAdmin.post('/filter/api/exam/jointExam/create', joint([b.id, b.id]))).message).toBe(
      '联考至少选择两所学校',
    );
    expect(body(await aAdmin.post('/filter/api/exam/jointExam/create', joint([a.id, a.id]))).message).toBe(
      '联考至少选择两所学校',
    );
    // the creation screen is offered only what the server accepts
    const offered = (tree: Array<{ schools: Array<{ id: number }>; children: unknown[] }>) =>
      tree.flatMap((o) => o.schools.map((x) => x.id));
    expect(offered(body<[]>(await aAdmin.get('/filter/api/exam/jointExam/schools')).data)).toEqual([a.id]);
    // an administrator of both schools may
    const both = await buildSchoolAdmin(db, a.id);
    await db.insert(schoolAdmin).values({ schoolId: b.id, userId: both.id });
    const head = await signInAs(t, both);
    expect(body(await head.post('/filter/api/exam/jointExam/create', joint([a.id, b.id]))).code).toBe(0);
    expect(offered(body<[]>(await head.get('/filter/api/exam/jointExam/schools')).data).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    const outsider = await buildTeacher(db, (await buildSchool(db)).id);
    expect(
      body(await head.post('/filter/api/exam/jointExam/create', joint([a.id, b.id], [outsider.id]))).message,
    ).toBe('联考管理员须是参加学校的老师或管理员');
  });

  it('spans schools, numbers examinees across them, and each school is handled by its own people', async () => {
    const db = t.database.db;
    const a = await buildSchool(db, { name: '联考甲校' });
    const b = await buildSchool(db, { name: '联考乙校' });
    const ca = await buildClassWithStudents(db, a.id, 4);
    const cb = await buildClassWithStudents(db, b.id, 4);
    const aAdmin = await buildSchoolAdmin(db, a.id);
    const bAdmin = await signInSchoolAdmin(t, b.id);
    const bureau = await signInAs(t, await buildUser(db, { isAdmin: true }));
    const manager = await buildTeacher(db, a.id, { name: '联考管理员' });
    const res = body<{ id: number }>(
      await bureau.post('/filter/api/exam/jointExam/create', joint([a.id, b.id], [manager.id])),
    );
    expect(res.code).toBe(0);
    const examId = res.data.id;
    // both schools number their students S1..S4: the xuehao rule collides, a sequence does not
    const addX = body<string[]>(
      await bureau.post(`/filter/api/exam/${examId}/examinees/add`, {
        classIds: [ca.banji.id, cb.banji.id],
        rule: { kind: 'xuehao' },
      }),
    );
    expect(addX.message).toMatch(/^生成的考号有 4 个重复/);
    const addSeq = body(
      await bureau.post(`/filter/api/exam/${examId}/examinees/add`, {
        classIds: [ca.banji.id],
        rule: { kind: 'sequence', prefix: '8', digits: 5 },
      }),
    );
    expect(addSeq.data).toEqual({ added: 4, skipped: 0 });
    const other = await buildClassWithStudents(db, (await buildSchool(db)).id, 1);
    expect(
      body(
        await bureau.post(`/filter/api/exam/${examId}/examinees/add`, {
          classIds: [other.banji.id],
          rule: { kind: 'xuehao' },
        }),
      ).message,
    ).toBe('所选班级不属于参加联考的学校');

    // the union manager teaches at 甲校: manages the exam, but 乙校's people only through a role there
    const mgr = await signInAs(t, manager);
    const addB = { classIds: [cb.banji.id], rule: { kind: 'sequence', prefix: '9', digits: 5 } };
    expect(body(await mgr.post(`/filter/api/exam/${examId}/examinees/add`, addB)).message).toBe(
      '您在“联考乙校”没有职务，不能操作该校的考生和人员',
    );
    const bTeacher = await buildTeacher(db, b.id, { name: '乙校老师' });
    const seen = body<Array<{ name: string; phone: string; schoolName: string }>>(
      await mgr.get(`/filter/api/school/${b.id}/teachers/alls?examId=${examId}`),
    ).data;
    expect(seen.map((x) => x.schoolName)).not.toContain('联考乙校');
    expect(seen.find((x) => x.name === '联考管理员')?.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const math = body<{ subjects: Array<{ id: number }> }>(await mgr.get(`/filter/api/exam/${examId}/detail`))
      .data.subjects[0]!;
    expect(body(await mgr.get(`/filter/api/school/${b.id}/teachers/all?subjectId=${math.id}`)).message).toBe(
      '您在“联考乙校”没有职务，不能操作该校的考生和人员',
    );
    expect(
      body(
        await mgr.post(`/filter/api/exam/${examId}/role`, { role: 1, userIds: [manager.id], schoolId: b.id }),
      ).message,
    ).toBe('您在“联考乙校”没有职务，不能操作该校的考生和人员');
    expect(body(await mgr.post(`/filter/api/exam/${examId}/copy`)).message).toBe(
      '联考只能选择您管理的学校；多校联考请由系统管理员（教育局）创建',
    );

    // the bureau gives 乙校's administrator a role for 乙校, who then brings in 乙校's own students
    expect(
      body(
        await bureau.post(`/filter/api/exam/${examId}/role`, {
          role: 5,
          userIds: [body<{ id: number }>(await bAdmin.post('/filter/api/user/getUserInfo')).data.id],
          schoolId: b.id,
        }),
      ).data,
    ).toEqual({ added: 1 });
    expect(body(await bAdmin.post(`/filter/api/exam/${examId}/examinees/add`, addB)).data).toEqual({
      added: 4,
      skipped: 0,
    });
    const bSees = body<Array<{ name: string; phone: string }>>(
      await bAdmin.get(`/filter/api/school/${b.id}/teachers/alls?examId=${examId}`),
    ).data;
    expect(bSees.map((x) => x.name)).toEqual(['乙校老师']);
    expect(bSees[0]!.phone).toBe(bTeacher.phone);
    expect(
      body<Array<{ schoolName: string }>>(
        await bureau.get(`/filter/api/school/${a.id}/teachers/alls?examId=${examId}`),
      ).data.map((x) => x.schoolName),
    ).toEqual(['联考甲校', '联考乙校']);

    const detail = body<{
      schools: number;
      examinees: number;
      schoolList: Array<{ name: string; examinees: number }>;
      can: { manage: boolean };
    }>(await mgr.get(`/filter/api/exam/${examId}/detail`)).data;
    expect(detail).toMatchObject({ schools: 2, examinees: 8, can: { manage: true } });
    expect(detail.schoolList.map((s) => [s.name, s.examinees])).toEqual([
      ['联考甲校', 4],
      ['联考乙校', 4],
    ]);
    // a participating school's admin sees the joint exam in the list
    expect(
      body<{ items: Array<{ name: string }> }>(
        await bAdmin.post('/filter/api/exam/jointExam/home', {}),
      ).data.items.map((e) => e.name),
    ).toContain('阳光区高一联考');

    expect(
      body(
        await mgr.post(`/filter/api/exam/${examId}/role`, {
          role: 9,
          userIds: [aAdmin.id, bTeacher.id],
          schoolId: a.id,
        }),
      ).data,
    ).toEqual({ added: 2 });
    expect(
      body(
        await mgr.post(`/filter/api/exam/${examId}/role/sync`, { fromSchoolId: a.id, toSchoolIds: [b.id] }),
      ).message,
    ).toBe('您在“联考乙校”没有职务，不能操作该校的考生和人员');
    expect(
      body(
        await bureau.post(`/filter/api/exam/${examId}/role/sync`, {
          fromSchoolId: a.id,
          toSchoolIds: [b.id],
        }),
      ).data,
    ).toEqual({ added: 2 });
  });
});

describe('teachers to pick for exam roles', () => {
  it('lists the school teachers of a subject’s course, and all teachers of the exam’s schools', async () => {
    const { school: s, grade, admin: a } = await buildSchoolScene(t, { teacher: '数学甲' });
    const exam = body<{ id: number }>(
      // the subjects 语文 and 数学 of `create`
      await create(a, { schoolId: s.id, gradeId: grade.id, name: '选人考试' }),
    ).data;
    const subjects = body<{ subjects: Array<{ id: number; course: string }> }>(
      await a.get(`/filter/api/exam/${exam.id}/detail`),
    ).data.subjects;
    const math = subjects.find((x) => x.course === '数学')!;
    const chinese = subjects.find((x) => x.course === '语文')!;
    // factory teachers teach 数学
    expect(
      body<Array<{ name: string }>>(
        await a.get(`/filter/api/school/${s.id}/teachers/all?subjectId=${math.id}`),
      ).data.map((x) => x.name),
    ).toEqual(['数学甲']);
    expect(
      body<unknown[]>(await a.get(`/filter/api/school/${s.id}/teachers/all?subjectId=${chinese.id}`)).data,
    ).toEqual([]);
    expect(
      body<Array<{ schoolName: string }>>(
        await a.get(`/filter/api/school/${s.id}/teachers/alls?examId=${exam.id}`),
      ).data,
    ).toHaveLength(1);
    expect(
      body(await a.get(`/filter/api/school/${s.id + 1000}/teachers/alls?examId=${exam.id}`)).message,
    ).toBe('该学校未参加此考试');
    expect(
      body(await teacher.get(`/filter/api/school/${s.id}/teachers/alls?examId=${exam.id}`)).message,
    ).toBe('无权限');
  });
});

describe('examinee import', () => {
  it('adds and renumbers examinees from Excel, checking every row first', async () => {
    const {
      school: s,
      grade,
      banji,
      admin: a,
    } = await buildSchoolScene(t, { name: '导入中学', students: 3 });
    const exam = body<{ id: number }>(
      await create(a, {
        schoolId: s.id,
        gradeId: grade.id,
        name: '导入考试',
        subjects: [{ course: '数学', fullScore: 100 }],
      }),
    ).data;
    await a.post(`/filter/api/exam/${exam.id}/examinees/add`, {
      classIds: [banji.id],
      rule: { kind: 'xuehao' },
    });
    const send = async (rows: Array<Array<string | number>>) => {
      const m = multipartFile(
        '考生.xlsx',
        await xlsx([['学号', '考号', '考场', '座位号', '试卷类型'], ...rows]),
      );
      return body<unknown>(
        await t.app.inject({
          method: 'POST',
          url: `/filter/api/exam/${exam.id}/examinees/import`,
          headers: { ...XHR, cookie: a.cookie, ...m.headers },
          payload: m.payload,
        }),
      );
    };
    const bad = await send([
      ['S1', 'S2', '01', 1, 'A'],
      ['S9', 'K9', '', '', 'C'],
    ]);
    expect(bad.data).toEqual([
      { row: 2, column: '考号', message: '考号 S2 已被其他考生使用' },
      { row: 3, column: '学号', message: '学号 S9 在该校不存在' },
      { row: 3, column: '试卷类型', message: '试卷类型只能填写 A 或 B' },
    ]);
    // swapping two kaohao in one file is fine
    expect(
      await send([
        ['S1', 'S2', '01', 1, 'A'],
        ['S2', 'S1', '01', 2, 'b'],
      ]),
    ).toMatchObject({ code: 0, data: { added: 0, updated: 2 } });
    const list = body<{ items: Array<{ xuehao: string; kaohao: string; paperType: string }> }>(
      await a.post(`/filter/api/exam/${exam.id}/examinees`, {}),
    ).data.items;
    expect(list.map((e) => [e.xuehao, e.kaohao, e.paperType])).toEqual([
      ['S2', 'S1', 'B'],
      ['S1', 'S2', 'A'],
      ['S3', 'S3', null],
    ]);
  });
});
