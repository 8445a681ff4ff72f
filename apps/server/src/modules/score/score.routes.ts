import type { FastifyInstance } from 'fastify';
import { scoreContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { ScoreAdjustService } from './score-adjust.service';
import type { ScoreKaohaoService } from './score-kaohao.service';
import type { ScoreIrregularService } from './score-irregular.service';
import type { ScoreService } from './score.service';

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
  const on = contractRoutes(app);
  const subject = { scope: d.scopes.subjectParam };

  on(c.summary, async ({ params }, req) => d.scores.summary(params.id, await req.principal()), subject);
  on(
    c.students,
    async ({ params, query }, req) => d.scores.students(params.id, query, await req.principal()),
    subject,
  );
  on(c.check, async ({ params }, req) => d.scores.check(params.id, await req.principal()), subject);
  on(c.review, async ({ params }, req) => d.scores.review(params.id, await req.principal()), subject);
  on(
    c.adjust,
    async ({ params, body }, req) => d.adjust.adjust(params.id, body, await req.principal(), actorOf(req)),
    subject,
  );
  on(
    c.adjustments,
    async ({ params, query }, req) => d.adjust.list(params.id, query, await req.principal()),
    subject,
  );
  // 考号调整: the sheet moves to the right examinee, its marks with it
  on(
    c.moveKaohao,
    async ({ params, body }, req) => d.kaohao.move(params.id, body, await req.principal(), actorOf(req)),
    subject,
  );
  on(
    c.kaohaoMoves,
    async ({ params, query }, req) => d.kaohao.list(params.id, query, await req.principal()),
    subject,
  );
  on(
    c.recompute,
    async ({ params }, req) => d.scores.recompute(params.id, await req.principal(), actorOf(req)),
    subject,
  );
  // 违纪: mark with the reason, clear, list
  on(
    c.irregular,
    async ({ params, body }, req) => d.irregular.mark(params.id, body, await req.principal(), actorOf(req)),
    subject,
  );
  on(
    c.irregularCancel,
    async ({ params, body }, req) =>
      d.irregular.cancel(params.id, body.examineeId, await req.principal(), actorOf(req)),
    subject,
  );
  on(
    c.irregulars,
    async ({ params, query }, req) => d.irregular.list(params.id, query, await req.principal()),
    subject,
  );
}
