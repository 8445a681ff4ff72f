import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { homeExamsQuery } from '@yj/contracts';
import { authOf, ok } from '../../plugins/http';
import type { HomeService } from './home.service';

export function homeRoutes(app: FastifyInstance, d: { home: HomeService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/home/exams',
    { schema: { body: homeExamsQuery }, config: { capability: 'home.read' } },
    async (req) => ok(await d.home.exams(authOf(req).userId, req.body)),
  );
}
