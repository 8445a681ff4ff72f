import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  reportCommentaryImageQuery,
  reportCommentaryQuery,
  reportContract as c,
  reportExportQuery,
  reportParams,
  reportProgressFilter,
  reportStudentsFilter,
} from '@yj/contracts';
import { attachment } from '../../lib/excel';
import { CheckedJson, contractRoutes } from '../../plugins/contract';
import { actorOf, heavy } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { ReportCommentaryService } from './report-commentary.service';
import { reportGroupRoutes } from './report-groups.routes';
import { reportCompareRoutes } from './report-compare.routes';
import type { ReportCompareService } from './report-compare.service';
import type { ReportGroupsService } from './report-groups.service';
import type { ReportService } from './report.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Score reports of an exam (spec §2 report_forms, exam_commentary): the JSON answers by contract
 * (`reportContract`), the Excel sheets and the typical answers' images as files.
 */
export function reportRoutes(
  app: FastifyInstance,
  d: {
    reports: ReportService;
    commentary: ReportCommentaryService;
    groups: ReportGroupsService;
    compare: ReportCompareService;
    scopes: ExamScopes;
  },
): void {
  const on = contractRoutes(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const exam = { scope: d.scopes.examParam };
  const read = { capability: 'report.read' as const, scope: d.scopes.examParam };

  on(c.subjects, async ({ params }, req) => d.reports.subjects(params.examId, await req.principal()), exam);
  on(c.settings, async ({ params }, req) => d.reports.settings(params.examId, await req.principal()), exam);
  on(
    c.saveSettings,
    async ({ params, body }, req) => {
      await d.reports.saveSettings(params.examId, body, await req.principal(), actorOf(req));
      return null;
    },
    exam,
  );
  on(
    c.hiddenConfig,
    async ({ params }, req) => d.reports.hiddenConfig(params.examId, await req.principal()),
    exam,
  );
  on(
    c.saveHiddenConfig,
    async ({ params, body }, req) => {
      await d.reports.saveHiddenConfig(params.examId, body.hidden, await req.principal(), actorOf(req));
      return null;
    },
    exam,
  );
  on(
    c.students,
    async ({ params, query }, req) => {
      const p = await req.principal();
      return heavy(req, () => d.reports.students(params.examId, query, p));
    },
    exam,
  );
  on(
    c.progressExams,
    async ({ params }, req) => d.reports.progressExams(params.examId, await req.principal()),
    exam,
  );
  on(
    c.progress,
    async ({ params, query }, req) => {
      const p = await req.principal();
      return heavy(req, () => d.reports.progress(params.examId, query, p));
    },
    exam,
  );
  // a stale report is computed on the first read: heavy work, under the limiter; the cached text is sent as
  // it is (report.contract.test.ts checks it fits the contract)
  on(
    c.report,
    async ({ params, query }, req) => {
      const p = await req.principal();
      return new CheckedJson(await heavy(req, () => d.reports.reportJson(params.examId, query.subjectId, p)));
    },
    exam,
  );
  on(
    c.commentary,
    async ({ params, query }, req) => {
      const p = await req.principal();
      return heavy(req, () => d.commentary.commentary(params.examId, query, p));
    },
    exam,
  );
  on(
    c.student,
    async ({ params }, req) => {
      const p = await req.principal();
      return heavy(req, () => d.commentary.student(params.examId, params.examineeId, p));
    },
    exam,
  );

  // files
  r.get(
    '/api/exam/:examId/report/students/export',
    { schema: { params: reportParams, querystring: reportStudentsFilter }, config: read },
    async (req, reply) => {
      const p = await req.principal();
      const { buffer, filename } = await heavy(req, () =>
        d.reports.exportStudents(req.params.examId, req.query, p),
      );
      return reply.type(XLSX).header('content-disposition', attachment(filename)).send(buffer);
    },
  );
  r.get(
    '/api/exam/:examId/report/progress/export',
    { schema: { params: reportParams, querystring: reportProgressFilter }, config: read },
    async (req, reply) => {
      const p = await req.principal();
      const { buffer, filename } = await heavy(req, () =>
        d.reports.exportProgress(req.params.examId, req.query, p),
      );
      return reply.type(XLSX).header('content-disposition', attachment(filename)).send(buffer);
    },
  );
  r.get(
    '/api/exam/:examId/report/export',
    { schema: { params: reportParams, querystring: reportExportQuery }, config: read },
    async (req, reply) => {
      const p = await req.principal();
      const { buffer, filename } = await heavy(req, () =>
        d.reports.exportSheet(req.params.examId, req.query.subjectId, req.query.sheet, p),
      );
      return reply.type(XLSX).header('content-disposition', attachment(filename)).send(buffer);
    },
  );
  r.get(
    '/api/exam/:examId/report/commentary/export',
    { schema: { params: reportParams, querystring: reportCommentaryQuery }, config: read },
    async (req, reply) => {
      const p = await req.principal();
      const { buffer, filename } = await heavy(req, () =>
        d.commentary.exportCommentary(req.params.examId, req.query, p),
      );
      return reply.type(XLSX).header('content-disposition', attachment(filename)).send(buffer);
    },
  );
  // a typical answer of 试卷讲评: the block's cut of the examinee's marked paper
  r.get(
    '/api/exam/:examId/report/commentary/image',
    { schema: { params: reportParams, querystring: reportCommentaryImageQuery }, config: read },
    async (req, reply) => {
      const body = await d.commentary.typicalImage(req.params.examId, req.query, await req.principal());
      return reply.header('cache-control', 'private, max-age=600').type('image/jpeg').send(body);
    },
  );
  reportGroupRoutes(app, d);
  reportCompareRoutes(app, d);
}
