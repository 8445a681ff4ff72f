import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { markingLeadContract as c, originPageParams } from '@yj/contracts';
import { contractRoutes } from '../../../plugins/contract';
import { authOf } from '../../../plugins/http';
import type { MarkingLeadViewService } from './marking-lead-view.service';
import type { MarkingOrigin } from '../origin/marking-origin';
import type { MarkingScopes } from '../marking-scope';

/**
 * 查看整卷 (issue 31): a leader handling a 问题卷 opens the student's whole paper beside it — the pages as
 * originPicAndAnswer shows them (the student's name, 考号 and barcode painted over), for whoever may lead the
 * task's block; capability subject.lead on the task's subject.
 */
export function problemOriginRoutes(
  app: FastifyInstance,
  d: { view: MarkingLeadViewService; origin: MarkingOrigin; marking: MarkingScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);
  const onTask = { scope: d.marking.taskParam };
  const me = (req: Parameters<typeof authOf>[0]) => authOf(req).userId;

  on(
    c.problemOrigin,
    async ({ params }, req) => {
      await d.view.mayLeadTask(params.taskId, await req.principal());
      return d.origin.info(params.taskId, me(req), 'lead');
    },
    onTask,
  );
  r.get(
    '/api/marking/task/:taskId/lead/origin/:page',
    { schema: { params: originPageParams }, config: { ...onTask, capability: 'subject.lead' } },
    async (req, reply) => {
      await d.view.mayLeadTask(req.params.taskId, await req.principal());
      const body = await d.origin.image(req.params.taskId, req.params.page, me(req), 'lead');
      return reply.header('cache-control', 'private, max-age=600').type('image/jpeg').send(body);
    },
  );
}
