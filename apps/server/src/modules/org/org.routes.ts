import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orgCreate, schoolCreate } from '@yj/contracts';
import { actorOf, ok } from '../../plugins/http';
import type { OrgService } from './org.service';

export function orgRoutes(app: FastifyInstance, d: { org: OrgService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/org/organizeAll', { config: { capability: 'org.read' } }, async () => ok(await d.org.tree()));
  r.post(
    '/api/admin/org',
    { schema: { body: orgCreate }, config: { capability: 'system.manage' } },
    async (req) => ok(await d.org.createOrg(req.body, actorOf(req))),
  );
  r.post(
    '/api/admin/school',
    { schema: { body: schoolCreate }, config: { capability: 'system.manage' } },
    async (req) => ok(await d.org.createSchool(req.body, actorOf(req))),
  );
}
