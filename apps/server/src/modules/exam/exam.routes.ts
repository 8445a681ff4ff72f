import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, int } from '@yj/contracts';
import { examEdit, examListQuery, jointExamCreate, pageQuery, singleExamCreate } from '@yj/contracts';
import { actorOf, ok } from '../../plugins/http';
import { schoolFromBody } from '../../plugins/scope';
import type { AuditQueryService } from '../audit/audit-query.service';
import type { ExamScopes } from './exam-scope';
import type { ExamService } from './exam.service';
import type { OrgService } from '../org/org.service';
import { mayIncludeSchool } from './exam-school';

const examParams = z.object({ examId: idParam() });
const subjectParams = z.object({ id: idParam() });

export function examRoutes(
  app: FastifyInstance,
  d: { exams: ExamService; scopes: ExamScopes; log: AuditQueryService; org: OrgService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = { capability: 'exam.manage' as const, scope: d.scopes.examParam };
  const read = { capability: 'exam.read' as const, scope: d.scopes.examParam };

  r.post(
    '/api/exam/singleCreate',
    { schema: { body: singleExamCreate }, config: { capability: 'exam.create', scope: schoolFromBody } },
    async (req) => ok(await d.exams.createSingle(req.body, actorOf(req))),
  );
  r.post(
    '/api/exam/jointExam/create',
    { schema: { body: jointExamCreate }, config: { capability: 'exam.createJoint' } },
    async (req) => ok(await d.exams.createJoint(req.body, await req.principal(), actorOf(req))),
  );
  // The creation screen offers only the schools the server will accept (a bureau's view for a system admin).
  r.get('/api/exam/jointExam/schools', { config: { capability: 'exam.createJoint' } }, async (req) => {
    const p = await req.principal();
    return ok(await d.org.treeOf((schoolId) => mayIncludeSchool(p, schoolId)));
  });
  r.post(
    '/api/exam/inSchool',
    { schema: { body: examListQuery }, config: { capability: 'home.read' } },
    async (req) => ok(await d.exams.list(await req.principal(), req.body, false)),
  );
  r.post(
    '/api/exam/jointExam/home',
    { schema: { body: examListQuery }, config: { capability: 'home.read' } },
    async (req) => ok(await d.exams.list(await req.principal(), req.body, true)),
  );
  r.get('/api/exam/:examId/detail', { schema: { params: examParams }, config: read }, async (req) =>
    ok(await d.exams.detail(req.params.examId, await req.principal())),
  );
  r.post(
    '/api/exam/:examId/edit',
    { schema: { params: examParams, body: examEdit }, config: manage },
    async (req) => {
      await d.exams.edit(req.params.examId, req.body, actorOf(req));
      return ok(null);
    },
  );
  r.post('/api/exam/:examId/copy', { schema: { params: examParams }, config: manage }, async (req) =>
    ok(await d.exams.copy(req.params.examId, await req.principal(), actorOf(req))),
  );
  r.delete('/api/exam/:examId', { schema: { params: examParams }, config: manage }, async (req) => {
    await d.exams.remove(req.params.examId, actorOf(req));
    return ok(null);
  });
  r.post(
    '/api/exam/:examId/hide',
    { schema: { params: examParams, body: z.object({ hidden: z.boolean() }) }, config: manage },
    async (req) => {
      await d.exams.hide(req.params.examId, req.body.hidden, actorOf(req));
      return ok(null);
    },
  );
  r.post(
    '/api/exam/:examId/step',
    {
      schema: { params: examParams, body: z.object({ step: int(1, 4) }) },
      config: manage,
    },
    async (req) => {
      await d.exams.setStep(req.params.examId, req.body.step);
      return ok(null);
    },
  );
  r.post(
    '/api/exam/:examId/dynamicLog',
    { schema: { params: examParams, body: pageQuery }, config: manage },
    async (req) => ok(await d.log.examLog(req.params.examId, req.body.page, req.body.size)),
  );
  r.get(
    '/api/subject/:id/detail',
    { schema: { params: subjectParams }, config: { capability: 'exam.read', scope: d.scopes.subjectParam } },
    async (req) => ok(await d.exams.subjectDetail(req.params.id)),
  );
}
