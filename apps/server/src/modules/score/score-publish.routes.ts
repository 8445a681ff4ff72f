import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { batchReleaseBody, delayPublishBody, idParam } from '@yj/contracts';
import { actorOf, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { ScorePublishService } from './score-publish.service';

const params = z.object({ id: idParam() });
const examParams = z.object({ examId: idParam() });

/**
 * Publishing (spec §4; §7 the scores family release / batch release / delay publish, and
 * POST …/xianyuehousao/tongfen, POST …/cancelXianyueTongfen under the subject's /api/subject/{id}).
 */
export function scorePublishRoutes(
  app: FastifyInstance,
  d: { publish: ScorePublishService; scopes: ExamScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publish = { capability: 'score.publish' as const, scope: d.scopes.subjectParam };

  r.get(
    '/api/subject/:id/score/release',
    { schema: { params }, config: { capability: 'score.read', scope: d.scopes.subjectParam } },
    async (req) => ok(await d.publish.state(req.params.id)),
  );
  r.post('/api/subject/:id/score/release', { schema: { params }, config: publish }, async (req) =>
    ok(await d.publish.publish(req.params.id, actorOf(req))),
  );
  r.post('/api/subject/:id/score/release/cancel', { schema: { params }, config: publish }, async (req) =>
    ok(await d.publish.cancel(req.params.id, actorOf(req))),
  );
  r.post(
    '/api/subject/:id/score/delayPublish',
    { schema: { params, body: delayPublishBody }, config: publish },
    async (req) => ok(await d.publish.delay(req.params.id, req.body, actorOf(req))),
  );
  r.post('/api/subject/:id/xianyuehousao/tongfen', { schema: { params }, config: publish }, async (req) =>
    ok(await d.publish.tongfen(req.params.id, actorOf(req))),
  );
  r.post('/api/subject/:id/cancelXianyueTongfen', { schema: { params }, config: publish }, async (req) =>
    ok(await d.publish.cancelTongfen(req.params.id, actorOf(req))),
  );

  // the exam's release screen; each subject is checked against score.publish on its own
  const exam = { capability: 'exam.read' as const, scope: d.scopes.examParam };
  r.get('/api/exam/:examId/score/release', { schema: { params: examParams }, config: exam }, async (req) =>
    ok(await d.publish.ofExam(req.params.examId, await req.principal())),
  );
  r.post(
    '/api/exam/:examId/score/batchRelease',
    { schema: { params: examParams, body: batchReleaseBody }, config: exam },
    async (req) =>
      ok(await d.publish.batch(req.params.examId, req.body.subjectIds, await req.principal(), actorOf(req))),
  );
}
