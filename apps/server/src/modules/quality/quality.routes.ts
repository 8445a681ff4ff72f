import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockIdParam,
  idParam,
  qualityMarkerParams,
  qualityPapersQuery,
  qualitySettingInput,
} from '@yj/contracts';
import { actorOf, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { MarkingScopes } from '../marking/marking-scope';
import type { QualityMonitor } from './quality-monitor';
import type { QualityProgress } from './quality-progress';

/**
 * Live progress and 质检 monitoring (issue 14). Reading needs 'marking.monitor'; the block's limits and a
 * leader's release of a flagged marker need 'subject.lead'. The services narrow to the watched blocks.
 */
export function qualityRoutes(
  app: FastifyInstance,
  d: { progress: QualityProgress; monitor: QualityMonitor; scopes: ExamScopes; marking: MarkingScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const subjectParams = z.object({ id: idParam() });
  const onSubject = { capability: 'marking.monitor' as const, scope: d.scopes.subjectParam };
  const onBlock = { capability: 'marking.monitor' as const, scope: d.marking.blockParam };

  // review/progress/all: every watched block of a subject
  r.get(
    '/api/subject/:id/monitor/progress',
    { schema: { params: subjectParams }, config: onSubject },
    async (req) => ok(await d.progress.subject(req.params.id, await req.principal())),
  );
  // exam/{examId}/all_review_progress_all: any role of the exam passes here (a leader's grant names a subject),
  // the service keeps the subjects the user watches and refuses when there is none
  r.get(
    '/api/exam/:examId/monitor/progress',
    {
      schema: { params: z.object({ examId: idParam() }) },
      config: { capability: 'exam.read', scope: d.scopes.examParam },
    },
    async (req) => ok(await d.progress.exam(req.params.examId, await req.principal())),
  );
  // spec §7: a joint exam's subject by school
  r.get(
    '/api/exam/subject/:id/uniteProgress',
    { schema: { params: subjectParams }, config: onSubject },
    async (req) => ok(await d.progress.unite(req.params.id, await req.principal())),
  );
  // overview/block/{blockId}
  r.get(
    '/api/marking/block/:blockId/monitor',
    { schema: { params: blockIdParam }, config: onBlock },
    async (req) => ok(await d.progress.block(req.params.blockId, await req.principal())),
  );
  // qualityMonitorBlock
  r.get(
    '/api/marking/block/:blockId/quality',
    { schema: { params: blockIdParam }, config: onBlock },
    async (req) => ok(await d.monitor.block(req.params.blockId, await req.principal())),
  );
  // qualityMonitorStudent
  r.get(
    '/api/marking/block/:blockId/quality/papers',
    { schema: { params: blockIdParam, querystring: qualityPapersQuery }, config: onBlock },
    async (req) => ok(await d.monitor.papers(req.params.blockId, req.query, await req.principal())),
  );
  const lead = { capability: 'subject.lead' as const, scope: d.marking.blockParam };
  r.post(
    '/api/marking/block/:blockId/quality/setting',
    { schema: { params: blockIdParam, body: qualitySettingInput }, config: lead },
    async (req) =>
      ok(await d.monitor.setSetting(req.params.blockId, req.body, await req.principal(), actorOf(req))),
  );
  r.post(
    '/api/marking/block/:blockId/quality/marker/:userId/release',
    { schema: { params: qualityMarkerParams }, config: lead },
    async (req) =>
      ok(await d.monitor.release(req.params.blockId, req.params.userId, await req.principal(), actorOf(req))),
  );
}
