import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, int, text } from '@yj/contracts';
import {
  absentBody,
  examineeAdd,
  examineeIds,
  examineeListQuery,
  IMPORT_MAX_BYTES,
  paperTypeBody,
} from '@yj/contracts';
import { attachment } from '../../lib/excel';
import { actorOf, heavy, ok, readUpload } from '../../plugins/http';
import type { ExamScopes } from './exam-scope';
import type { ExamineeService } from './examinee.service';

const examParams = z.object({ examId: idParam() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function examineeRoutes(
  app: FastifyInstance,
  d: { examinees: ExamineeService; scopes: ExamScopes },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = { capability: 'exam.manage' as const, scope: d.scopes.examParam };
  const base = '/api/exam/:examId/examinees';

  r.post(
    base,
    {
      schema: { params: examParams, body: examineeListQuery },
      config: { capability: 'exam.read', scope: d.scopes.examParam },
    },
    async (req) => ok(await d.examinees.list(req.params.examId, req.body)),
  );
  r.post(`${base}/add`, { schema: { params: examParams, body: examineeAdd }, config: manage }, async (req) =>
    ok(await d.examinees.add(req.params.examId, req.body, await req.principal(), actorOf(req))),
  );
  r.post(
    `${base}/:id/update`,
    {
      schema: {
        params: examParams.extend({ id: idParam() }),
        body: z.object({
          kaohao: z
            .string()
            .trim()
            .regex(/^[0-9A-Za-z-]{1,20}$/, '考号只能包含数字、字母和短横线'),
          kaochang: text().trim().max(20).nullable(),
          seat: int(1, 999).nullable(),
        }),
      },
      config: manage,
    },
    async (req) => {
      await d.examinees.update(req.params.examId, req.params.id, req.body, actorOf(req));
      return ok(null);
    },
  );
  r.delete(base, { schema: { params: examParams, body: examineeIds }, config: manage }, async (req) =>
    ok(await d.examinees.remove(req.params.examId, req.body.ids, actorOf(req))),
  );
  r.post(
    `${base}/paperType`,
    { schema: { params: examParams, body: paperTypeBody }, config: manage },
    async (req) =>
      ok(await d.examinees.setPaperType(req.params.examId, req.body.ids, req.body.paperType, actorOf(req))),
  );
  r.post(`${base}/import`, { schema: { params: examParams }, config: manage }, async (req) => {
    const file = await readUpload(req, IMPORT_MAX_BYTES, ' Excel 文件', '文件不能超过 10 MB');
    const principal = await req.principal();
    return ok(
      await heavy(req, () => d.examinees.importExcel(req.params.examId, file, principal, actorOf(req))),
    );
  });
  r.get(`${base}/template`, { schema: { params: examParams }, config: manage }, async (_req, reply) =>
    reply
      .type(XLSX)
      .header('content-disposition', attachment('考生导入模板.xlsx'))
      .send(await d.examinees.template()),
  );
  r.get(`${base}/export`, { schema: { params: examParams }, config: manage }, async (req, reply) =>
    reply
      .type(XLSX)
      .header('content-disposition', attachment('考生名单.xlsx'))
      .send(await d.examinees.exportExcel(req.params.examId)),
  );
  r.post(
    '/api/subject/:id/absent',
    {
      schema: { params: z.object({ id: idParam() }), body: absentBody },
      config: { capability: 'subject.scan', scope: d.scopes.subjectParam },
    },
    async (req) => {
      await d.examinees.setAbsent(req.params.id, req.body.ids, req.body.absent, actorOf(req));
      return ok(null);
    },
  );
}
