import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@yj/contracts';
import {
  deleteAllBody,
  IMPORT_MAX_BYTES,
  idsBody,
  studentInput,
  studentListQuery,
  studentUpdate,
} from '@yj/contracts';
import { fail } from '../../errors';
import { attachment } from '../../lib/excel';
import { actorOf, heavy, ok, readUpload } from '../../plugins/http';
import { schoolFromParams } from '../../plugins/scope';
import type { SchoolService } from './school.service';
import type { StudentService } from './student.service';

const params = z.object({ schoolId: idParam() });
const manage = { capability: 'school.manage' as const, scope: schoolFromParams };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function studentRoutes(
  app: FastifyInstance,
  d: { students: StudentService; school: SchoolService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/school/:schoolId/students';

  r.post(base, { schema: { params, body: studentListQuery }, config: manage }, async (req) =>
    ok(await d.students.list(req.params.schoolId, req.body)),
  );
  r.post(`${base}/upload/one`, { schema: { params, body: studentInput }, config: manage }, async (req) =>
    ok(await d.students.addOne(req.params.schoolId, req.body, actorOf(req))),
  );
  r.post(`${base}/update`, { schema: { params, body: studentUpdate }, config: manage }, async (req) => {
    await d.students.update(req.params.schoolId, req.body.oldInfo, req.body.newInfo, actorOf(req));
    return ok(null);
  });
  r.delete(base, { schema: { params, body: idsBody }, config: manage }, async (req) =>
    ok(await d.students.remove(req.params.schoolId, req.body.ids, actorOf(req))),
  );
  r.delete(`${base}/all`, { schema: { params, body: deleteAllBody }, config: manage }, async (req) => {
    const school = await d.school.find(req.params.schoolId);
    if (!school || req.body.confirm !== school.name) throw fail('确认内容与学校名称不一致，未删除任何学生');
    return ok(await d.students.remove(req.params.schoolId, 'all', actorOf(req)));
  });
  const importQuery = z.object({ onlyValid: z.enum(['true', 'false']).default('false') });
  r.post(`${base}/import`, { schema: { params, querystring: importQuery }, config: manage }, async (req) => {
    const body = await readUpload(req, IMPORT_MAX_BYTES, ' Excel 文件', '文件不能超过 10 MB');
    const onlyValid = req.query.onlyValid === 'true';
    return ok(
      await heavy(req, () => d.students.importExcel(req.params.schoolId, body, onlyValid, actorOf(req))),
    );
  });
  r.get(`${base}/template`, { schema: { params }, config: manage }, async (_req, reply) =>
    reply
      .type(XLSX)
      .header('content-disposition', attachment('学生导入模板.xlsx'))
      .send(await d.students.template()),
  );
  r.get(`${base}/export`, { schema: { params }, config: manage }, async (req, reply) =>
    reply
      .type(XLSX)
      .header('content-disposition', attachment('学生名单.xlsx'))
      .send(await d.students.exportExcel(req.params.schoolId)),
  );
}
