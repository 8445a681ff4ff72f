import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  reportExportQuery,
  reportParams,
  reportProgressFilter,
  reportProgressQuery,
  reportQuery,
  reportSettingsBody,
  reportStudentsFilter,
  reportStudentsQuery,
} from '@yj/contracts';
import { attachment } from '../../lib/excel';
import { actorOf, heavy, ok } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { ReportService } from './report.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Score reports of an exam (spec §2 report_forms): the subject menu, a report, a table as Excel. */
export function reportRoutes(app: FastifyInstance, d: { reports: ReportService; scopes: ExamScopes }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { capability: 'report.read' as const, scope: d.scopes.examParam };
  const configure = { capability: 'report.configure' as const, scope: d.scopes.examParam };

  r.get(
    '/api/exam/:examId/report/subjects',
    { schema: { params: reportParams }, config: read },
    async (req) => ok(await d.reports.subjects(req.params.examId, await req.principal())),
  );
  r.get(
    '/api/exam/:examId/report/settings',
    { schema: { params: reportParams }, config: read },
    async (req) => ok(await d.reports.settings(req.params.examId, await req.principal())),
  );
  r.post(
    '/api/exam/:examId/report/settings',
    { schema: { params: reportParams, body: reportSettingsBody }, config: configure },
    async (req) => {
      await d.reports.saveSettings(req.params.examId, req.body, await req.principal(), actorOf(req));
      return ok(null);
    },
  );
  r.get(
    '/api/exam/:examId/report/students',
    { schema: { params: reportParams, querystring: reportStudentsQuery }, config: read },
    async (req) => {
      const p = await req.principal();
      return ok(await heavy(req, () => d.reports.students(req.params.examId, req.query, p)));
    },
  );
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
    '/api/exam/:examId/report/progress/exams',
    { schema: { params: reportParams }, config: read },
    async (req) => ok(await d.reports.progressExams(req.params.examId, await req.principal())),
  );
  r.get(
    '/api/exam/:examId/report/progress',
    { schema: { params: reportParams, querystring: reportProgressQuery }, config: read },
    async (req) => {
      const p = await req.principal();
      return ok(await heavy(req, () => d.reports.progress(req.params.examId, req.query, p)));
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
  // a stale report is computed on the first read: heavy work, under the limiter
  r.get(
    '/api/exam/:examId/report',
    { schema: { params: reportParams, querystring: reportQuery }, config: read },
    async (req, reply) => {
      const p = await req.principal();
      const json = await heavy(req, () => d.reports.reportJson(req.params.examId, req.query.subjectId, p));
      // the envelope around the cached text: a large report is not parsed and encoded again per request
      return reply
        .type('application/json; charset=utf-8')
        .send(`{"code":0,"message":"success","data":${json}}`);
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
}
