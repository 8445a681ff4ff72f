import type { RouteObject } from 'react-router';

/** Online answer card screens of spec §2 under /book (在线答题卡), each loaded when first visited. */
export const acardRoutes: RouteObject[] = [
  { path: 'subject/:subjectId/acard/template/home', lazy: () => import('./CardHomePage') },
  { path: 'subject/:subjectId/acard/template/create', lazy: () => import('./CardCreatePage') },
  { path: 'dtk', lazy: () => import('./DtkPage') },
];
