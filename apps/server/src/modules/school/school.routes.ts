import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@yj/contracts';
import { pageQuery, schoolIdBody } from '@yj/contracts';
import { schoolFromParams } from '../../plugins/scope';
import type { AuditQueryService } from '../audit/audit-query.service';
import { ok } from '../../plugins/http';
import type { SchoolService } from './school.service';

export function schoolRoutes(
  app: FastifyInstance,
  d: { school: SchoolService; log: AuditQueryService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/school/:schoolId/records',
    {
      schema: { params: z.object({ schoolId: idParam() }), body: pageQuery },
      config: { capability: 'school.manage', scope: schoolFromParams },
    },
    async (req) => ok(await d.log.schoolLog(req.params.schoolId, req.body.page, req.body.size)),
  );
  r.post(
    '/api/school/getStatistics',
    {
      schema: { body: schoolIdBody },
      config: {
        capability: 'school.statistics.read',
        scope: (req) => ({ schoolId: (req.body as { schoolId: number }).schoolId }),
      },
    },
    async (req) => ok(await d.school.statistics(req.body.schoolId)),
  );
}
