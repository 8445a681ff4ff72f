import type { FastifyInstance } from 'fastify';
import { can, schoolContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import { schoolFromBody, schoolFromParams } from '../../plugins/scope';
import type { AdminService } from './admin.service';

const scope = { scope: schoolFromParams };

export function adminRoutes(app: FastifyInstance, d: { admins: AdminService }): void {
  const on = contractRoutes(app);

  on(
    c.admins,
    async ({ body }, req) =>
      d.admins.list(
        body.schoolId,
        can(await req.principal(), 'school.phone.view', { schoolId: body.schoolId }),
      ),
    { scope: schoolFromBody },
  );
  on(
    c.addAdmin,
    ({ params, body }, req) => d.admins.add(params.schoolId, body.phone, body.name, actorOf(req)),
    scope,
  );
  on(
    c.removeAdmin,
    async ({ params, body }, req) => {
      await d.admins.remove(params.schoolId, body.userId, actorOf(req));
      return null;
    },
    scope,
  );
  on(
    c.cancelAdmin,
    async ({ params, body }, req) => {
      await d.admins.cancelByPhone(params.schoolId, body.phone, actorOf(req));
      return null;
    },
    scope,
  );
}
