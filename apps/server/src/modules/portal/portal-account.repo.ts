import { and, asc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { PortalChild } from '@yj/contracts';
import { likeAnywhere, type Db } from '../../infra/db';
import { banji, grade, parentChild, school, student, studentAccount, user } from '../../db/schema';

/** The login name of a student's account: school and 学号 (学号 is unique per school only). */
export const studentLogin = (schoolId: number, xuehao: string): string => `s:${schoolId}:${xuehao}`;
/** The login name of a parent's account: their phone (kept off `user.phone`, which is the staff's). */
export const parentLogin = (phone: string): string => `p:${phone}`;

export interface AccountListRow {
  studentId: number;
  name: string;
  xuehao: string;
  classId: number;
  className: string;
  gradeName: string;
  enrolled: boolean;
  userId: number | null;
  userStatus: number | null;
  mustChange: boolean | null;
  initialPassword: string | null;
  bindingCode: string | null;
  parents: number;
}

export interface BindingMatch {
  studentId: number;
  name: string;
  enrolled: boolean;
}

const enrolled = sql<boolean>`(${student.status} = 1 and ${student.deletedAt} is null)`;

/** Student and parent accounts: the school's list and handout sheet, sign-in lookups, parents' children. */
export function portalAccountRepo(db: Db) {
  return {
    /** The school's students (enrolled, or with an account kept after they left), by class, with their accounts. */
    async list(schoolId: number, classIds: number[] | null): Promise<AccountListRow[]> {
      return db
        .select({
          studentId: student.id,
          name: student.name,
          xuehao: student.xuehao,
          classId: banji.id,
          className: banji.name,
          gradeName: grade.name,
          enrolled,
          userId: studentAccount.userId,
          userStatus: user.status,
          mustChange: user.mustChangePassword,
          initialPassword: studentAccount.initialPassword,
          bindingCode: studentAccount.bindingCode,
          parents: sql<number>`(select count(*)::int from parent_child pc where pc.student_id = ${student.id})`,
        })
        .from(student)
        .innerJoin(banji, eq(banji.id, student.classId))
        .innerJoin(grade, eq(grade.id, banji.gradeId))
        .leftJoin(studentAccount, eq(studentAccount.studentId, student.id))
        .leftJoin(user, eq(user.id, studentAccount.userId))
        .where(
          and(
            eq(student.schoolId, schoolId),
            classIds ? inArray(student.classId, classIds) : undefined,
            sql`(${enrolled} or ${studentAccount.userId} is not null)`,
          ),
        )
        .orderBy(asc(grade.sort), asc(banji.sort), asc(banji.id), asc(student.xuehao));
    },

    async classes(schoolId: number) {
      return db
        .select({ id: banji.id, name: banji.name, gradeName: grade.name })
        .from(banji)
        .innerJoin(grade, eq(grade.id, banji.gradeId))
        .where(and(eq(banji.schoolId, schoolId), isNull(banji.deletedAt), isNull(grade.deletedAt)))
        .orderBy(asc(grade.sort), asc(banji.sort), asc(banji.id));
    },

    /** Enrolled students of the school (of the classes, when given) without an account, locked for the insert. */
    async withoutAccount(schoolId: number, classIds: number[] | null) {
      return db
        .select({ id: student.id, name: student.name, xuehao: student.xuehao })
        .from(student)
        .leftJoin(studentAccount, eq(studentAccount.studentId, student.id))
        .where(
          and(
            eq(student.schoolId, schoolId),
            enrolled,
            isNull(studentAccount.userId),
            classIds ? inArray(student.classId, classIds) : undefined,
          ),
        )
        .for('update', { of: student });
    },

    async insertUsers(rows: (typeof user.$inferInsert)[]): Promise<{ id: number; account: string }[]> {
      if (!rows.length) return [];
      return db.insert(user).values(rows).returning({ id: user.id, account: user.account });
    },

    async insertAccounts(rows: (typeof studentAccount.$inferInsert)[]): Promise<void> {
      if (rows.length) await db.insert(studentAccount).values(rows);
    },

    async accountOf(schoolId: number, studentId: number) {
      const [row] = await db
        .select({ userId: studentAccount.userId })
        .from(studentAccount)
        .where(and(eq(studentAccount.schoolId, schoolId), eq(studentAccount.studentId, studentId)));
      return row ?? null;
    },

    /** A new initial password: shown on the sheet, to be changed at the next sign-in. */
    async resetPassword(studentId: number, userId: number, passwordHash: string, plain: string) {
      await db
        .update(user)
        .set({ passwordHash, mustChangePassword: true, passwordChangedAt: new Date() })
        .where(eq(user.id, userId));
      await db
        .update(studentAccount)
        .set({ initialPassword: plain })
        .where(eq(studentAccount.studentId, studentId));
    },

    /** The student behind a student account, and whether they are still at the school. */
    async studentOfUser(userId: number): Promise<{ studentId: number; enrolled: boolean } | null> {
      const [row] = await db
        .select({ studentId: student.id, enrolled })
        .from(studentAccount)
        .innerJoin(student, eq(student.id, studentAccount.studentId))
        .where(eq(studentAccount.userId, userId));
      return row ?? null;
    },

    async findUser(account: string) {
      const [row] = await db
        .select()
        .from(user)
        .where(sql`lower(${user.account}) = lower(${account})`)
        .limit(1);
      return row ?? null;
    },

    async findUserById(id: number) {
      const [row] = await db.select().from(user).where(eq(user.id, id)).limit(1);
      return row ?? null;
    },

    async schoolName(id: number): Promise<string | null> {
      const [row] = await db.select({ name: school.name }).from(school).where(eq(school.id, id));
      return row?.name ?? null;
    },

    async schools(q: string): Promise<{ id: number; name: string }[]> {
      const pattern = likeAnywhere(q);
      return db
        .select({ id: school.id, name: school.name })
        .from(school)
        .where(and(ilike(school.name, pattern), isNull(school.deletedAt)))
        .orderBy(asc(school.name))
        .limit(20);
    },

    async schoolById(id: number): Promise<{ id: number; name: string } | null> {
      const [row] = await db
        .select({ id: school.id, name: school.name })
        .from(school)
        .where(and(eq(school.id, id), isNull(school.deletedAt)));
      return row ?? null;
    },

    /** Children as the portal lists them: the student themselves, or a parent's bound children. */
    async children(studentIds: number[]): Promise<PortalChild[]> {
      if (!studentIds.length) return [];
      return db
        .select({
          studentId: student.id,
          name: student.name,
          xuehao: student.xuehao,
          className: banji.name,
          schoolName: school.name,
        })
        .from(student)
        .innerJoin(banji, eq(banji.id, student.classId))
        .innerJoin(school, eq(school.id, student.schoolId))
        .where(inArray(student.id, studentIds))
        .orderBy(asc(student.id));
    },

    async childIdsOf(parentId: number): Promise<number[]> {
      const rows = await db
        .select({ id: parentChild.studentId })
        .from(parentChild)
        .where(eq(parentChild.parentId, parentId))
        .orderBy(asc(parentChild.createdAt));
      return rows.map((r) => r.id);
    },

    /** The student a binding code names, with the name and 学号 to check it against. */
    async byBindingCode(code: string): Promise<(BindingMatch & { xuehao: string }) | null> {
      const [row] = await db
        .select({ studentId: student.id, name: student.name, xuehao: student.xuehao, enrolled })
        .from(studentAccount)
        .innerJoin(student, eq(student.id, studentAccount.studentId))
        .where(eq(studentAccount.bindingCode, code.toUpperCase()));
      return row ?? null;
    },

    /** The child's parents, the child's row locked: two binding at once never make a third. */
    async parentsOfLocked(studentId: number): Promise<number[]> {
      await db.select({ id: student.id }).from(student).where(eq(student.id, studentId)).for('update');
      const rows = await db
        .select({ id: parentChild.parentId })
        .from(parentChild)
        .where(eq(parentChild.studentId, studentId));
      return rows.map((r) => r.id);
    },

    async bind(parentId: number, studentId: number): Promise<void> {
      await db.insert(parentChild).values({ parentId, studentId }).onConflictDoNothing();
    },

    async unbind(parentId: number, studentId: number): Promise<number> {
      const rows = await db
        .delete(parentChild)
        .where(and(eq(parentChild.parentId, parentId), eq(parentChild.studentId, studentId)))
        .returning({ id: parentChild.studentId });
      return rows.length;
    },

    async insertParent(row: typeof user.$inferInsert): Promise<typeof user.$inferSelect> {
      const [created] = await db.insert(user).values(row).onConflictDoNothing().returning();
      return created ?? (await this.findUser(row.account))!;
    },

    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await db
        .update(user)
        .set({ passwordHash, mustChangePassword: false, passwordChangedAt: new Date() })
        .where(eq(user.id, userId));
      await db.update(studentAccount).set({ initialPassword: null }).where(eq(studentAccount.userId, userId));
    },
  };
}
export type PortalAccountRepo = ReturnType<typeof portalAccountRepo>;
