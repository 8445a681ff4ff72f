import type { RouteObject } from 'react-router';

/** Spec §2 download/center (a utility) and exam/{examId}/all_score (a score screen). */
export const exportRoutes: RouteObject[] = [
  { path: 'download/center', lazy: () => import('./DownloadCenterPage') },
  { path: 'exam/:examId/all_score', lazy: () => import('./AllScorePage') },
];
