import type { FastifyInstance, FastifyRequest } from 'fastify';
import { monitorContract as c } from '@yj/contracts';
import { contractRoutes } from '../../plugins/contract';
import { authOf } from '../../plugins/http';
import type { MonitorService } from './monitor.service';

/**
 * Batches a signed-in session may post a minute: the web sends one every few seconds at most (a batch holds up to
 * 50 events), so this only stops a runaway or hostile client.
 */
export const MONITOR_BATCHES_PER_MINUTE = 60;

/** Spec §9 POST page-static monitor (click tracking included) and the system administrator's summary. */
export function monitorRoutes(app: FastifyInstance, d: { monitor: MonitorService }): void {
  const on = contractRoutes(app);
  on(c.collect, async ({ body }, req) => d.monitor.collect(body, authOf(req).schoolId), {
    rateLimit: {
      max: MONITOR_BATCHES_PER_MINUTE,
      timeWindow: '1 minute',
      // after the session is read: counted per session, not per address (a school's teachers share one)
      hook: 'preHandler',
      keyGenerator: (req: FastifyRequest) => `monitor:${req.auth ? `s${req.auth.sessionId}` : req.ip}`,
    },
  });
  on(c.summary, async ({ query }) => d.monitor.summary(query));
}
