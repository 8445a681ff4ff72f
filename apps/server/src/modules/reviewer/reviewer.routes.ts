import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, IMPORT_MAX_BYTES, reviewerContract as c } from '@yj/contracts';
import { attachment } from '../../lib/excel';
import { contractRoutes } from '../../plugins/contract';
import { actorOf, heavy, ok, readUpload } from '../../plugins/http';
import type { ExamScopes } from '../exam/exam-scope';
import type { DivideService } from './reviewer-divide';
import type { ReviewerExcel } from './reviewer-excel';
import type { ReviewerService } from './reviewer.service';

const params = z.object({ id: idParam() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** setting/task, setting/divide and exam/{examId}/all_setting_task (issue 13 “Who marks what”). */
export function reviewerRoutes(
  app: FastifyInstance,
  d: { reviewers: ReviewerService; divide: DivideService; excel: ReviewerExcel; scopes: ExamScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);
  const subject = { scope: d.scopes.subjectParam };
  const edit = { capability: 'subject.setting.edit' as const, scope: d.scopes.subjectParam };
  const base = '/api/subject/:id/setting/task';

  on(c.list, async ({ params }, req) => d.reviewers.list(params.id, await req.principal()), subject);
  on(
    c.candidates,
    async ({ params, query }, req) => d.reviewers.candidates(params.id, query, await req.principal()),
    subject,
  );
  r.get(`${base}/export`, { schema: { params }, config: edit }, async (req, reply) =>
    reply
      .type(XLSX)
      .header('content-disposition', attachment('阅卷分配.xlsx'))
      .send(await d.excel.exportExcel(req.params.id, await req.principal())),
  );
  r.post(`${base}/import`, { schema: { params }, config: edit }, async (req) => {
    const body = await readUpload(req, IMPORT_MAX_BYTES, 'excelFileRequired', 'excelFileTooLarge');
    const p = await req.principal();
    return ok(await heavy(req, () => d.excel.importExcel(req.params.id, body, p, actorOf(req))));
  });
  on(
    c.save,
    async ({ params, body }, req) => {
      const p = await req.principal();
      const done = await d.reviewers.save(params.id, params.blockId, body, p, actorOf(req));
      return { ...done, assignment: await d.reviewers.list(params.id, p) };
    },
    subject,
  );
  on(
    c.copy,
    async ({ params, body }, req) =>
      d.reviewers.copy(params.id, params.blockId, body.toBlockIds, await req.principal(), actorOf(req)),
    subject,
  );
  on(
    c.divide,
    async ({ params }, req) => d.divide.view(params.id, params.blockId, await req.principal()),
    subject,
  );
  on(
    c.saveDivide,
    async ({ params, body }, req) => {
      const p = await req.principal();
      await d.divide.save(params.id, params.blockId, body, p, actorOf(req));
      return d.divide.view(params.id, params.blockId, p);
    },
    subject,
  );
  // exam/{examId}/all_setting_task
  on(c.ofExam, ({ params }) => d.reviewers.ofExam(params.examId), { scope: d.scopes.examParam });
}
