import type { FastifyInstance } from 'fastify';
import { ok } from '../../plugins/http';
import type { OrgService } from './org.service';

export function orgRoutes(app: FastifyInstance, d: { org: OrgService }): void {
  app.get('/api/org/organizeAll', { config: { capability: 'org.read' } }, async () => ok(await d.org.tree()));
}
