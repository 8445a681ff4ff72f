import { eq, sql } from 'drizzle-orm';
import type { ExamRoleGrant, Principal } from '@yj/contracts';
import type { Db } from '../../infra/db';
import { user } from '../../db/schema';

/** Loads what a user holds: system admin flag, schools administered or taught in, exam roles. */
export function principalRepo(db: Db) {
  // Every capability check runs this: one statement (not one per table), prepared once, so the database and the
  // query builder do the least work per request.
  const load = db
    .select({
      isAdmin: user.isAdmin,
      // Plain column names: drizzle leaves columns unqualified in a one-table select, which a subquery would misread.
      schoolAdminOf: sql<number[]>`coalesce((select json_agg(sa.school_id) from school_admin sa
        where sa.user_id = "user".id), '[]')`,
      teacherOf: sql<number[]>`coalesce((select json_agg(t.school_id) from teacher t
        where t.user_id = "user".id and t.deleted_at is null), '[]')`,
      examRoles: sql<ExamRoleGrant[]>`coalesce((select json_agg(json_build_object('examId', r.exam_id,
        'subjectId', r.subject_id, 'schoolId', r.school_id, 'role', r.role)) from exam_role r
        where r.user_id = "user".id), '[]')`,
    })
    .from(user)
    .where(eq(user.id, sql.placeholder('userId')))
    .prepare('principal_load');

  return {
    async load(userId: number): Promise<Principal> {
      const [p] = await load.execute({ userId });
      return {
        userId,
        isAdmin: p?.isAdmin ?? false,
        schoolAdminOf: p?.schoolAdminOf ?? [],
        teacherOf: p?.teacherOf ?? [],
        examRoles: p?.examRoles ?? [],
      };
    },
  };
}
export type PrincipalRepo = ReturnType<typeof principalRepo>;
