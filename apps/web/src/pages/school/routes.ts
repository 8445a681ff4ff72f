import type { RouteObject } from 'react-router';

/** School administration screens (spec §2 school/{schoolId}/base_info_ cards) under /book, loaded when first visited. */
export const schoolRoutes: RouteObject[] = [
  { path: 'school', lazy: () => import('./school-index.route') },
  { path: 'school/:schoolId/base_info_/:card?', lazy: () => import('./base-info.route') },
  { path: 'teacherManagement', lazy: () => import('./teacher-management.route') },
];
