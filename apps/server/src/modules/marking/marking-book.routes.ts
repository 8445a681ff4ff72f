import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockIdParam,
  blockPapersQuery,
  idParam,
  myHistoryQuery,
  originPageParams,
  paperSearchQuery,
  taskIdParam,
} from '@yj/contracts';
import type { Db } from '../../infra/db';
import { authOf, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import { myHistory } from './marking-mine';
import type { MarkingOrigin } from './marking-origin';
import type { MarkingOverview } from './marking-overview';
import type { MarkingScopes } from './marking-scope';

/**
 * The marker's cross-block calls (/book/history, originPicAndAnswer) and the leaders' overview family
 * (overview/blockOrStudent, check/block, abnormal). The user's part in the block is checked by the services.
 */
export function markingBookRoutes(
  app: FastifyInstance,
  d: { db: Db; origin: MarkingOrigin; overview: MarkingOverview; scopes: ExamScopes; marking: MarkingScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const me = (req: Parameters<typeof authOf>[0]) => authOf(req).userId;
  const onTask = { capability: 'subject.mark', scope: d.marking.taskParam, keepsSessions: true } as const;
  const subjectParams = z.object({ id: idParam() });
  const leadSubject = { capability: 'subject.lead', scope: d.scopes.subjectParam } as const;

  // only the user's own marks, across exams: like review/task, any signed-in user (none: an empty list)
  r.get(
    '/api/marking/history',
    { schema: { querystring: myHistoryQuery }, config: { capability: 'home.read' } },
    async (req) => ok(await myHistory(d.db, me(req), req.query)),
  );
  r.get(
    '/api/marking/task/:taskId/origin',
    { schema: { params: taskIdParam }, config: onTask },
    async (req) => ok(await d.origin.info(req.params.taskId, me(req))),
  );
  r.get(
    '/api/marking/task/:taskId/origin/:page',
    { schema: { params: originPageParams }, config: onTask },
    async (req, reply) => {
      const body = await d.origin.image(req.params.taskId, req.params.page, me(req));
      return reply.header('cache-control', 'private, max-age=600').type('image/jpeg').send(body);
    },
  );
  r.get(
    '/api/subject/:id/marking/papers',
    { schema: { params: subjectParams, querystring: paperSearchQuery }, config: leadSubject },
    async (req) => ok(await d.overview.searchPapers(req.params.id, req.query, await req.principal())),
  );
  r.get(
    '/api/subject/:id/marking/abnormal',
    { schema: { params: subjectParams }, config: leadSubject },
    async (req) => ok(await d.overview.abnormal(req.params.id, await req.principal())),
  );
  r.get(
    '/api/marking/block/:blockId/papers',
    {
      schema: { params: blockIdParam, querystring: blockPapersQuery },
      config: { capability: 'subject.lead', scope: d.marking.blockParam },
    },
    async (req) => ok(await d.overview.blockPapers(req.params.blockId, req.query, await req.principal())),
  );
}
