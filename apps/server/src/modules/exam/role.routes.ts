import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, roleAdd } from '@yj/contracts';
import { fail } from '../../errors';
import { actorOf, ok } from '../../plugins/http';
import type { ExamScopes } from './exam-scope';
import type { TeacherService } from '../school/teacher.service';
import type { ExamService } from './exam.service';
import { ROLE_BY_NAME, type RoleService } from './role.service';

const examParams = z.object({ examId: z.coerce.number().int().positive() });
const id = z.number().int().positive();

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

  r.get('/api/exam/:examId/staff', { schema: { params: examParams }, config: manage }, async (req) => {
    const scope = await d.scopes.forExam(req.params.examId);
    return ok(await d.roles.staff(req.params.examId, can(await req.principal(), 'exam.phone.view', scope)));
  });
  r.post(
    '/api/exam/:examId/role',
    { schema: { params: examParams, body: roleAdd }, config: manage },
    async (req) => ok(await d.roles.add(req.params.examId, req.body, actorOf(req))),
  );
  r.post(
    '/api/exam/:examId/role/:roleId/edit',
    {
      schema: {
        params: examParams.extend({ roleId: z.coerce.number().int().positive() }),
        body: z.object({ subjectId: id.nullable(), schoolId: id.nullable() }),
      },
      config: manage,
    },
    async (req) => {
      await d.roles.edit(req.params.examId, req.params.roleId, req.body, actorOf(req));
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
          actorOf(req),
        ),
      ),
  );
  // spec §7: POST /api/subject/{id}/{role} adds people to a subject role
  r.post(
    '/api/subject/:id/:role',
    {
      schema: {
        params: z.object({ id: z.coerce.number().int().positive(), role: z.string().max(20) }),
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
        params: z.object({ role: z.string().max(20) }),
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
      await d.roles.remove(examId, { ...where, role: roleIndex(req.params.role) }, actorOf(req));
      return ok(null);
    },
  );
  // spec §7: teachers/all?subjectId= — the school's teachers of that subject's course, to pick reviewers from
  r.get(
    '/api/school/:schoolId/teachers/all',
    {
      schema: {
        params: z.object({ schoolId: z.coerce.number().int().positive() }),
        querystring: z.object({ subjectId: z.coerce.number().int().positive() }),
      },
      config: {
        capability: 'exam.manage',
        scope: (req) => d.scopes.forSubject((req.query as { subjectId: number }).subjectId),
      },
    },
    async (req) => {
      const s = await d.exams.subjectDetail(req.query.subjectId);
      const scope = await d.scopes.forSubject(req.query.subjectId);
      if (!(await d.exams.schoolIds(s.exam.id)).includes(req.params.schoolId))
        throw fail('学校未参加本次考试');
      return ok(
        await d.teachers.ofSchools(
          [req.params.schoolId],
          s.subjectInfo.course,
          can(await req.principal(), 'exam.phone.view', scope),
        ),
      );
    },
  );
  // spec §7: teachers/alls?examId= — teachers of every school taking part in the exam
  r.get(
    '/api/school/:schoolId/teachers/alls',
    {
      schema: {
        params: z.object({ schoolId: z.coerce.number().int().positive() }),
        querystring: z.object({ examId: z.coerce.number().int().positive() }),
      },
      config: {
        capability: 'exam.manage',
        scope: (req) => d.scopes.forExam((req.query as { examId: number }).examId),
      },
    },
    async (req) => {
      const scope = await d.scopes.forExam(req.query.examId);
      const showPhones = can(await req.principal(), 'exam.phone.view', scope);
      const schoolIds = await d.exams.schoolIds(req.query.examId);
      // The path names the asking school; the list spans every school of the exam, so it must be one of them.
      if (!schoolIds.includes(req.params.schoolId)) throw fail('该学校未参加此考试');
      return ok(await d.teachers.ofSchools(schoolIds, undefined, showPhones));
    },
  );
  r.get(
    '/yue/api/subject/:id/operation/permission',
    {
      schema: { params: z.object({ id: z.coerce.number().int().positive() }) },
      config: { capability: 'exam.read', scope: d.scopes.subjectParam },
    },
    async (req) => ok(await d.roles.permission(req.params.id, await req.principal())),
  );
}
