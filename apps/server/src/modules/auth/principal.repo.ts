import { sql } from 'drizzle-orm';
import type { ExamRoleGrant, Principal, UserKind } from '@yj/contracts';
import { user } from '../../db/schema';

/**
 * What a user holds (system admin flag, schools administered or taught in, exam roles), as columns of a select
 * over "user": the session lookup reads them in the same prepared statement, so a signed-in request costs one
 * round trip for its session and every capability check it makes.
 */
export const grantColumns = () => ({
  kind: sql<UserKind>`${user.kind}`,
  isAdmin: user.isAdmin,
  schoolAdminOf: sql<number[]>`coalesce((select json_agg(sa.school_id) from school_admin sa
    where sa.user_id = "user".id), '[]')`,
  teacherOf: sql<number[]>`coalesce((select json_agg(t.school_id) from teacher t
    where t.user_id = "user".id and t.deleted_at is null), '[]')`,
  examRoles: sql<ExamRoleGrant[]>`coalesce((select json_agg(json_build_object('examId', r.exam_id,
    'subjectId', r.subject_id, 'schoolId', r.school_id, 'role', r.role)) from exam_role r
    where r.user_id = "user".id), '[]')`,
});
export type Grants = Omit<Principal, 'userId'>;
