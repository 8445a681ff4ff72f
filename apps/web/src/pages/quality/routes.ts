import type { RouteObject } from 'react-router';

/** Live progress and 质检 screens of spec §2 under /book. */
export const qualityRoutes: RouteObject[] = [
  { path: 'exam/:examId/all_review_progress_all', lazy: () => import('./ExamProgressPage') },
  { path: 'qualityMonitorBlock', lazy: () => import('./QualityBlockPage') },
  { path: 'qualityMonitorStudent', lazy: () => import('./QualityPapersPage') },
];
