import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockCopyInput,
  blockReviewersSave,
  candidateQuery,
  divideSave,
  idParam,
  IMPORT_MAX_BYTES,
} from '@yj/contracts';
import { attachment } from '../../lib/excel';
import { actorOf, heavy, ok, readUpload } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { DivideService } from './reviewer-divide';
import type { ReviewerExcel } from './reviewer-excel';
import type { ReviewerService } from './reviewer.service';

const params = z.object({ id: idParam() });
const blockParams = z.object({ id: idParam(), blockId: idParam() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** setting/task, setting/divide and exam/{examId}/all_setting_task (issue 13 “Who marks what”). */
export function reviewerRoutes(
  app: FastifyInstance,
  d: { reviewers: ReviewerService; divide: DivideService; excel: ReviewerExcel; scopes: ExamScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { capability: 'exam.read' as const, scope: d.scopes.subjectParam };
  const edit = { capability: 'subject.setting.edit' as const, scope: d.scopes.subjectParam };
  const base = '/api/subject/:id/setting/task';

  r.get(base, { schema: { params }, config: read }, async (req) =>
    ok(await d.reviewers.list(req.params.id, await req.principal())),
  );
  r.get(
    `${base}/candidates`,
    { schema: { params, querystring: candidateQuery }, config: edit },
    async (req) => ok(await d.reviewers.candidates(req.params.id, req.query, await req.principal())),
  );
  r.get(`${base}/export`, { schema: { params }, config: edit }, async (req, reply) =>
    reply
      .type(XLSX)
      .header('content-disposition', attachment('阅卷分配.xlsx'))
      .send(await d.excel.exportExcel(req.params.id, await req.principal())),
  );
  r.post(`${base}/import`, { schema: { params }, config: edit }, async (req) => {
    const body = await readUpload(req, IMPORT_MAX_BYTES, ' Excel 文件', '文件不能超过 10 MB');
    const p = await req.principal();
    return ok(await heavy(req, () => d.excel.importExcel(req.params.id, body, p, actorOf(req))));
  });
  r.post(
    `${base}/:blockId`,
    { schema: { params: blockParams, body: blockReviewersSave }, config: edit },
    async (req) => {
      const { id, blockId } = req.params;
      const p = await req.principal();
      const done = await d.reviewers.save(id, blockId, req.body, p, actorOf(req));
      return ok({ ...done, assignment: await d.reviewers.list(id, p) });
    },
  );
  r.post(
    `${base}/:blockId/copy`,
    { schema: { params: blockParams, body: blockCopyInput }, config: edit },
    async (req) =>
      ok(
        await d.reviewers.copy(
          req.params.id,
          req.params.blockId,
          req.body.toBlockIds,
          await req.principal(),
          actorOf(req),
        ),
      ),
  );
  r.get(
    '/api/subject/:id/setting/divide/:blockId',
    { schema: { params: blockParams }, config: read },
    async (req) => ok(await d.divide.view(req.params.id, req.params.blockId, await req.principal())),
  );
  r.post(
    '/api/subject/:id/setting/divide/:blockId',
    { schema: { params: blockParams, body: divideSave }, config: edit },
    async (req) => {
      const p = await req.principal();
      await d.divide.save(req.params.id, req.params.blockId, req.body, p, actorOf(req));
      return ok(await d.divide.view(req.params.id, req.params.blockId, p));
    },
  );
  // exam/{examId}/all_setting_task
  r.get(
    '/api/exam/:examId/setting/task',
    {
      schema: { params: z.object({ examId: idParam() }) },
      config: { capability: 'exam.read', scope: d.scopes.examParam },
    },
    async (req) => ok(await d.reviewers.ofExam(req.params.examId)),
  );
}
