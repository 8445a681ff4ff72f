import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { quizContract as c, quizTrendQuery, quizTrendSheet } from '@yj/contracts';
import { sendXlsx, writeSheet } from '../../lib/excel';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { QuizService } from './quiz.service';

/**
 * 课堂小测 (issue 33): the create form's options, create, the list, a class's 学情趋势 (and its Excel file), a quiz's
 * page and class result.
 */
export function quizRoutes(app: FastifyInstance, d: { quizzes: QuizService; scopes: ExamScopes }): void {
  const on = contractRoutes(app);
  const exam = { scope: d.scopes.examParam };
  on(c.options, (_in, req) => d.quizzes.options(actorOf(req).userId));
  on(c.create, ({ body }, req) => d.quizzes.create(body, actorOf(req)));
  on(c.list, async ({ body }, req) => d.quizzes.list(await req.principal(), body));
  on(c.trend, async ({ query }, req) => d.quizzes.trend(await req.principal(), query.classId));
  // the students' table of 学情趋势 as an Excel file: the same cells as the screen
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/quiz/trend/export',
      { schema: { querystring: quizTrendQuery }, config: { capability: 'quiz.read' } },
      async (req, reply) => {
        const t = await d.quizzes.trend(await req.principal(), req.query.classId);
        const cls = t.classes.find((x) => x.classId === t.classId);
        const { headers, rows } = quizTrendSheet(t);
        const name = `${cls?.name ?? '班级'}-课堂小测学情趋势.xlsx`;
        return sendXlsx(reply, name, await writeSheet('学情趋势', headers, rows));
      },
    );
  on(c.detail, async ({ params }, req) => d.quizzes.detail(params.examId, await req.principal()), exam);
  on(
    c.markers,
    async ({ params, body }, req) => {
      await d.quizzes.addMarkers(params.examId, body.userIds, actorOf(req));
      return null;
    },
    exam,
  );
  on(
    c.removeMarker,
    async ({ params, body }, req) => {
      await d.quizzes.removeMarker(params.examId, body.userId, actorOf(req));
      return null;
    },
    exam,
  );
  on(c.result, ({ params }) => d.quizzes.result(params.examId), exam);
}
