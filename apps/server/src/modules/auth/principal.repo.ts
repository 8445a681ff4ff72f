import { sql } from 'drizzle-orm';
import type { BureauGrant, ExamRoleGrant, Principal, UserKind } from '@yj/contracts';
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
  // A bureau's own exams (exam.org_id in its subtree) come as the creator's standing, role 0, for the whole exam:
  // the bureau runs them, so every exam rule of the table holds for its administrators unchanged (issue 35).
  examRoles: sql<ExamRoleGrant[]>`coalesce((select json_agg(g) from (
    select json_build_object('examId', r.exam_id, 'subjectId', r.subject_id, 'schoolId', r.school_id,
      'role', r.role) as g from exam_role r where r.user_id = "user".id
    union all
    select json_build_object('examId', e.id, 'subjectId', null, 'schoolId', null, 'role', 0) from exam e
      where e.deleted_at is null and e.org_id in (select t.id from bureau_admin ba, bureau_subtree(ba.org_id) t(id)
        where ba.user_id = "user".id)) x), '[]')`,
  bureaus: sql<BureauGrant[]>`coalesce((select json_agg(json_build_object('orgId', ba.org_id,
    'orgs', (select json_agg(t.id) from bureau_subtree(ba.org_id) t(id)),
    'schools', coalesce((select json_agg(s.id order by s.id) from school s where s.deleted_at is null
      and s.org_id in (select t.id from bureau_subtree(ba.org_id) t(id))), '[]')) order by ba.org_id)
    from bureau_admin ba where ba.user_id = "user".id), '[]')`,
});
export type Grants = Omit<Principal, 'userId'>;
