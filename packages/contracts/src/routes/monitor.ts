import { monitorAccepted, monitorBatch, monitorSummary, monitorSummaryQuery } from '../monitor';
import { defineRoute } from '../route';

/** Spec §9 POST page-static monitor and the click-tracking events; the system administrator's summary. */
export const monitorContract = {
  collect: defineRoute({
    method: 'POST',
    path: '/api/monitor/page-static',
    access: 'monitor.collect',
    body: monitorBatch,
    response: monitorAccepted,
  }),
  summary: defineRoute({
    method: 'GET',
    path: '/api/monitor/summary',
    access: 'monitor.read',
    query: monitorSummaryQuery,
    response: monitorSummary,
  }),
};
