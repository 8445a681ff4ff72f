import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@yj/contracts';
import { can, IMPORT_MAX_BYTES, schoolContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { fail } from '../../errors';
import { sendXlsx } from '../../lib/excel';
import { actorOf, heavy, ok, readUpload } from '../../plugins/http';
import { schoolFromParams } from '../../plugins/scope';
import type { SchoolService } from './school.service';
import type { TeacherService } from './teacher.service';

const params = z.object({ schoolId: idParam() });
const manage = { capability: 'school.manage' as const, scope: schoolFromParams };
const scope = { scope: schoolFromParams };

async function mayViewPhones(req: FastifyRequest, schoolId: number): Promise<boolean> {
  return can(await req.principal(), 'school.phone.view', { schoolId });
}

export function teacherRoutes(
  app: FastifyInstance,
  d: { teachers: TeacherService; school: SchoolService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);
  const base = '/api/school/:schoolId/teachers';

  on(
    c.teachers,
    async ({ params, body }, req) =>
      d.teachers.list(params.schoolId, body, await mayViewPhones(req, params.schoolId)),
    scope,
  );
  on(
    c.teacherByPhone,
    async ({ params, query }, req) =>
      d.teachers.findByPhone(
        params.schoolId,
        query.phone || undefined,
        await mayViewPhones(req, params.schoolId),
      ),
    scope,
  );
  on(c.addTeacher, ({ params, body }, req) => d.teachers.addOne(params.schoolId, body, actorOf(req)), scope);
  on(
    c.updateTeacher,
    async ({ params, body }, req) => {
      await d.teachers.update(params.schoolId, body.oldInfo, body.newInfo, actorOf(req));
      return null;
    },
    scope,
  );
  on(
    c.deleteTeachers,
    ({ params, body }, req) => d.teachers.remove(params.schoolId, body.ids, actorOf(req)),
    scope,
  );
  on(
    c.deleteAllTeachers,
    async ({ params, body }, req) => {
      const school = await d.school.find(params.schoolId);
      if (!school || body.confirm !== school.name) throw fail('deleteTeachersConfirmMismatch');
      return d.teachers.remove(params.schoolId, 'all', actorOf(req));
    },
    scope,
  );
  // the import, template and export stay on Fastify's own registration: a multipart body, Excel answers
  r.post(`${base}/import`, { schema: { params }, config: manage }, async (req) => {
    const body = await readUpload(req, IMPORT_MAX_BYTES, 'excelFileRequired', 'excelFileTooLarge');
    return ok(await heavy(req, () => d.teachers.importExcel(req.params.schoolId, body, actorOf(req))));
  });
  r.get(`${base}/template`, { schema: { params }, config: manage }, async (_req, reply) =>
    sendXlsx(reply, '老师导入模板.xlsx', await d.teachers.template()),
  );
  r.get(`${base}/export`, { schema: { params }, config: manage }, async (req, reply) =>
    sendXlsx(reply, '老师名单.xlsx', await d.teachers.exportExcel(req.params.schoolId)),
  );
}
