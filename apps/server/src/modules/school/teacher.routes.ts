import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, text } from '@yj/contracts';
import {
  can,
  deleteAllBody,
  IMPORT_MAX_BYTES,
  idsBody,
  teacherInput,
  teacherListQuery,
  teacherUpdate,
} from '@yj/contracts';
import { fail } from '../../errors';
import { attachment } from '../../lib/excel';
import { actorOf, heavy, ok, readUpload } from '../../plugins/http';
import { schoolFromParams } from '../../plugins/scope';
import type { SchoolService } from './school.service';
import type { TeacherService } from './teacher.service';

const params = z.object({ schoolId: idParam() });
const read = { capability: 'school.read' as const, scope: schoolFromParams };
const manage = { capability: 'school.manage' as const, scope: schoolFromParams };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function mayViewPhones(req: FastifyRequest, schoolId: number): Promise<boolean> {
  return can(await req.principal(), 'school.phone.view', { schoolId });
}

export function teacherRoutes(
  app: FastifyInstance,
  d: { teachers: TeacherService; school: SchoolService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/school/:schoolId/teachers';

  r.post(base, { schema: { params, body: teacherListQuery }, config: read }, async (req) =>
    ok(await d.teachers.list(req.params.schoolId, req.body, await mayViewPhones(req, req.params.schoolId))),
  );
  r.get(
    `${base}/one`,
    {
      schema: { params, querystring: z.object({ phone: text().trim().max(20).optional() }) },
      config: read,
    },
    async (req) =>
      ok(
        await d.teachers.findByPhone(
          req.params.schoolId,
          req.query.phone || undefined,
          await mayViewPhones(req, req.params.schoolId),
        ),
      ),
  );
  r.post(`${base}/upload/one`, { schema: { params, body: teacherInput }, config: manage }, async (req) =>
    ok(await d.teachers.addOne(req.params.schoolId, req.body, actorOf(req))),
  );
  r.post(`${base}/update`, { schema: { params, body: teacherUpdate }, config: manage }, async (req) => {
    await d.teachers.update(req.params.schoolId, req.body.oldInfo, req.body.newInfo, actorOf(req));
    return ok(null);
  });
  r.delete(base, { schema: { params, body: idsBody }, config: manage }, async (req) =>
    ok(await d.teachers.remove(req.params.schoolId, req.body.ids, actorOf(req))),
  );
  r.delete(`${base}/all`, { schema: { params, body: deleteAllBody }, config: manage }, async (req) => {
    const school = await d.school.find(req.params.schoolId);
    if (!school || req.body.confirm !== school.name) throw fail('确认内容与学校名称不一致，未删除任何老师');
    return ok(await d.teachers.remove(req.params.schoolId, 'all', actorOf(req)));
  });
  r.post(`${base}/import`, { schema: { params }, config: manage }, async (req) => {
    const body = await readUpload(req, IMPORT_MAX_BYTES, ' Excel 文件', '文件不能超过 10 MB');
    return ok(await heavy(req, () => d.teachers.importExcel(req.params.schoolId, body, actorOf(req))));
  });
  r.get(`${base}/template`, { schema: { params }, config: manage }, async (_req, reply) =>
    reply
      .type(XLSX)
      .header('content-disposition', attachment('老师导入模板.xlsx'))
      .send(await d.teachers.template()),
  );
  r.get(`${base}/export`, { schema: { params }, config: manage }, async (req, reply) =>
    reply
      .type(XLSX)
      .header('content-disposition', attachment('老师名单.xlsx'))
      .send(await d.teachers.exportExcel(req.params.schoolId)),
  );
}
