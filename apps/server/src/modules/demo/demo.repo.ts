import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import {
  banji,
  bureauAdmin,
  grade,
  org,
  school,
  schoolAdmin,
  student,
  teacher,
  teacherClass,
  user,
} from '../../db/schema';

/** Inserts for the demo school; batched so first start stays quick. */
export function demoRepo(db: Db) {
  return {
    async hasAnyUser(): Promise<boolean> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user);
      return Number(row?.n ?? 0) > 0;
    },
    async insertOrg(row: typeof org.$inferInsert) {
      return (await db.insert(org).values(row).returning())[0]!;
    },
    async insertSchool(row: typeof school.$inferInsert) {
      return (await db.insert(school).values(row).returning())[0]!;
    },
    async insertGrade(row: typeof grade.$inferInsert) {
      return (await db.insert(grade).values(row).returning())[0]!;
    },
    async insertClass(row: typeof banji.$inferInsert) {
      return (await db.insert(banji).values(row).returning())[0]!;
    },
    async insertUsers(rows: Array<typeof user.$inferInsert>) {
      return db.insert(user).values(rows).returning({ id: user.id, account: user.account });
    },
    async insertSchoolAdmin(schoolId: number, userId: number) {
      await db.insert(schoolAdmin).values({ schoolId, userId });
    },
    async insertBureauAdmin(orgId: number, userId: number) {
      await db.insert(bureauAdmin).values({ orgId, userId });
    },
    async insertTeachers(rows: Array<typeof teacher.$inferInsert>) {
      if (rows.length) await db.insert(teacher).values(rows);
    },
    async insertTeacherClasses(rows: Array<typeof teacherClass.$inferInsert>) {
      if (rows.length) await db.insert(teacherClass).values(rows);
    },
    async insertStudents(rows: Array<typeof student.$inferInsert>) {
      for (let i = 0; i < rows.length; i += 1000) await db.insert(student).values(rows.slice(i, i + 1000));
    },

    // the demo exam's reads (demo-exam.ts): what the demo school's seed made
    async schoolByCode(code: string) {
      return (await db.select().from(school).where(eq(school.code, code)))[0];
    },
    async userIdByAccount(account: string): Promise<number | undefined> {
      return (await db.select({ id: user.id }).from(user).where(eq(user.account, account)))[0]?.id;
    },
    async gradeByName(name: string) {
      return (await db.select().from(grade).where(eq(grade.name, name)))[0];
    },
    classesOf: (gradeId: number) => db.select().from(banji).where(eq(banji.gradeId, gradeId)),

    /**
     * Fresh planner statistics: the tables were empty a moment ago, and without them the planner takes them
     * for one row each (nested loops over every student) until autovacuum gets round to them.
     */
    async analyze(): Promise<void> {
      await db.execute(sql`analyze`);
    },
  };
}
export type DemoRepo = ReturnType<typeof demoRepo>;
