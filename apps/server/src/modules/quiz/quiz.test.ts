import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExamType, type QuizDetail, type QuizResult } from '@yj/contracts';
import { examRole, examinee, score, teacherClass } from '../../db/schema';
import { and, eq } from 'drizzle-orm';
import { body, testApp, type TestApp, type Client } from '../../../test/app';
import { buildClassWithStudents, buildSchool, buildTeacher, signInAs } from '../../../test/factories';
import { signInSchoolAdmin } from '../../../test/school-scene';

let t: TestApp;
let classId: number;
let otherClassId: number;
let teacher: Client;
let colleagueId: number;
let colleague: Client;
let admin: Client;

beforeAll(async () => {
  t = await testApp();
  const db = t.database.db;
  const s = await buildSchool(db, { name: '小测中学' });
  classId = (await buildClassWithStudents(db, s.id, 4)).banji.id;
  otherClassId = (await buildClassWithStudents(db, s.id, 0)).banji.id;
  const tu = await buildTeacher(db, s.id, { name: '王老师' });
  await db.insert(teacherClass).values({ schoolId: s.id, userId: tu.id, classId });
  teacher = await signInAs(t, tu);
  const cu = await buildTeacher(db, s.id, { name: '李老师' });
  colleagueId = cu.id;
  colleague = await signInAs(t, cu);
  admin = await signInSchoolAdmin(t, s.id);
});
afterAll(() => t.close());

const quiz = (over: object = {}) => ({
  name: '第三周小测',
  course: '数学',
  classIds: [classId],
  options: 4,
  objectiveScore: 3,
  keys: '1-10 ABCDABCDAB',
  subjective: [{ score: 10 }, { score: 5 }],
  ...over,
});
const create = (c: Client, over: object = {}) => c.post('/filter/api/quiz/create', quiz(over));

describe('课堂小测', () => {
  let examId: number;
  let subjectId: number;

  it('offers the teacher their classes, courses and colleagues', async () => {
    const b = body<{
      classes: Array<{ classId: number; students: number }>;
      courses: string[];
      colleagues: Array<{ name: string }>;
    }>(await teacher.get('/filter/api/quiz/options'));
    expect(b.data.classes).toEqual([{ classId, name: '高一(1)班', gradeName: '高一', students: 4 }]);
    expect(b.data.courses).toEqual(['数学']);
    expect(b.data.colleagues.map((c) => c.name)).toEqual(['李老师']);
  });

  it('is created in one step: exam of type quiz, examinees, questions, one single-marked block a subjective question', async () => {
    const b = body<{ examId: number; subjectId: number }>(
      await create(teacher, { markerIds: [colleagueId] }),
    );
    expect(b.code).toBe(0);
    ({ examId, subjectId } = b.data);
    const d = body<QuizDetail>(await teacher.get(`/filter/api/quiz/${examId}`)).data;
    expect(d.fullScore).toBe(45);
    expect(d.students).toBe(4);
    expect(d.classNames).toEqual(['高一(1)班']);
    expect(d.objective.map((q) => q.answer).join('')).toBe('ABCDABCDAB');
    expect(d.subjective.map((q) => [q.no, q.score])).toEqual([
      ['11', 10],
      ['12', 5],
    ]);
    expect(d.markers.map((m) => m.name).sort()).toEqual(['李老师', '王老师']);
    expect(d.can).toEqual({ manage: true, publish: true });
    expect(d.card).toBeNull();
    const blocks = body<{ blocks: Array<{ name: string; nos: string[]; markCount: number }> }>(
      await teacher.get(`/filter/api/subject/${subjectId}/setting/block`),
    ).data.blocks;
    expect(blocks.map((x) => [x.name, x.nos, x.markCount])).toEqual([
      ['第11题', ['11'], 1],
      ['第12题', ['12'], 1],
    ]);
    const exam = body<{ type: number }>(await teacher.get(`/filter/api/exam/${examId}/detail`)).data;
    expect(exam.type).toBe(ExamType.quiz);
  });

  it('is listed for its teacher, the colleague marking it and the school administrator, not for others', async () => {
    const mine = body<{ total: number; items: Array<{ name: string; classNames: string[] }> }>(
      await teacher.post('/filter/api/quiz/list', { page: 1, size: 20 }),
    ).data;
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({ name: '第三周小测', classNames: ['高一(1)班'] });
    const theirs = body<{ total: number }>(await colleague.post('/filter/api/quiz/list', {})).data;
    expect(theirs.total).toBe(1);
    // the school's administrator sees every quiz of the school; another school's sees none of them
    expect(body<{ total: number }>(await admin.post('/filter/api/quiz/list', {})).data.total).toBe(1);
    const elsewhere = await buildSchool(t.database.db, { name: '别的中学' });
    const stranger = await signInSchoolAdmin(t, elsewhere.id);
    expect(body<{ total: number }>(await stranger.post('/filter/api/quiz/list', {})).data.total).toBe(0);
    // the school's exam list keeps quizzes apart unless asked for by type
    expect(body<{ total: number }>(await admin.post('/filter/api/exam/inSchool', {})).data.total).toBe(0);
    expect(
      body<{ total: number }>(await admin.post('/filter/api/exam/inSchool', { type: 3 })).data.total,
    ).toBe(1);
  });

  it('refuses bad keys, classes not taught, no questions, and a school admin who teaches nothing', async () => {
    const keys = body(await create(teacher, { keys: '1-10 ABCD' }));
    expect([keys.errCode, keys.message]).toEqual([12061, '第 1-10 题共 10 题，却给了 4 个答案']);
    expect(body(await create(teacher, { classIds: [otherClassId] })).message).toBe(
      '只能为自己任教的班级创建小测',
    );
    expect(body(await create(teacher, { keys: '', subjective: [] })).message).toBe(
      '请填写客观题答案或添加主观题',
    );
    expect(body(await create(teacher, { name: '' })).code).not.toBe(0);
    expect(body(await create(admin)).message).toBe('无权限');
  });

  it('lets its teacher add a colleague as marker; the colleague may not manage it', async () => {
    expect(
      body(await teacher.post(`/filter/api/quiz/${examId}/markers`, { userIds: [colleagueId] })).code,
    ).toBe(0);
    expect(body(await colleague.post(`/filter/api/quiz/${examId}/markers`, { userIds: [] })).message).toBe(
      '无权限',
    );
    expect(
      body(await teacher.post(`/filter/api/quiz/${examId}/markers`, { userIds: [999999] })).message,
    ).toBe('阅卷老师须是本校教师');
  });

  it('lets its teacher remove a colleague marker (twice changes nothing), never themselves', async () => {
    const remove = (c: Client, userId: number) =>
      c.post(`/filter/api/quiz/${examId}/markers/remove`, { userId });
    const me = body<QuizDetail>(await teacher.get(`/filter/api/quiz/${examId}`)).data.markers.find(
      (m) => m.creator,
    )!;
    expect(me.name).toBe('王老师');
    expect(body(await remove(teacher, me.userId)).errCode).toBe(12069);
    expect(body(await remove(colleague, colleagueId)).message).toBe('无权限');
    expect(body(await remove(teacher, colleagueId)).code).toBe(0);
    expect(body(await remove(teacher, colleagueId)).code).toBe(0);
    const d = body<QuizDetail>(await teacher.get(`/filter/api/quiz/${examId}`)).data;
    expect(d.markers.map((m) => [m.name, m.creator])).toEqual([['王老师', true]]);
    const roles = await t.database.db
      .select()
      .from(examRole)
      .where(and(eq(examRole.examId, examId), eq(examRole.userId, colleagueId)));
    expect(roles).toEqual([]);
    // back, for what follows
    expect(
      body(await teacher.post(`/filter/api/quiz/${examId}/markers`, { userIds: [colleagueId] })).code,
    ).toBe(0);
  });

  it('prints 个性化答题卡 from a barcode card: one page a student, refused for a 学号-bubble card', async () => {
    const card = { paper: 'A4', columns: 1, mainTemplateName: '小测答题卡' };
    const bubbles = body<{ template: { id: number } }>(
      await teacher.post(`/filter/api/subject/${subjectId}/card/save`, card),
    ).data.template.id;
    const pdfOf = (id: number) =>
      teacher.call('GET', `/filter/api/subject/${subjectId}/card/${id}/personal-pdf`);
    expect(body(await pdfOf(bubbles)).errCode).toBe(14040);
    await teacher.post(`/filter/api/subject/${subjectId}/card/save`, {
      ...card,
      templateId: bubbles,
      examNumber: { kind: 'barcode' },
    });
    const d = body<QuizDetail>(await teacher.get(`/filter/api/quiz/${examId}`)).data;
    expect(d.card).toEqual({ templateId: bubbles, current: true, barcode: true, paper: 'A4' });
    const res = await pdfOf(bubbles);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('个性化');
    const mupdf = await import('mupdf');
    const doc = mupdf.Document.openDocument(res.rawPayload, 'application/pdf');
    expect(doc.countPages()).toBe(4);
    const names = await t.database.db
      .select({ kaohao: examinee.kaohao })
      .from(examinee)
      .where(eq(examinee.examId, examId));
    const text = Array.from({ length: 4 }, (_, i) =>
      doc.loadPage(i).toStructuredText('preserve-whitespace').asText(),
    ).join('\n');
    for (const n of names) expect(text).toContain(n.kaohao);
    // a class of the school without examinees in the quiz
    expect(
      body(
        await teacher.call(
          'GET',
          `/filter/api/subject/${subjectId}/card/${bubbles}/personal-pdf?classId=${otherClassId}`,
        ),
      ).errCode,
    ).toBe(14041);
  });

  it("gives the class result from the scores: average, each question's 得分率 and who missed it", async () => {
    const db = t.database.db;
    const people = await db
      .select()
      .from(examinee)
      .where(eq(examinee.examId, examId))
      .orderBy(examinee.kaohao);
    // 学生1 full marks; 学生2 only question 1; 学生3 nothing; 学生4 缺考
    const full = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [String(i + 1), i < 10 ? 3 : i === 10 ? 10 : 5]),
    );
    const rows = [
      { total: 45, questionScores: full, absent: false },
      { total: 3, questionScores: { '1': 3 }, absent: false },
      { total: 0, questionScores: {}, absent: false },
      { total: null, questionScores: {}, absent: true },
    ];
    await db.insert(score).values(rows.map((r, i) => ({ subjectId, examineeId: people[i]!.id, ...r })));
    const r = body<QuizResult>(await teacher.get(`/filter/api/quiz/${examId}/result`)).data;
    expect([r.sat, r.absent, r.average, r.max, r.min]).toEqual([3, 1, 16, 45, 0]);
    expect(r.questions[0]).toMatchObject({ no: '1', rate: 0.6667, wrong: ['学生3'] });
    expect(r.questions[10]).toMatchObject({
      no: '11',
      answer: null,
      rate: 0.3333,
      wrong: ['学生2', '学生3'],
    });
    expect(r.students.map((s) => s.total)).toEqual([45, 3, 0, null]);
    expect(body(await colleague.get(`/filter/api/quiz/${examId}/result`)).message).toBe('无权限');
  });
});
