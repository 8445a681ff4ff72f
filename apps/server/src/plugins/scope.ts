import type { FastifyRequest } from 'fastify';
import type { Scope } from '@yj/contracts';

/** Scope from the :schoolId path parameter (validated by the route schema before the check runs). */
export const schoolFromParams = (req: FastifyRequest): Scope => ({
  schoolId: Number((req.params as { schoolId: unknown }).schoolId),
});
/** Scope from a schoolId field of the body. */
export const schoolFromBody = (req: FastifyRequest): Scope => ({
  schoolId: Number((req.body as { schoolId: unknown }).schoolId),
});
