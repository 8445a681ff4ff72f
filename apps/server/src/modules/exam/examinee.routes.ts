import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { examineeContract as c, idParam, IMPORT_MAX_BYTES } from '@yj/contracts';
import { sendXlsx } from '../../lib/excel';
import { contractRoutes } from '../../plugins/contract';
import { actorOf, heavy, ok, readUpload } from '../../plugins/http';
import type { ExamScopes } from './exam-scope';
import type { ExamineeService } from './examinee.service';

const examParams = z.object({ examId: idParam() });

export function examineeRoutes(
  app: FastifyInstance,
  d: { examinees: ExamineeService; scopes: ExamScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);
  const exam = { scope: d.scopes.examParam };
  const manage = { capability: 'exam.manage' as const, scope: d.scopes.examParam };
  const base = '/api/exam/:examId/examinees';

  on(c.list, ({ params, body }) => d.examinees.list(params.examId, body), exam);
  on(
    c.add,
    async ({ params, body }, req) =>
      d.examinees.add(params.examId, body, await req.principal(), actorOf(req)),
    exam,
  );
  on(
    c.update,
    async ({ params, body }, req) => {
      await d.examinees.update(params.examId, params.id, body, actorOf(req));
      return null;
    },
    exam,
  );
  on(c.remove, ({ params, body }, req) => d.examinees.remove(params.examId, body.ids, actorOf(req)), exam);
  on(
    c.paperType,
    ({ params, body }, req) =>
      d.examinees.setPaperType(params.examId, body.ids, body.paperType, actorOf(req)),
    exam,
  );
  r.post(`${base}/import`, { schema: { params: examParams }, config: manage }, async (req) => {
    const file = await readUpload(req, IMPORT_MAX_BYTES, 'excelFileRequired', 'excelFileTooLarge');
    const principal = await req.principal();
    return ok(
      await heavy(req, () => d.examinees.importExcel(req.params.examId, file, principal, actorOf(req))),
    );
  });
  r.get(`${base}/template`, { schema: { params: examParams }, config: manage }, async (_req, reply) =>
    sendXlsx(reply, '考生导入模板.xlsx', await d.examinees.template()),
  );
  r.get(`${base}/export`, { schema: { params: examParams }, config: manage }, async (req, reply) =>
    sendXlsx(reply, '考生名单.xlsx', await d.examinees.exportExcel(req.params.examId)),
  );
  on(
    c.absent,
    async ({ params, body }, req) => {
      await d.examinees.setAbsent(params.id, body.ids, body.absent, actorOf(req));
      return null;
    },
    { scope: d.scopes.subjectParam },
  );
}
