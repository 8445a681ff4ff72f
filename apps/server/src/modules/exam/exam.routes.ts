import type { FastifyInstance } from 'fastify';
import { examContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import { schoolFromBody } from '../../plugins/scope';
import type { AuditQueryService } from '../audit/audit-query.service';
import type { ExamScopes } from './exam-scope';
import type { ExamService } from './exam.service';
import type { OrgService } from '../org/org.service';
import { mayIncludeSchool } from './exam-school';

export function examRoutes(
  app: FastifyInstance,
  d: { exams: ExamService; scopes: ExamScopes; log: AuditQueryService; org: OrgService },
): void {
  const on = contractRoutes(app);
  const exam = { scope: d.scopes.examParam };

  on(c.createSingle, ({ body }, req) => d.exams.createSingle(body, actorOf(req)), { scope: schoolFromBody });
  on(c.createJoint, async ({ body }, req) => d.exams.createJoint(body, await req.principal(), actorOf(req)));
  // The creation screen offers only the schools the server will accept (a bureau's view for a system admin).
  on(c.jointSchools, async (_in, req) => {
    const p = await req.principal();
    return d.org.treeOf((schoolId) => mayIncludeSchool(p, schoolId));
  });
  on(c.inSchool, async ({ body }, req) => d.exams.list(await req.principal(), body, false));
  on(c.joint, async ({ body }, req) => d.exams.list(await req.principal(), body, true));
  on(c.detail, async ({ params }, req) => d.exams.detail(params.examId, await req.principal()), exam);
  on(
    c.edit,
    async ({ params, body }, req) => {
      await d.exams.edit(params.examId, body, actorOf(req));
      return null;
    },
    exam,
  );
  on(
    c.copy,
    async ({ params }, req) => d.exams.copy(params.examId, await req.principal(), actorOf(req)),
    exam,
  );
  on(
    c.remove,
    async ({ params }, req) => {
      await d.exams.remove(params.examId, actorOf(req));
      return null;
    },
    exam,
  );
  on(
    c.hide,
    async ({ params, body }, req) => {
      await d.exams.hide(params.examId, body.hidden, actorOf(req));
      return null;
    },
    exam,
  );
  on(
    c.step,
    async ({ params, body }) => {
      await d.exams.setStep(params.examId, body.step);
      return null;
    },
    exam,
  );
  on(c.dynamicLog, ({ params, body }) => d.log.examLog(params.examId, body.page, body.size), exam);
  on(c.subject, ({ params }) => d.exams.subjectDetail(params.id), { scope: d.scopes.subjectParam });
}
