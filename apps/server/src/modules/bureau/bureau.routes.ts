import type { FastifyInstance } from 'fastify';
import { bureauContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { BureauService } from './bureau.service';

/** The bureau's screens (issue 35): its administrators, overview, a 联考's progress per school, names shared. */
export function bureauRoutes(app: FastifyInstance, d: { bureau: BureauService; scopes: ExamScopes }): void {
  const on = contractRoutes(app);
  const exam = { scope: d.scopes.examParam };
  on(c.admins, ({ params }) => d.bureau.admins(params.orgId));
  on(c.addAdmin, ({ params, body }, req) => d.bureau.addAdmin(params.orgId, body, actorOf(req)));
  on(c.adminList, ({ query }) => d.bureau.adminPage(query));
  on(c.removeAdmin, async ({ params, body }, req) => {
    await d.bureau.removeAdmin(params.orgId, body.userId, actorOf(req));
    return null;
  });
  on(c.overview, async (_in, req) => d.bureau.overview(await req.principal()));
  on(c.progress, async ({ params }, req) => d.bureau.progress(params.examId, await req.principal()), exam);
  on(
    c.namesShared,
    async ({ params, body }, req) => {
      await d.bureau.setNamesShared(params.examId, body.shared, await req.principal(), actorOf(req));
      return null;
    },
    exam,
  );
}
