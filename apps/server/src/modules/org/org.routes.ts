import type { FastifyInstance } from 'fastify';
import { schoolContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { actorOf } from '../../plugins/http';
import type { OrgService } from './org.service';

export function orgRoutes(app: FastifyInstance, d: { org: OrgService }): void {
  const on = contractRoutes(app);
  on(c.orgTree, () => d.org.tree());
  on(c.createOrg, ({ body }, req) => d.org.createOrg(body, actorOf(req)));
  on(c.createSchool, ({ body }, req) => d.org.createSchool(body, actorOf(req)));
}
