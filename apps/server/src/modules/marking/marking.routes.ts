import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockIdParam,
  idParam,
  markClaim,
  markHistoryQuery,
  markLease,
  markModify,
  markProblemInput,
  markSubmit,
} from '@yj/contracts';
import { authOf, ok } from '../../plugins/http';
import { reviewTasks } from './marking-counts';
import type { MarkingHistory } from './marking-history';
import type { MarkingScopes } from './marking-scope';
import type { MarkingService } from './marking.service';
import type { StandardService } from '../trial/standard.service';
import type { Db } from '../../infra/db';

const taskParams = z.object({ taskId: idParam() });

/** The marker's API (DESIGN.md §5), under /filter/api/marking/…; the user's part in the block is checked by the service. */
export function markingRoutes(
  app: FastifyInstance,
  d: {
    db: Db;
    marking: MarkingService;
    history: MarkingHistory;
    scopes: MarkingScopes;
    /** 质检: a :taskId of a 标准卷 goes here (the scope resolver tells) */
    standard?: StandardService;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // a marker's calls change tasks, never a session or a grant: remembered sessions stay (session.service)
  const onBlock = { capability: 'subject.mark', scope: d.scopes.blockParam, keepsSessions: true } as const;
  const onTask = { capability: 'subject.mark', scope: d.scopes.taskParam, keepsSessions: true } as const;
  const me = (req: Parameters<typeof authOf>[0]) => authOf(req).userId;
  /** the 标准卷 service when the request's task is one */
  const std = (req: Parameters<typeof authOf>[0]) => (d.scopes.isStandard(req) ? d.standard : undefined);

  r.get('/api/marking/tasks', { config: { capability: 'home.read' } }, async (req) =>
    ok(await reviewTasks(d.db, me(req))),
  );
  r.get(
    '/api/marking/block/:blockId/info',
    { schema: { params: blockIdParam }, config: onBlock },
    async (req) => ok(await d.marking.info(req.params.blockId, me(req))),
  );
  r.post(
    '/api/marking/block/:blockId/claim',
    { schema: { params: blockIdParam, body: markClaim }, config: onBlock },
    async (req) => ok(await d.marking.claim(req.params.blockId, me(req), req.body)),
  );
  r.get(
    '/api/marking/block/:blockId/history',
    { schema: { params: blockIdParam, querystring: markHistoryQuery }, config: onBlock },
    async (req) => ok(await d.history.list(req.params.blockId, me(req), req.query)),
  );
  r.get(
    '/api/marking/task/:taskId/image',
    { schema: { params: taskParams }, config: onTask },
    async (req, reply) => {
      const s = std(req);
      const body = await (s
        ? s.image(req.params.taskId, me(req))
        : d.marking.image(req.params.taskId, me(req)));
      // private: a marker's browser may keep it for the preload; no shared cache ever sees a paper
      return reply.header('cache-control', 'private, max-age=600').type('image/jpeg').send(body);
    },
  );
  r.post(
    '/api/marking/task/:taskId/submit',
    { schema: { params: taskParams, body: markSubmit }, config: onTask },
    async (req) =>
      ok(
        await (std(req) ? d.marking.submitStandard : d.marking.submit)(req.params.taskId, me(req), req.body),
      ),
  );
  // skip: back to the pool, never to this marker again; release: back to the pool for anyone (page closed)
  for (const action of ['skip', 'release'] as const)
    r.post(
      `/api/marking/task/:taskId/${action}`,
      { schema: { params: taskParams, body: markLease }, config: onTask },
      async (req) => {
        const s = std(req);
        if (s) await s.giveBack(req.params.taskId, me(req), req.body.leaseToken, action === 'skip');
        else await d.marking[action](req.params.taskId, me(req), req.body.leaseToken);
        return ok(null);
      },
    );
  r.post(
    '/api/marking/task/:taskId/defer',
    { schema: { params: taskParams, body: markLease }, config: onTask },
    async (req) => {
      const s = std(req);
      const token = req.body.leaseToken;
      return ok(
        await (s
          ? s.defer(req.params.taskId, me(req), token)
          : d.marking.defer(req.params.taskId, me(req), token)),
      );
    },
  );
  r.post(
    '/api/marking/task/:taskId/problem',
    { schema: { params: taskParams, body: markProblemInput }, config: onTask },
    async (req) => {
      const { leaseToken, reason, note } = req.body;
      const s = std(req);
      if (s) await s.problem(req.params.taskId, me(req), leaseToken, reason, note);
      else await d.marking.problem(req.params.taskId, me(req), leaseToken, reason, note);
      return ok(null);
    },
  );
  r.post(
    '/api/marking/task/:taskId/modify',
    { schema: { params: taskParams, body: markModify }, config: onTask },
    async (req) => {
      const s = std(req);
      return ok(
        await (s
          ? s.modify(req.params.taskId, me(req), req.body)
          : d.history.modify(req.params.taskId, me(req), req.body)),
      );
    },
  );
}
