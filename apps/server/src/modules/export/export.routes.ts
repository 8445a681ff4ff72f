import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allScoreQuery,
  examineeStatusQuery,
  examineeListStatus,
  exportCreate,
  exportListQuery,
  IMPORT_MAX_BYTES,
  idParam,
  inTotalBody,
  type ExportCreate,
} from '@yj/contracts';
import { attachment } from '../../lib/excel';
import { actorOf, heavy, ok, readUpload } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { AllScoreService } from './all-score.service';
import type { ExportService } from './export.service';
import type { ScoreImportService } from './score-import.service';

const importQuery = z.object({ onlyValid: z.enum(['true', 'false']).default('false') });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Spec §2 exam/{examId}/all_score and download/center, §7 getExamineeList/{status} and the scores export: the exam's
 * scores side by side, examinees by status, export tasks and their files.
 */
export function exportRoutes(
  app: FastifyInstance,
  d: { exports: ExportService; allScore: AllScoreService; imports: ScoreImportService; scopes: ExamScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/exam/:examId/all_score',
    {
      schema: { params: z.object({ examId: idParam() }), querystring: allScoreQuery },
      config: { capability: 'score.read' as const, scope: d.scopes.examParam },
    },
    async (req) => ok(await d.allScore.allScore(req.params.examId, req.query, await req.principal())),
  );

  // 成绩导入: who may change scores by hand (score.adjust) may import a subject not marked here
  const adjust = { capability: 'score.adjust' as const, scope: d.scopes.subjectParam };
  const subjectParams = z.object({ id: idParam() });
  r.post(
    '/api/subject/:id/score/import',
    { schema: { params: subjectParams, querystring: importQuery }, config: adjust },
    async (req) => {
      const file = await readUpload(req, IMPORT_MAX_BYTES, ' Excel 文件', '文件不能超过 10 MB');
      const onlyValid = req.query.onlyValid === 'true';
      const p = await req.principal();
      return ok(
        await heavy(req, () => d.imports.importExcel(req.params.id, file, onlyValid, p, actorOf(req))),
      );
    },
  );
  r.get(
    '/api/subject/:id/score/import/template',
    { schema: { params: subjectParams }, config: adjust },
    async (req, reply) =>
      reply
        .type(XLSX)
        .header('content-disposition', attachment('成绩导入模板.xlsx'))
        .send(await d.imports.template(req.params.id, await req.principal())),
  );

  r.post(
    '/api/exam/:examId/subject/:subjectId/inTotal',
    {
      schema: { params: z.object({ examId: idParam(), subjectId: idParam() }), body: inTotalBody },
      config: { capability: 'exam.manage' as const, scope: d.scopes.examParam },
    },
    async (req) => {
      const { examId, subjectId } = req.params;
      await d.allScore.setInTotal(examId, subjectId, req.body.inTotal, actorOf(req));
      return ok(null);
    },
  );

  r.get(
    '/api/api/subject/:id/getExamineeList/:status',
    {
      schema: {
        params: z.object({ id: idParam(), status: examineeListStatus }),
        querystring: examineeStatusQuery,
      },
      config: { capability: 'score.read' as const, scope: d.scopes.subjectParam },
    },
    async (req) =>
      ok(await d.allScore.examineeList(req.params.id, req.params.status, req.query, await req.principal())),
  );

  // the scope of an export: its exam, or its subject
  const exportScope = (req: FastifyRequest) => {
    const b = req.body as ExportCreate;
    return b.kind === 'totals' ? d.scopes.forExam(b.examId) : d.scopes.forSubject(b.subjectId);
  };
  r.post(
    '/api/download/export',
    { schema: { body: exportCreate }, config: { capability: 'score.download' as const, scope: exportScope } },
    async (req) => ok(await d.exports.create(req.body, await req.principal(), actorOf(req))),
  );

  r.get(
    '/api/download/center',
    { schema: { querystring: exportListQuery }, config: { capability: 'account.self' as const } },
    async (req) => ok(await d.exports.list(req.query, await req.principal())),
  );

  // the capability, the requester and the schools are checked by the service against the task's exam
  r.get(
    '/api/download/:id/file',
    { schema: { params: z.object({ id: idParam() }) }, config: { capability: 'account.self' as const } },
    async (req, reply) => {
      const f = await d.exports.file(req.params.id, await req.principal());
      return reply.type(XLSX).header('content-disposition', attachment(f.fileName)).send(f.body);
    },
  );
}
