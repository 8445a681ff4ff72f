import type { FastifyInstance } from 'fastify';
import { examineeContract as c } from '@yj/contracts';
import { fail } from '../../errors';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import type { ExamScopes } from './exam-scope';
import type { TeacherService } from '../school/teacher.service';
import type { ExamService } from './exam.service';
import { ROLE_BY_NAME, type RoleService } from './role.service';
import { actsForSchool, requireActsForSchools, showsPhonesOf } from './exam-school';

/** A role in a URL: its index (0–9) or its spec name (reviewers, leaders …). */
function roleIndex(raw: string): number {
  const n = /^\d$/.test(raw) ? Number(raw) : ROLE_BY_NAME[raw];
  if (n === undefined) throw fail('roleUnknown', { role: raw });
  return n;
}

export function roleRoutes(
  app: FastifyInstance,
  d: { roles: RoleService; scopes: ExamScopes; teachers: TeacherService; exams: ExamService },
): void {
  const on = contractRoutes(app);
  const exam = { scope: d.scopes.examParam };

  on(c.staff, async ({ params }, req) => d.roles.staff(params.examId, await req.principal()), exam);
  on(
    c.addRole,
    async ({ params, body }, req) => d.roles.add(params.examId, body, await req.principal(), actorOf(req)),
    exam,
  );
  on(
    c.editRole,
    async ({ params, body }, req) => {
      await d.roles.edit(params.examId, params.roleId, body, await req.principal(), actorOf(req));
      return null;
    },
    exam,
  );
  on(
    c.syncRoles,
    async ({ params, body }, req) =>
      d.roles.syncToSchools(
        params.examId,
        body.fromSchoolId,
        body.toSchoolIds,
        await req.principal(),
        actorOf(req),
      ),
    exam,
  );
  on(
    c.addSubjectRole,
    async ({ params, body }, req) => {
      const scope = await d.scopes.forSubject(params.id);
      return d.roles.add(
        scope.examId!,
        { role: roleIndex(params.role), userIds: body.userIds, subjectId: params.id },
        await req.principal(),
        actorOf(req),
      );
    },
    { scope: d.scopes.subjectParam },
  );
  on(
    c.removeRole,
    async ({ params, body }, req) => {
      const { examId, ...where } = body;
      await d.roles.remove(
        examId,
        { ...where, role: roleIndex(params.role) },
        await req.principal(),
        actorOf(req),
      );
      return null;
    },
    { scope: d.scopes.examBody },
  );
  on(
    c.subjectTeachers,
    async ({ params, query }, req) => {
      const s = await d.exams.subjectDetail(query.subjectId);
      const e = await d.exams.requireExam(s.exam.id);
      const schools = await d.exams.schools(e.id);
      const asked = schools.filter((x) => x.id === params.schoolId);
      if (!asked.length) throw fail('schoolNotInExam');
      const p = await req.principal();
      requireActsForSchools(p, e, asked);
      return d.teachers.ofSchools([params.schoolId], s.subjectInfo.course, (id) => showsPhonesOf(p, e, id));
    },
    { scope: (req) => d.scopes.forSubject((req.query as { subjectId: number }).subjectId) },
  );
  on(
    c.examTeachers,
    async ({ params, query }, req) => {
      const e = await d.exams.requireExam(query.examId);
      const schoolIds = await d.exams.schoolIds(e.id);
      // The path names the asking school; the list spans the exam's schools, so it must be one of them.
      if (!schoolIds.includes(params.schoolId)) throw fail('schoolNotInThisExam');
      const p = await req.principal();
      const mine = schoolIds.filter((id) => actsForSchool(p, e, id));
      return d.teachers.ofSchools(mine, undefined, (id) => showsPhonesOf(p, e, id));
    },
    { scope: (req) => d.scopes.forExam((req.query as { examId: number }).examId) },
  );
  on(c.permission, async ({ params }, req) => d.roles.permission(params.id, await req.principal()), {
    scope: d.scopes.subjectParam,
  });
}
