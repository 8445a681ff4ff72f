import type { RouteObject } from 'react-router';

/** Marking screens of spec §2 (issue 13) under /book. */
export const markingRoutes: RouteObject[] = [
  { path: 'subject/:subjectId/mark/:blockId/:type/:v', lazy: () => import('./MarkPage') },
  { path: 'review/task', lazy: () => import('./ReviewTaskPage') },
  { path: 'review/again/:blockId', lazy: () => import('./ReviewAgainPage') },
  { path: 'multi', lazy: () => import('./MultiPage') },
  { path: 'history', lazy: () => import('./HistoryPage') },
  { path: 'originPicAndAnswer', lazy: () => import('./OriginPage') },
];
