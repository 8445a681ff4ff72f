import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id as recordId, idParam, text } from '@yj/contracts';
import { roleAdd } from '@yj/contracts';
import { fail } from '../../errors';
import { actorOf, ok } from '../../plugins/http';
import type { ExamScopes } from './exam-scope';
import type { TeacherService } from '../school/teacher.service';
import type { ExamService } from './exam.service';
import { ROLE_BY_NAME, type RoleService } from './role.service';
import { actsForSchool, requireActsForSchools, showsPhonesOf } from './exam-school';

const examParams = z.object({ examId: idParam() });
const id = recordId();

/** A role in a URL: its index (0–9) or its spec name (reviewers, leaders …). */
function roleIndex(raw: string): number {
  const n = /^\d$/.test(raw) ? Number(raw) : ROLE_BY_NAME[raw];
  if (n === undefined) throw fail(`未知角色：${raw}`);
  return n;
}

export function roleRoutes(
  app: FastifyInstance,
  d: { roles: RoleService; scopes: ExamScopes; teachers: TeacherService; exams: ExamService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = { capability: 'exam.manage' as const, scope: d.scopes.examParam };

  r.get('/api/exam/:examId/staff', { schema: { params: examParams }, config: manage }, async (req) =>
    ok(await d.roles.staff(req.params.examId, await req.principal())),
  );
  r.post(
    '/api/exam/:examId/role',
    { schema: { params: examParams, body: roleAdd }, config: manage },
    async (req) => ok(await d.roles.add(req.params.examId, req.body, await req.principal(), actorOf(req))),
  );
  r.post(
    '/api/exam/:examId/role/:roleId/edit',
    {
      schema: {
        params: examParams.extend({ roleId: idParam() }),
        body: z.object({ subjectId: id.nullable(), schoolId: id.nullable() }),
      },
      config: manage,
    },
    async (req) => {
      await d.roles.edit(req.params.examId, req.params.roleId, req.body, await req.principal(), actorOf(req));
      return ok(null);
    },
  );
  r.post(
    '/api/exam/:examId/role/sync',
    {
      schema: {
        params: examParams,
        body: z.object({ fromSchoolId: id, toSchoolIds: z.array(id).min(1).max(500) }),
      },
      config: manage,
    },
    async (req) =>
      ok(
        await d.roles.syncToSchools(
          req.params.examId,
          req.body.fromSchoolId,
          req.body.toSchoolIds,
          await req.principal(),
          actorOf(req),
        ),
      ),
  );
  // spec §7: POST /api/subject/{id}/{role} adds people to a subject role
  r.post(
    '/api/subject/:id/:role',
    {
      schema: {
        params: z.object({ id: idParam(), role: text().max(20) }),
        body: z.object({ userIds: z.array(id).min(1, '请选择人员').max(500) }),
      },
      config: { capability: 'exam.manage', scope: d.scopes.subjectParam },
    },
    async (req) => {
      const scope = await d.scopes.forSubject(req.params.id);
      return ok(
        await d.roles.add(
          scope.examId!,
          { role: roleIndex(req.params.role), userIds: req.body.userIds, subjectId: req.params.id },
          await req.principal(),
          actorOf(req),
        ),
      );
    },
  );
  // spec §7: DELETE /api/exam/role/{role}
  r.delete(
    '/api/exam/role/:role',
    {
      schema: {
        params: z.object({ role: text().max(20) }),
        body: z.object({
          examId: id,
          userId: id,
          subjectId: id.nullable().default(null),
          schoolId: id.nullable().default(null),
        }),
      },
      config: { capability: 'exam.manage', scope: d.scopes.examBody },
    },
    async (req) => {
      const { examId, ...where } = req.body;
      await d.roles.remove(
        examId,
        { ...where, role: roleIndex(req.params.role) },
        await req.principal(),
        actorOf(req),
      );
      return ok(null);
    },
  );
  // spec §7: teachers/all?subjectId= — the school's teachers of that subject's course, to pick reviewers from
  r.get(
    '/api/school/:schoolId/teachers/all',
    {
      schema: {
        params: z.object({ schoolId: idParam() }),
        querystring: z.object({ subjectId: idParam() }),
      },
      config: {
        capability: 'exam.manage',
        scope: (req) => d.scopes.forSubject((req.query as { subjectId: number }).subjectId),
      },
    },
    async (req) => {
      const s = await d.exams.subjectDetail(req.query.subjectId);
      const e = await d.exams.requireExam(s.exam.id);
      const schools = await d.exams.schools(e.id);
      const asked = schools.filter((x) => x.id === req.params.schoolId);
      if (!asked.length) throw fail('学校未参加本次考试');
      const p = await req.principal();
      requireActsForSchools(p, e, asked);
      return ok(
        await d.teachers.ofSchools([req.params.schoolId], s.subjectInfo.course, (id) =>
          showsPhonesOf(p, e, id),
        ),
      );
    },
  );
  // spec §7: teachers/alls?examId= — teachers of the exam's schools the asker has a role in
  r.get(
    '/api/school/:schoolId/teachers/alls',
    {
      schema: {
        params: z.object({ schoolId: idParam() }),
        querystring: z.object({ examId: idParam() }),
      },
      config: {
        capability: 'exam.manage',
        scope: (req) => d.scopes.forExam((req.query as { examId: number }).examId),
      },
    },
    async (req) => {
      const e = await d.exams.requireExam(req.query.examId);
      const schoolIds = await d.exams.schoolIds(e.id);
      // The path names the asking school; the list spans the exam's schools, so it must be one of them.
      if (!schoolIds.includes(req.params.schoolId)) throw fail('该学校未参加此考试');
      const p = await req.principal();
      const mine = schoolIds.filter((id) => actsForSchool(p, e, id));
      return ok(await d.teachers.ofSchools(mine, undefined, (id) => showsPhonesOf(p, e, id)));
    },
  );
  r.get(
    '/yue/api/subject/:id/operation/permission',
    {
      schema: { params: z.object({ id: idParam() }) },
      config: { capability: 'exam.read', scope: d.scopes.subjectParam },
    },
    async (req) => ok(await d.roles.permission(req.params.id, await req.principal())),
  );
}
