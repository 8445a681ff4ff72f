import { and, eq, isNull } from 'drizzle-orm';
import type { Principal } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { examRole, schoolAdmin, teacher, user } from '../../db/schema';

/** Loads what a user holds: system admin flag, schools administered or taught in, exam roles. */
export function principalRepo(db: Db) {
  return {
    async load(userId: number): Promise<Principal> {
      const [u, admins, teaches, roles] = await Promise.all([
        db.select({ isAdmin: user.isAdmin }).from(user).where(eq(user.id, userId)),
        db.select({ schoolId: schoolAdmin.schoolId }).from(schoolAdmin).where(eq(schoolAdmin.userId, userId)),
        db
          .select({ schoolId: teacher.schoolId })
          .from(teacher)
          .where(and(eq(teacher.userId, userId), isNull(teacher.deletedAt))),
        db
          .select({
            examId: examRole.examId,
            subjectId: examRole.subjectId,
            schoolId: examRole.schoolId,
            role: examRole.role,
          })
          .from(examRole)
          .where(eq(examRole.userId, userId)),
      ]);
      return {
        userId,
        isAdmin: u[0]?.isAdmin ?? false,
        schoolAdminOf: admins.map((a) => a.schoolId),
        teacherOf: teaches.map((t) => t.schoolId),
        examRoles: roles,
      };
    },
  };
}
export type PrincipalRepo = ReturnType<typeof principalRepo>;
