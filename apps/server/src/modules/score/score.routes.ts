import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  irregularBody,
  irregularCancelBody,
  pageQuery,
  scoreAdjustBody,
  scoreKaohaoBody,
  scoreStudentsQuery,
} from '@yj/contracts';
import { actorOf, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { ScoreAdjustService } from './score-adjust.service';
import type { ScoreKaohaoService } from './score-kaohao.service';
import type { ScoreIrregularService } from './score-irregular.service';
import type { ScoreService } from './score.service';

const params = z.object({ id: idParam() });

/** Scores of a subject (spec §2 subject/{subjectId}/score): summary, stuScore, scoreCheck, recompute. */
export function scoreRoutes(
  app: FastifyInstance,
  d: {
    scores: ScoreService;
    adjust: ScoreAdjustService;
    irregular: ScoreIrregularService;
    kaohao: ScoreKaohaoService;
    scopes: ExamScopes;
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { capability: 'score.read' as const, scope: d.scopes.subjectParam };
  const adjust = { capability: 'score.adjust' as const, scope: d.scopes.subjectParam };

  r.get('/api/subject/:id/score/summary', { schema: { params }, config: read }, async (req) =>
    ok(await d.scores.summary(req.params.id, await req.principal())),
  );
  r.get(
    '/api/subject/:id/score/students',
    { schema: { params, querystring: scoreStudentsQuery }, config: read },
    async (req) => ok(await d.scores.students(req.params.id, req.query, await req.principal())),
  );
  r.get('/api/subject/:id/score/check', { schema: { params }, config: read }, async (req) =>
    ok(await d.scores.check(req.params.id, await req.principal())),
  );
  r.post(
    '/api/subject/:id/score/adjust',
    {
      schema: { params, body: scoreAdjustBody },
      config: adjust,
    },
    async (req) => ok(await d.adjust.adjust(req.params.id, req.body, await req.principal(), actorOf(req))),
  );
  r.get(
    '/api/subject/:id/score/adjustments',
    { schema: { params, querystring: pageQuery }, config: read },
    async (req) => ok(await d.adjust.list(req.params.id, req.query, await req.principal())),
  );
  // 考号调整: the sheet moves to the right examinee, its marks with it
  r.post(
    '/api/subject/:id/score/adjust/kaohao',
    { schema: { params, body: scoreKaohaoBody }, config: adjust },
    async (req) => ok(await d.kaohao.move(req.params.id, req.body, await req.principal(), actorOf(req))),
  );
  r.get(
    '/api/subject/:id/score/adjust/kaohao',
    { schema: { params, querystring: pageQuery }, config: read },
    async (req) => ok(await d.kaohao.list(req.params.id, req.query, await req.principal())),
  );
  r.post('/api/subject/:id/score/recompute', { schema: { params }, config: read }, async (req) =>
    ok(await d.scores.recompute(req.params.id, await req.principal(), actorOf(req))),
  );
  // 违纪: mark with the reason, clear, list
  r.post(
    '/api/subject/:id/score/irregular',
    { schema: { params, body: irregularBody }, config: adjust },
    async (req) => ok(await d.irregular.mark(req.params.id, req.body, await req.principal(), actorOf(req))),
  );
  r.post(
    '/api/subject/:id/score/irregular/cancel',
    { schema: { params, body: irregularCancelBody }, config: adjust },
    async (req) =>
      ok(await d.irregular.cancel(req.params.id, req.body.examineeId, await req.principal(), actorOf(req))),
  );
  r.get(
    '/api/subject/:id/score/irregulars',
    { schema: { params, querystring: pageQuery }, config: read },
    async (req) => ok(await d.irregular.list(req.params.id, req.query, await req.principal())),
  );
}
