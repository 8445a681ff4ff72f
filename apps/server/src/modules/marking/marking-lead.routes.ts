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
import type { MarkingLeadViewService } from './marking-lead-view.service';
import { markingLeadRepo } from './marking-lead.repo';
import type { MarkingLeadService } from './marking-lead.service';

const NOT_FOUND = { block: '题块不存在或已删除', task: '阅卷任务不存在', paper: '答题卡不存在或已删除' };

/** The leaders' routes (题组长, DESIGN.md §5): capability subject.lead on the subject of the block, task or paper. */
export function markingLeadRoutes(
  app: FastifyInstance,
  d: { db: Db; lead: MarkingLeadService; view: MarkingLeadViewService; scopes: ExamScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The capability scope from the subject of the :blockId / :taskId / :paperId in the path. */
  const scopeOf = (kind: 'block' | 'task' | 'paper') => async (req: FastifyRequest) => {
    const id = Number((req.params as Record<string, unknown>)[`${kind}Id`]);
    const subjectId = await markingLeadRepo(d.db).subjectOf(kind, id);
    if (subjectId === null) throw fail(NOT_FOUND[kind]);
    return d.scopes.forSubject(subjectId);
  };
  const lead = (kind: 'block' | 'task' | 'paper') => ({
    capability: 'subject.lead' as const,
    scope: scopeOf(kind),
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
  r.post(
    '/api/marking/task/:taskId/resolve',
    { schema: { params: taskIdParam, body: problemResolve }, config: lead('task') },
    async (req) => ok(await d.lead.resolve(req.params.taskId, req.body, await req.principal(), actorOf(req))),
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
