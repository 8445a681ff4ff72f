import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockIdParam,
  idParam,
  leadMarkerParams,
  markerTasksQuery,
  paperIdParam,
  problemListQuery,
  problemResolve,
  recallInput,
  remarkInput,
  taskIdParam,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import { actorOf, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { HiddenProblems } from '../quality/hidden-problems';
import type { MarkingScopes } from './marking-scope';
import type { MarkingLeadViewService } from './marking-lead-view.service';
import { markingLeadRepo } from './marking-lead.repo';
import type { MarkingLeadService } from './marking-lead.service';

/** The leaders' routes (题组长, DESIGN.md §5): capability subject.lead on the subject of the block, task or paper. */
export function markingLeadRoutes(
  app: FastifyInstance,
  d: {
    db: Db;
    lead: MarkingLeadService;
    view: MarkingLeadViewService;
    scopes: ExamScopes;
    marking: MarkingScopes;
    /** 问题卷 on the hidden papers of 质检: a :taskId of standard_mark goes here */
    hidden?: HiddenProblems;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The capability scope from the subject of the :paperId in the path. */
  const paperScope = async (req: FastifyRequest) => {
    const subjectId = await markingLeadRepo(d.db).subjectOfPaper(
      Number((req.params as { paperId: unknown }).paperId),
    );
    if (subjectId === null) throw fail('答题卡不存在或已删除');
    return d.scopes.forSubject(subjectId);
  };
  const scope = { block: d.marking.blockParam, task: d.marking.taskParam, paper: paperScope };
  const lead = (kind: 'block' | 'task' | 'paper') => ({
    capability: 'subject.lead' as const,
    scope: scope[kind],
  });

  r.get(
    '/api/marking/block/:blockId/lead',
    { schema: { params: blockIdParam }, config: lead('block') },
    async (req) => ok(await d.view.info(req.params.blockId, await req.principal())),
  );
  r.get(
    '/api/marking/block/:blockId/problems',
    { schema: { params: blockIdParam, querystring: problemListQuery }, config: lead('block') },
    async (req) => ok(await d.view.problems(req.params.blockId, req.query, await req.principal())),
  );
  // the cut image for leaders and managers (the marker's image route serves holders and block leaders)
  r.get(
    '/api/marking/task/:taskId/lead/image',
    { schema: { params: taskIdParam }, config: lead('task') },
    async (req, reply) => {
      const p = await req.principal();
      const body = await (d.hidden && d.marking.isStandard(req)
        ? d.hidden.image(req.params.taskId, p)
        : d.view.image(req.params.taskId, p));
      return reply.header('cache-control', 'private, max-age=600').type('image/jpeg').send(body);
    },
  );
  r.post(
    '/api/marking/task/:taskId/resolve',
    { schema: { params: taskIdParam, body: problemResolve }, config: lead('task') },
    async (req) => {
      const p = await req.principal();
      if (d.hidden && d.marking.isStandard(req)) {
        await d.hidden.resolve(req.params.taskId, req.body, p, actorOf(req));
        return ok(null);
      }
      return ok(await d.lead.resolve(req.params.taskId, req.body, p, actorOf(req)));
    },
  );
  r.post(
    '/api/marking/block/:blockId/recall',
    { schema: { params: blockIdParam, body: recallInput }, config: lead('block') },
    async (req) =>
      ok(await d.lead.recall(req.params.blockId, req.body.userId, await req.principal(), actorOf(req))),
  );
  r.post(
    '/api/marking/block/:blockId/remark',
    { schema: { params: blockIdParam, body: remarkInput }, config: lead('block') },
    async (req) =>
      ok(await d.lead.remark(req.params.blockId, req.body.taskIds, await req.principal(), actorOf(req))),
  );
  r.get(
    '/api/marking/block/:blockId/marker/:userId/tasks',
    { schema: { params: leadMarkerParams, querystring: markerTasksQuery }, config: lead('block') },
    async (req) =>
      ok(await d.view.markerTasks(req.params.blockId, req.params.userId, req.query, await req.principal())),
  );
  r.get(
    '/api/marking/paper/:paperId',
    { schema: { params: paperIdParam }, config: lead('paper') },
    async (req) => ok(await d.view.paper(req.params.paperId, await req.principal())),
  );
  r.get(
    '/api/marking/block/:blockId/progress',
    { schema: { params: blockIdParam }, config: lead('block') },
    async (req) => ok(await d.view.progress(req.params.blockId, await req.principal())),
  );
  r.get(
    '/api/subject/:id/marking/progress',
    {
      schema: { params: z.object({ id: idParam() }) },
      config: { capability: 'subject.lead', scope: d.scopes.subjectParam },
    },
    async (req) => ok(await d.view.subjectProgress(req.params.id, await req.principal())),
  );
}
