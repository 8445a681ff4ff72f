import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orgCreate, schoolCreate } from '@yj/contracts';
import { authOf, metaOf, ok } from '../../plugins/http';
import type { OrgService } from './org.service';

export function orgRoutes(app: FastifyInstance, d: { org: OrgService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actor = (req: FastifyRequest) => ({ userId: authOf(req).userId, ip: metaOf(req).ip });
  r.get('/api/org/organizeAll', { config: { capability: 'org.read' } }, async () => ok(await d.org.tree()));
  r.post('/api/admin/org', { schema: { body: orgCreate }, config: { capability: 'system.manage' } }, async (req) => ok(await d.org.createOrg(req.body, actor(req))));
  r.post('/api/admin/school', { schema: { body: schoolCreate }, config: { capability: 'system.manage' } }, async (req) =>
    ok(await d.org.createSchool(req.body, actor(req))),
  );
}
