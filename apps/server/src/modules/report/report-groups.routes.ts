import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  reportGroupContract as c,
  IMPORT_MAX_BYTES,
  reportGroupExportQuery,
  reportGroupImportQuery,
  reportGroupParams,
  reportParams,
} from '@yj/contracts';
import { sendXlsx, writeSheet } from '../../lib/excel';
import { CheckedJson, contractRoutes } from '../../plugins/contract';
import { actorOf, heavy, ok, readUpload } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { ReportGroupsService } from './report-groups.service';

/**
 * 分析组 of an exam's reports: the JSON routes by contract (`reportGroupContract`); a table's Excel sheet, 导入考号
 * (multipart) and its template on Fastify's registration, under the same capability and exam scope.
 */
export function reportGroupRoutes(
  app: FastifyInstance,
  d: { groups: ReportGroupsService; scopes: ExamScopes },
): void {
  const on = contractRoutes(app);
  const exam = { scope: d.scopes.examParam };

  on(
    c.list,
    async ({ params, query }, req) => d.groups.list(params.examId, query, await req.principal()),
    exam,
  );
  on(
    c.create,
    async ({ params, body }, req) =>
      d.groups.create(params.examId, body, await req.principal(), actorOf(req)),
    exam,
  );
  on(
    c.update,
    async ({ params, body }, req) => {
      await d.groups.update(params.examId, params.groupId, body, await req.principal(), actorOf(req));
      return null;
    },
    exam,
  );
  on(
    c.remove,
    async ({ params }, req) => {
      await d.groups.remove(params.examId, params.groupId, await req.principal(), actorOf(req));
      return null;
    },
    exam,
  );
  on(
    c.candidates,
    async ({ params, query }, req) =>
      d.groups.candidates(params.examId, query.keyword, await req.principal()),
    exam,
  );
  on(
    c.byKaohao,
    async ({ params, body }, req) => d.groups.byKaohao(params.examId, body.kaohaos, await req.principal()),
    exam,
  );
  // a stale group report is computed on the first read: heavy work, under the limiter
  on(
    c.report,
    async ({ params, query }, req) => {
      const p = await req.principal();
      return new CheckedJson(
        await heavy(req, () => d.groups.reportJson(params.examId, params.groupId, query.subjectId, p)),
      );
    },
    exam,
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/exam/:examId/report/groups/:groupId/export',
    {
      schema: { params: reportGroupParams, querystring: reportGroupExportQuery },
      config: { capability: 'report.read' as const, scope: d.scopes.examParam },
    },
    async (req, reply) => {
      const p = await req.principal();
      const { buffer, filename } = await heavy(req, () =>
        d.groups.exportSheet(req.params.examId, req.params.groupId, req.query.subjectId, req.query.sheet, p),
      );
      return sendXlsx(reply, filename, buffer);
    },
  );

  const read = { capability: 'report.read' as const, scope: d.scopes.examParam };
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/exam/:examId/report/groups/:groupId/import',
      { schema: { params: reportGroupParams, querystring: reportGroupImportQuery }, config: read },
      async (req) => {
        const file = await readUpload(req, IMPORT_MAX_BYTES, 'excelFileRequired', 'excelFileTooLarge');
        const p = await req.principal();
        const { examId, groupId } = req.params;
        const apply = req.query.apply === '1';
        return ok(
          await heavy(req, () => d.groups.importKaohaos(examId, groupId, file, apply, p, actorOf(req))),
        );
      },
    );
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/exam/:examId/report/group-import-template',
      { schema: { params: reportParams }, config: read },
      async (_req, reply) =>
        sendXlsx(
          reply,
          '分析组考号导入模板.xlsx',
          await writeSheet('考号', ['考号', '姓名（选填，仅供核对）'], [], [16, 24]),
        ),
    );
}
