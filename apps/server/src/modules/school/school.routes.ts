import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolIdBody } from '@yj/contracts';
import { ok } from '../../plugins/http';
import type { SchoolService } from './school.service';

export function schoolRoutes(app: FastifyInstance, d: { school: SchoolService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/school/getStatistics',
    {
      schema: { body: schoolIdBody },
      config: { capability: 'school.statistics.read', scope: (req) => ({ schoolId: (req.body as { schoolId: number }).schoolId }) },
    },
    async (req) => ok(await d.school.statistics(req.body.schoolId)),
  );
}
