import type { RouteObject } from 'react-router';

/** The bureau's screens (issue 35): its schools and 联考, each 联考's progress per school, schools compared. */
export const bureauRoutes: RouteObject[] = [
  { path: 'bureau', lazy: () => import('./BureauHomePage') },
  { path: 'bureau/admins', lazy: () => import('./BureauAdminsPage') },
  { path: 'bureau/exam/:examId/progress', lazy: () => import('./BureauProgressPage') },
  { path: 'bureau/exam/:examId/compare', lazy: () => import('./ComparePage') },
];
