import { eq, sql } from 'drizzle-orm';
import { SubjectStatus } from '@yj/contracts';
import { bureauAdmin, examinee, org, question, school, score, student, subject } from '../src/db/schema';
import { body, type TestApp } from './app';
import { buildClassWithStudents, buildSchoolAdmin, buildTeacher, buildUser, signInAs } from './factories';

/**
 * The bureau's scene (issue 35): 示范市 with 东区 (三所: 东区一中, 二中, 三中) and 西区 (西区一中) under it, an
 * administrator of each bureau, 一中's administrator and a teacher of 一中 who becomes the union manager; 东区's
 * administrator creates 东区联考 (数学, full 100) for its three schools, each with two examinees in one class.
 */
export async function buildBureauScene(t: TestApp) {
  const db = t.database.db;
  const [city] = await db.insert(org).values({ name: '示范市教育局', level: 2 }).returning();
  const under = async (name: string) =>
    (await db.insert(org).values({ name, level: 3, parentId: city!.id }).returning())[0]!;
  const east = await under('东区教育局');
  const west = await under('西区教育局');
  const schoolIn = async (orgId: number, name: string) =>
    (await db.insert(school).values({ orgId, name }).returning())[0]!;
  const a = [
    await schoolIn(east.id, '东区一中'),
    await schoolIn(east.id, '东区二中'),
    await schoolIn(east.id, '东区三中'),
  ];
  const w = await schoolIn(west.id, '西区一中');
  const adminOf = async (orgId: number, name: string) => {
    const u = await buildUser(db, { name });
    await db.insert(bureauAdmin).values({ orgId, userId: u.id });
    return signInAs(t, u);
  };
  const cityAdmin = await adminOf(city!.id, '市教育局管理员');
  const eastAdmin = await adminOf(east.id, '东区管理员');
  const westAdmin = await adminOf(west.id, '西区管理员');
  const a1Admin = await signInAs(t, await buildSchoolAdmin(db, a[0]!.id));
  const a2Admin = await signInAs(t, await buildSchoolAdmin(db, a[1]!.id));
  const managerUser = await buildTeacher(db, a[0]!.id, { name: '联考负责人' });
  const created = body<{ id: number }>(
    await eastAdmin.post('/filter/api/exam/jointExam/create', {
      name: '东区联考',
      gradeName: '高一',
      startDate: '2026-12-01',
      schoolIds: a.map((s) => s.id),
      subjects: [{ course: '数学', fullScore: 100 }],
      unionManagerIds: [managerUser.id],
    }),
  );
  if (created.code !== 0) throw new Error(`joint exam: ${created.message}`);
  const examId = created.data.id;
  const [math] = await db.select().from(subject).where(eq(subject.examId, examId));
  const examinees: Array<{ id: number; schoolId: number; name: string }> = [];
  for (const [k, s] of a.entries()) {
    const c = await buildClassWithStudents(db, s.id, 2);
    await db
      .update(student)
      .set({ name: sql`${`${s.name.slice(2)}学生`} || ${student.xuehao}` })
      .where(eq(student.classId, c.banji.id));
    const studs = await db.select().from(student).where(eq(student.classId, c.banji.id));
    const rows = await db
      .insert(examinee)
      .values(
        studs.map((x, i) => ({
          examId,
          studentId: x.id,
          schoolId: s.id,
          classId: c.banji.id,
          kaohao: `${k + 1}00${i + 1}`,
        })),
      )
      .returning();
    rows.sort((x, y) => x.id - y.id);
    examinees.push(...rows.map((r, i) => ({ id: r.id, schoolId: s.id, name: studs[i]!.name })));
  }
  return {
    city: city!,
    east,
    west,
    schools: a,
    westSchool: w,
    cityAdmin,
    eastAdmin,
    westAdmin,
    a1Admin,
    a2Admin,
    managerUser,
    examId,
    subjectId: math!.id,
    examinees,
  };
}
export type BureauScene = Awaited<ReturnType<typeof buildBureauScene>>;

/**
 * 数学 scored and published: questions 1 (40) and 2 (60). 一中 (1) 40+50 = 90, (2) 30+40 = 70 → mean 80;
 * 二中 20+30 = 50, 40+60 = 100 → 75; 三中 10+20 = 30, the second 缺考 → 30. Whole exam 340 / 5 = 68.
 */
export async function publishBureauScores(t: TestApp, s: BureauScene): Promise<void> {
  const db = t.database.db;
  await db.insert(question).values([
    { subjectId: s.subjectId, no: '1', kind: 'subjective', score: 40, sort: 1 },
    { subjectId: s.subjectId, no: '2', kind: 'subjective', score: 60, sort: 2 },
  ]);
  const marks: Array<[number, number] | null> = [[40, 50], [30, 40], [20, 30], [40, 60], [10, 20], null];
  await db.insert(score).values(
    s.examinees.map((e, i) => {
      const m = marks[i];
      return m
        ? {
            subjectId: s.subjectId,
            examineeId: e.id,
            total: m[0] + m[1],
            objective: 0,
            subjective: m[0] + m[1],
            questionScores: { '1': m[0], '2': m[1] },
          }
        : {
            subjectId: s.subjectId,
            examineeId: e.id,
            total: null,
            objective: 0,
            subjective: 0,
            absent: true,
          };
    }),
  );
  await db.update(subject).set({ status: SubjectStatus.published }).where(eq(subject.id, s.subjectId));
}
