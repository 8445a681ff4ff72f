import type { FastifyInstance } from 'fastify';
import { quizContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { QuizService } from './quiz.service';

/** 课堂小测 (issue 33): the create form's options, create, the teacher's list, a quiz's page and class result. */
export function quizRoutes(app: FastifyInstance, d: { quizzes: QuizService; scopes: ExamScopes }): void {
  const on = contractRoutes(app);
  const exam = { scope: d.scopes.examParam };
  on(c.options, (_in, req) => d.quizzes.options(actorOf(req).userId));
  on(c.create, ({ body }, req) => d.quizzes.create(body, actorOf(req)));
  on(c.list, ({ body }, req) => d.quizzes.list(actorOf(req).userId, body));
  on(c.detail, async ({ params }, req) => d.quizzes.detail(params.examId, await req.principal()), exam);
  on(
    c.markers,
    async ({ params, body }, req) => {
      await d.quizzes.addMarkers(params.examId, body.userIds, actorOf(req));
      return null;
    },
    exam,
  );
  on(c.result, ({ params }) => d.quizzes.result(params.examId), exam);
}
