import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { markingContract, markingLeadContract, originPageParams } from '@yj/contracts';
import { contractRoutes } from '../../../plugins/contract';
import { authOf } from '../../../plugins/http';
import type { ExamScopes } from '../../exam/exam-scope';
import type { MyHistory } from './marking-mine';
import type { MarkingOrigin } from '../origin/marking-origin';
import type { MarkingOverview } from '../overview/marking-overview';
import type { MarkingScopes } from '../marking-scope';

/**
 * The marker's cross-block calls (/book/history, originPicAndAnswer) and the leaders' overview family
 * (overview/blockOrStudent, check/block, abnormal). The user's part in the block is checked by the services.
 */
export function markingBookRoutes(
  app: FastifyInstance,
  d: {
    /** /book/history: the user's own marks across blocks (marking-mine.ts) */
    mine: MyHistory;
    origin: MarkingOrigin;
    overview: MarkingOverview;
    scopes: ExamScopes;
    marking: MarkingScopes;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);
  const c = markingContract;
  const lead = markingLeadContract;
  const me = (req: Parameters<typeof authOf>[0]) => authOf(req).userId;
  const onTask = { scope: d.marking.taskParam };
  const leadSubject = { scope: d.scopes.subjectParam };

  // only the user's own marks, across exams: like review/task, any signed-in user (none: an empty list)
  on(c.myHistory, ({ query }, req) => d.mine(me(req), query));
  on(c.origin, ({ params }, req) => d.origin.info(params.taskId, me(req)), onTask);
  r.get(
    '/api/marking/task/:taskId/origin/:page',
    { schema: { params: originPageParams }, config: { ...onTask, capability: 'subject.mark' } },
    async (req, reply) => {
      const body = await d.origin.image(req.params.taskId, req.params.page, me(req));
      return reply.header('cache-control', 'private, max-age=600').type('image/jpeg').send(body);
    },
  );
  on(
    lead.searchPapers,
    async ({ params, query }, req) => d.overview.searchPapers(params.id, query, await req.principal()),
    leadSubject,
  );
  on(
    lead.abnormal,
    async ({ params }, req) => d.overview.abnormal(params.id, await req.principal()),
    leadSubject,
  );
  on(
    lead.blockPapers,
    async ({ params, query }, req) => d.overview.blockPapers(params.blockId, query, await req.principal()),
    { scope: d.marking.blockParam },
  );
}
