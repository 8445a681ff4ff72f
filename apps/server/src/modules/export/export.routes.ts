import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportContract as c, IMPORT_MAX_BYTES, idParam, type ExportCreate } from '@yj/contracts';
import { attachment } from '../../lib/excel';
import { contractRoutes } from '../../plugins/contract';
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
  const on = contractRoutes(app);

  on(
    c.allScore,
    async ({ params, query }, req) => d.allScore.allScore(params.examId, query, await req.principal()),
    { scope: d.scopes.examParam },
  );

  // 成绩导入: who may change scores by hand (score.adjust) may import a subject not marked here
  const adjust = { capability: 'score.adjust' as const, scope: d.scopes.subjectParam };
  const subjectParams = z.object({ id: idParam() });
  r.post(
    '/api/subject/:id/score/import',
    { schema: { params: subjectParams, querystring: importQuery }, config: adjust },
    async (req) => {
      const file = await readUpload(req, IMPORT_MAX_BYTES, 'excelFileRequired', 'excelFileTooLarge');
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

  on(
    c.inTotal,
    async ({ params, body }, req) => {
      await d.allScore.setInTotal(params.examId, params.subjectId, body.inTotal, actorOf(req));
      return null;
    },
    { scope: d.scopes.examParam },
  );

  on(
    c.examineeList,
    async ({ params, query }, req) =>
      d.allScore.examineeList(params.id, params.status, query, await req.principal()),
    { scope: d.scopes.subjectParam },
  );

  // the scope of an export: its exam, or its subject
  const exportScope = (req: FastifyRequest) => {
    const b = req.body as ExportCreate;
    return b.kind === 'totals' ? d.scopes.forExam(b.examId) : d.scopes.forSubject(b.subjectId);
  };
  on(c.create, async ({ body }, req) => d.exports.create(body, await req.principal(), actorOf(req)), {
    scope: exportScope,
  });
  on(c.center, async ({ query }, req) => d.exports.list(query, await req.principal()));

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
