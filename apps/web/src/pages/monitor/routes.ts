import type { RouteObject } from 'react-router';

/** The page-static monitor's summary (spec §9 page-static), the system administrator's. */
export const monitorRoutes: RouteObject[] = [
  { path: 'monitor/page-static', lazy: () => import('./MonitorPage') },
];
