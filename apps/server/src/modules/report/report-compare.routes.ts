import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bureauContract as c, bureauExamParams, compareQuery } from '@yj/contracts';
import { sendXlsx } from '../../lib/excel';
import { contractRoutes } from '../../plugins/contract';
import { heavy } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import { comparisonWorkbook } from './report-compare-sheets';
import type { ReportCompareService } from './report-compare.service';

/** A 联考's schools compared (issue 35): the figures by contract, the same cells as an Excel file. */
export function reportCompareRoutes(
  app: FastifyInstance,
  d: { compare: ReportCompareService; scopes: ExamScopes },
): void {
  const on = contractRoutes(app);
  const exam = { scope: d.scopes.examParam };
  on(
    c.compare,
    async ({ params, query }, req) => {
      const p = await req.principal();
      return heavy(req, () => d.compare.compare(params.examId, query, p));
    },
    exam,
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/exam/:examId/report/compare/export',
    {
      schema: { params: bureauExamParams, querystring: compareQuery },
      config: { capability: 'report.compare', scope: d.scopes.examParam },
    },
    async (req, reply) => {
      const p = await req.principal();
      const figures = await heavy(req, () => d.compare.compare(req.params.examId, req.query, p));
      const name = `${figures.examName}-${figures.name}-联考对比.xlsx`;
      return sendXlsx(reply, name, await comparisonWorkbook(figures));
    },
  );
}
