import type { RouteObject } from 'react-router';

/** 试评 (issue 14): the manager's trial page and the leader's trial results, under /book. */
export const trialRoutes: RouteObject[] = [
  { path: 'subject/:subjectId/trial', lazy: () => import('./TrialManagePage') },
  { path: 'subject/:subjectId/trial/block/:blockId', lazy: () => import('./TrialLeadPage') },
];
