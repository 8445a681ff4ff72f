import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id, idParam } from '@yj/contracts';
import { adminAdd, can, phone, schoolIdBody } from '@yj/contracts';
import { actorOf, ok } from '../../plugins/http';
import { schoolFromBody, schoolFromParams } from '../../plugins/scope';
import type { AdminService } from './admin.service';

const params = z.object({ schoolId: idParam() });
const manage = { capability: 'school.manage' as const, scope: schoolFromParams };

export function adminRoutes(app: FastifyInstance, d: { admins: AdminService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/school/getAdmins',
    { schema: { body: schoolIdBody }, config: { capability: 'school.manage', scope: schoolFromBody } },
    async (req) =>
      ok(
        await d.admins.list(
          req.body.schoolId,
          can(await req.principal(), 'school.phone.view', { schoolId: req.body.schoolId }),
        ),
      ),
  );
  r.post('/api/school/:schoolId/admin', { schema: { params, body: adminAdd }, config: manage }, async (req) =>
    ok(await d.admins.add(req.params.schoolId, req.body.phone, req.body.name, actorOf(req))),
  );
  r.delete(
    '/api/school/:schoolId/admin',
    { schema: { params, body: z.object({ userId: id() }) }, config: manage },
    async (req) => {
      await d.admins.remove(req.params.schoolId, req.body.userId, actorOf(req));
      return ok(null);
    },
  );
  r.delete(
    '/api/school/:schoolId/admin/del',
    { schema: { params, body: z.object({ phone }) }, config: manage },
    async (req) => {
      await d.admins.cancelByPhone(req.params.schoolId, req.body.phone, actorOf(req));
      return ok(null);
    },
  );
}
