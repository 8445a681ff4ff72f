import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { markingLeadContract as c, taskIdParam } from '@yj/contracts';
import { fail } from '../../../errors';
import { contractRoutes } from '../../../plugins/contract';
import { actorOf } from '../../../plugins/http';
import type { ExamScopes } from '../../exam/exam-scope';
import type { HiddenProblems } from './marking-lead-view.service';
import type { MarkingScopes } from '../marking-scope';
import type { MarkingLeadViewService } from './marking-lead-view.service';
import type { MarkingLeadService } from './marking-lead.service';

/** The leaders' routes (题组长, DESIGN.md §5): capability subject.lead on the subject of the block, task or paper. */
export function markingLeadRoutes(
  app: FastifyInstance,
  d: {
    lead: MarkingLeadService;
    view: MarkingLeadViewService;
    scopes: ExamScopes;
    marking: MarkingScopes;
    /** 问题卷 on the hidden papers of 质检: a :taskId of standard_mark goes here */
    hidden?: HiddenProblems;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);
  /** The capability scope from the subject of the :paperId in the path. */
  const paperScope = async (req: FastifyRequest) => {
    const subjectId = await d.view.subjectOfPaper(Number((req.params as { paperId: unknown }).paperId));
    if (subjectId === null) throw fail('paperNotFound');
    return d.scopes.forSubject(subjectId);
  };
  const scope = { block: d.marking.blockParam, task: d.marking.taskParam, paper: paperScope };
  const lead = (kind: 'block' | 'task' | 'paper') => ({ scope: scope[kind] });

  on(c.info, async ({ params }, req) => d.view.info(params.blockId, await req.principal()), lead('block'));
  on(
    c.problems,
    async ({ params, query }, req) => d.view.problems(params.blockId, query, await req.principal()),
    lead('block'),
  );
  // the cut image for leaders and managers (the marker's image route serves holders and block leaders)
  r.get(
    '/api/marking/task/:taskId/lead/image',
    { schema: { params: taskIdParam }, config: { ...lead('task'), capability: 'subject.lead' } },
    async (req, reply) => {
      const p = await req.principal();
      const body = await (d.hidden && d.marking.isStandard(req)
        ? d.hidden.image(req.params.taskId, p)
        : d.view.image(req.params.taskId, p));
      return reply.header('cache-control', 'private, max-age=600').type('image/jpeg').send(body);
    },
  );
  on(
    c.resolve,
    async ({ params, body }, req) => {
      const p = await req.principal();
      if (d.hidden && d.marking.isStandard(req)) {
        await d.hidden.resolve(params.taskId, body, p, actorOf(req));
        return null;
      }
      return d.lead.resolve(params.taskId, body, p, actorOf(req));
    },
    lead('task'),
  );
  on(
    c.recall,
    async ({ params, body }, req) =>
      d.lead.recall(params.blockId, body.userId, await req.principal(), actorOf(req)),
    lead('block'),
  );
  on(
    c.remark,
    async ({ params, body }, req) =>
      d.lead.remark(params.blockId, body.taskIds, await req.principal(), actorOf(req)),
    lead('block'),
  );
  on(
    c.markerTasks,
    async ({ params, query }, req) =>
      d.view.markerTasks(params.blockId, params.userId, query, await req.principal()),
    lead('block'),
  );
  on(c.paper, async ({ params }, req) => d.view.paper(params.paperId, await req.principal()), lead('paper'));
  on(
    c.progress,
    async ({ params }, req) => d.view.progress(params.blockId, await req.principal()),
    lead('block'),
  );
  on(c.subjectProgress, async ({ params }, req) => d.view.subjectProgress(params.id, await req.principal()), {
    scope: d.scopes.subjectParam,
  });
}
