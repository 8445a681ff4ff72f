import type { FastifyInstance } from 'fastify';
import { CardTemplateSchema, type CardTemplate } from '@yj/contracts';
import type { Db } from '../src/infra/db';
import { asc, eq } from 'drizzle-orm';
import { banji, examinee, grade, org, school, schoolAdmin, student, teacher, user } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/password';
import { body, signIn, type TestApp } from './app';

export const PASSWORD = 'Yuejuan-Test-26';

/** A person a factory made (with PASSWORD), signed in: one place that knows the factories' password. */
export const signInAs = (t: TestApp, person: { account: string }) => signIn(t.app, person.account, PASSWORD);

/** A stored template that reads nothing: one blank page (a scene's batch needs one; no page is recognised with it). */
export const BLANK_TEMPLATE: CardTemplate = CardTemplateSchema.parse({
  id: 'blank',
  name: '空白模板',
  pages: [{ index: 0, width: 2480, height: 3508 }],
});

let cachedHash: Promise<string> | null = null;
// One argon2 hash for all factory users keeps the suite quick; login still verifies it for real.
const passwordHash = () => (cachedHash ??= hashPassword(PASSWORD));

let seq = 0;
const next = () => ++seq + Math.floor(Math.random() * 1e6) * 100;

export async function buildSchool(db: Db, overrides: Partial<typeof school.$inferInsert> = {}) {
  const [o] = await db.insert(org).values({ name: '测试区教育局' }).returning();
  const [s] = await db
    .insert(school)
    .values({ orgId: o!.id, name: `测试中学${next()}`, ...overrides })
    .returning();
  return s!;
}

export async function buildUser(db: Db, overrides: Partial<typeof user.$inferInsert> = {}) {
  const n = next();
  const phone = `139${String(n).padStart(8, '0').slice(-8)}`;
  const [u] = await db
    .insert(user)
    .values({ account: phone, phone, name: '测试老师', passwordHash: await passwordHash(), ...overrides })
    .returning();
  return u!;
}

export async function buildSchoolAdmin(
  db: Db,
  schoolId: number,
  overrides: Partial<typeof user.$inferInsert> = {},
) {
  const u = await buildUser(db, { name: '学校管理员', ...overrides });
  await db.insert(schoolAdmin).values({ schoolId, userId: u.id });
  return u;
}

export async function buildTeacher(
  db: Db,
  schoolId: number,
  overrides: Partial<typeof user.$inferInsert> = {},
) {
  const u = await buildUser(db, overrides);
  await db.insert(teacher).values({ schoolId, userId: u.id, subjects: ['数学'] });
  return u;
}

export async function buildClassWithStudents(db: Db, schoolId: number, students: number) {
  const [g] = await db.insert(grade).values({ schoolId, name: '高一' }).returning();
  const [c] = await db.insert(banji).values({ schoolId, gradeId: g!.id, name: '高一(1)班' }).returning();
  if (students > 0) {
    await db.insert(student).values(
      Array.from({ length: students }, (_, i) => ({
        schoolId,
        classId: c!.id,
        xuehao: `S${i + 1}`,
        name: `学生${i + 1}`,
      })),
    );
  }
  return { grade: g!, banji: c! };
}

/**
 * A class of the school whose students sit the exam, one examinee a 考号 in `kaohaos` (in that order): the
 * scene a scan test uploads sheets for. The examinee rows come back in the order of `kaohaos`.
 */
export async function buildClassOfExaminees(
  db: Db,
  where: { examId: number; schoolId: number },
  kaohaos: readonly string[],
) {
  const c = await buildClassWithStudents(db, where.schoolId, kaohaos.length);
  const studs = await db.select().from(student).where(eq(student.classId, c.banji.id)).orderBy(asc(student.id));
  const rows = await db
    .insert(examinee)
    .values(studs.map((s, i) => ({ ...where, studentId: s.id, classId: c.banji.id, kaohao: kaohaos[i]! })))
    .returning();
  return { ...c, examinees: rows, ids: Object.fromEntries(rows.map((r) => [r.kaohao, r.id])) };
}

/**
 * A school with its admin and a teacher (both signed in) and a single-school exam with one subject,
 * created through the API as a school admin would.
 */
export async function buildSubjectScene(
  app: FastifyInstance,
  db: Db,
  opts: { name: string; course: string; fullScore: number },
) {
  const s = await buildSchool(db);
  const c = await buildClassWithStudents(db, s.id, 0);
  const admin = await signIn(app, (await buildSchoolAdmin(db, s.id)).account, PASSWORD);
  const teacher = await signIn(app, (await buildTeacher(db, s.id)).account, PASSWORD);
  const exam = body<{ id: number }>(
    await admin.post('/filter/api/exam/singleCreate', {
      schoolId: s.id,
      name: opts.name,
      gradeId: c.grade.id,
      startDate: '2026-11-01',
      subjects: [{ course: opts.course, fullScore: opts.fullScore }],
    }),
  ).data;
  const detail = body<{ subjects: Array<{ id: number }> }>(
    await admin.get(`/filter/api/exam/${exam.id}/detail`),
  );
  return { admin, teacher, examId: exam.id, subjectId: detail.data.subjects[0]!.id, schoolId: s.id };
}
