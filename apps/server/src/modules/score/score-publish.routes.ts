import type { FastifyInstance } from 'fastify';
import { publishContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { ScorePublishService } from './score-publish.service';

/**
 * Publishing (spec §4; §7 the scores family release / batch release / delay publish, and
 * POST …/xianyuehousao/tongfen, POST …/cancelXianyueTongfen under the subject's /api/subject/{id}).
 */
export function scorePublishRoutes(
  app: FastifyInstance,
  d: { publish: ScorePublishService; scopes: ExamScopes },
): void {
  const on = contractRoutes(app);
  const subject = { scope: d.scopes.subjectParam };

  on(c.state, ({ params }) => d.publish.state(params.id), subject);
  on(c.release, ({ params }, req) => d.publish.publish(params.id, actorOf(req)), subject);
  on(c.cancel, ({ params }, req) => d.publish.cancel(params.id, actorOf(req)), subject);
  on(c.delay, ({ params, body }, req) => d.publish.delay(params.id, body, actorOf(req)), subject);
  on(c.tongfen, ({ params }, req) => d.publish.tongfen(params.id, actorOf(req)), subject);
  on(c.tongfenCancel, ({ params }, req) => d.publish.cancelTongfen(params.id, actorOf(req)), subject);

  // the exam's release screen; each subject is checked against score.publish on its own
  const exam = { scope: d.scopes.examParam };
  on(c.examRows, async ({ params }, req) => d.publish.ofExam(params.examId, await req.principal()), exam);
  on(
    c.batch,
    async ({ params, body }, req) =>
      d.publish.batch(params.examId, body.subjectIds, await req.principal(), actorOf(req)),
    exam,
  );
}
