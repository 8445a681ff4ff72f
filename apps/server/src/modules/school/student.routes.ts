import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@yj/contracts';
import { IMPORT_MAX_BYTES, schoolContract as c } from '@yj/contracts';
import { fail } from '../../errors';
import { contractRoutes } from '../../plugins/contract';
import { sendXlsx } from '../../lib/excel';
import { actorOf, heavy, ok, readUpload } from '../../plugins/http';
import { schoolFromParams } from '../../plugins/scope';
import type { SchoolService } from './school.service';
import type { StudentService } from './student.service';

const params = z.object({ schoolId: idParam() });
const manage = { capability: 'school.manage' as const, scope: schoolFromParams };
const scope = { scope: schoolFromParams };

export function studentRoutes(
  app: FastifyInstance,
  d: { students: StudentService; school: SchoolService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);
  const base = '/api/school/:schoolId/students';

  on(c.students, ({ params, body }) => d.students.list(params.schoolId, body), scope);
  on(c.addStudent, ({ params, body }, req) => d.students.addOne(params.schoolId, body, actorOf(req)), scope);
  on(
    c.updateStudent,
    async ({ params, body }, req) => {
      await d.students.update(params.schoolId, body.oldInfo, body.newInfo, actorOf(req));
      return null;
    },
    scope,
  );
  on(
    c.deleteStudents,
    ({ params, body }, req) => d.students.remove(params.schoolId, body.ids, actorOf(req)),
    scope,
  );
  on(
    c.deleteAllStudents,
    async ({ params, body }, req) => {
      const school = await d.school.find(params.schoolId);
      if (!school || body.confirm !== school.name) throw fail('deleteStudentsConfirmMismatch');
      return d.students.remove(params.schoolId, 'all', actorOf(req));
    },
    scope,
  );
  // the import, template and export stay on Fastify's own registration: a multipart body, Excel answers
  const importQuery = z.object({ onlyValid: z.enum(['true', 'false']).default('false') });
  r.post(`${base}/import`, { schema: { params, querystring: importQuery }, config: manage }, async (req) => {
    const body = await readUpload(req, IMPORT_MAX_BYTES, 'excelFileRequired', 'excelFileTooLarge');
    const onlyValid = req.query.onlyValid === 'true';
    return ok(
      await heavy(req, () => d.students.importExcel(req.params.schoolId, body, onlyValid, actorOf(req))),
    );
  });
  r.get(`${base}/template`, { schema: { params }, config: manage }, async (_req, reply) =>
    sendXlsx(reply, '学生导入模板.xlsx', await d.students.template()),
  );
  r.get(`${base}/export`, { schema: { params }, config: manage }, async (req, reply) =>
    sendXlsx(reply, '学生名单.xlsx', await d.students.exportExcel(req.params.schoolId)),
  );
}
