import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, markingContract as c } from '@yj/contracts';
import { contractRoutes } from '../../../plugins/contract';
import { authOf } from '../../../plugins/http';
import type { reviewTasks } from './marking-counts';
import type { MarkingHistory } from '../book/marking-history';
import type { MarkingScopes } from '../marking-scope';
import type { HiddenPapers, MarkingService } from './marking.service';

const taskParams = z.object({ taskId: idParam() });

/** The marker's API (DESIGN.md §5), under /filter/api/marking/…; the user's part in the block is checked by the service. */
export function markingRoutes(
  app: FastifyInstance,
  d: {
    /** review/task: the user's blocks with their counts (marking-counts.ts) */
    tasks: (userId: number) => ReturnType<typeof reviewTasks>;
    marking: MarkingService;
    history: MarkingHistory;
    scopes: MarkingScopes;
    /** 质检: a :taskId of a 标准卷 goes here (the scope resolver tells) */
    standard?: HiddenPapers;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);
  const onBlock = { scope: d.scopes.blockParam };
  const onTask = { scope: d.scopes.taskParam };
  const me = (req: Parameters<typeof authOf>[0]) => authOf(req).userId;
  /** the 标准卷 service when the request's task is one */
  const std = (req: Parameters<typeof authOf>[0]) => (d.scopes.isStandard(req) ? d.standard : undefined);

  on(c.tasks, (_in, req) => d.tasks(me(req)));
  on(c.info, ({ params }, req) => d.marking.info(params.blockId, me(req)), onBlock);
  on(c.claim, ({ params, body }, req) => d.marking.claim(params.blockId, me(req), body), onBlock);
  on(c.history, ({ params, query }, req) => d.history.list(params.blockId, me(req), query), onBlock);
  r.get(
    '/api/marking/task/:taskId/image',
    { schema: { params: taskParams }, config: { ...onTask, capability: 'subject.mark' } },
    async (req, reply) => {
      const s = std(req);
      const body = await (s
        ? s.image(req.params.taskId, me(req))
        : d.marking.image(req.params.taskId, me(req)));
      // private: a marker's browser may keep it for the preload; no shared cache ever sees a paper
      return reply.header('cache-control', 'private, max-age=600').type('image/jpeg').send(body);
    },
  );
  on(
    c.submit,
    ({ params, body }, req) =>
      (std(req) ? d.marking.submitStandard : d.marking.submit)(params.taskId, me(req), body),
    onTask,
  );
  // skip: back to the pool, never to this marker again; release: back to the pool for anyone (page closed)
  for (const action of ['skip', 'release'] as const)
    on(
      c[action],
      async ({ params, body }, req) => {
        const s = std(req);
        if (s) await s.giveBack(params.taskId, me(req), body.leaseToken, action === 'skip');
        else await d.marking[action](params.taskId, me(req), body.leaseToken);
        return null;
      },
      onTask,
    );
  on(
    c.defer,
    ({ params, body }, req) => {
      const s = std(req);
      return s
        ? s.defer(params.taskId, me(req), body.leaseToken)
        : d.marking.defer(params.taskId, me(req), body.leaseToken);
    },
    onTask,
  );
  on(
    c.problem,
    async ({ params, body }, req) => {
      const { leaseToken, reason, note } = body;
      const s = std(req);
      if (s) await s.problem(params.taskId, me(req), leaseToken, reason, note);
      else await d.marking.problem(params.taskId, me(req), leaseToken, reason, note);
      return null;
    },
    onTask,
  );
  on(
    c.modify,
    ({ params, body }, req) => {
      const s = std(req);
      return s ? s.modify(params.taskId, me(req), body) : d.history.modify(params.taskId, me(req), body);
    },
    onTask,
  );
}
