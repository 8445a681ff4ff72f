import type { FastifyInstance } from 'fastify';
import { schoolContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { schoolFromBody, schoolFromParams } from '../../plugins/scope';
import type { AuditQueryService } from '../audit/audit-query.service';
import type { SchoolService } from './school.service';

export function schoolRoutes(
  app: FastifyInstance,
  d: { school: SchoolService; log: AuditQueryService },
): void {
  const on = contractRoutes(app);
  on(c.records, ({ params, body }) => d.log.schoolLog(params.schoolId, body.page, body.size), {
    scope: schoolFromParams,
  });
  on(c.statistics, ({ body }) => d.school.statistics(body.schoolId), { scope: schoolFromBody });
}
