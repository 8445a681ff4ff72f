import type { RouteObject } from 'react-router';

/** The leaders' screens (题组长) of spec §2 under /book. */
export const markingLeadRoutes: RouteObject[] = [
  { path: 'subject/:subjectId/overview/block/:blockId', lazy: () => import('./LeadBlockPage') },
  { path: 'review/progress/all', lazy: () => import('./ProgressAllPage') },
];
