import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { admissionContract as c, idParam, IMPORT_MAX_BYTES } from '@yj/contracts';
import { fail } from '../../errors';
import { sendXlsx } from '../../lib/excel';
import { contractRoutes } from '../../plugins/contract';
import { actorOf, heavy, ok, readUpload } from '../../plugins/http';
import { schoolFromParams } from '../../plugins/scope';
import type { AdmissionService } from './admission.service';
import type { SchoolService } from './school.service';

const params = z.object({ schoolId: idParam() });
const manage = { capability: 'school.manage' as const, scope: schoolFromParams };
const scope = { scope: schoolFromParams };

/** 升学去向 (base-info card `university`): the school's administrators keep it, as they keep the roster. */
export function admissionRoutes(
  app: FastifyInstance,
  d: { admissions: AdmissionService; school: SchoolService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const on = contractRoutes(app);
  const base = '/api/school/:schoolId/admissions';

  on(c.list, ({ params, query }) => d.admissions.list(params.schoolId, query), scope);
  on(c.summary, ({ params }) => d.admissions.summary(params.schoolId), scope);
  on(c.add, ({ params, body }, req) => d.admissions.add(params.schoolId, body, actorOf(req)), scope);
  on(
    c.update,
    async ({ params, body }, req) => {
      await d.admissions.update(params.schoolId, params.admissionId, body, actorOf(req));
      return null;
    },
    scope,
  );
  on(
    c.remove,
    ({ params, body }, req) => d.admissions.remove(params.schoolId, body.ids, actorOf(req)),
    scope,
  );
  on(
    c.removeAll,
    async ({ params, body }, req) => {
      const school = await d.school.find(params.schoolId);
      if (!school || body.confirm !== school.name) throw fail('deleteAdmissionsConfirmMismatch');
      return d.admissions.remove(params.schoolId, 'all', actorOf(req));
    },
    scope,
  );
  // the import, template and export stay on Fastify's own registration: a multipart body, Excel answers
  const importQuery = z.object({ onlyValid: z.enum(['true', 'false']).default('false') });
  r.post(`${base}/import`, { schema: { params, querystring: importQuery }, config: manage }, async (req) => {
    const body = await readUpload(req, IMPORT_MAX_BYTES, 'excelFileRequired', 'excelFileTooLarge');
    return ok(
      await heavy(req, () =>
        d.admissions.importExcel(req.params.schoolId, body, req.query.onlyValid === 'true', actorOf(req)),
      ),
    );
  });
  r.get(`${base}/template`, { schema: { params }, config: manage }, async (_req, reply) =>
    sendXlsx(reply, '升学去向导入模板.xlsx', await d.admissions.template()),
  );
  r.get(`${base}/export`, { schema: { params }, config: manage }, async (req, reply) =>
    sendXlsx(reply, '升学去向.xlsx', await d.admissions.exportExcel(req.params.schoolId)),
  );
}
