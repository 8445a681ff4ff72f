import type { RouteObject } from 'react-router';

/** 质检 screens of spec §2 under /book: setting/qualitytest, quality-test/progress2 and report, and 抽查 (spot). */
export const qualityTestRoutes: RouteObject[] = [
  { path: 'subject/:subjectId/setting/qualitytest', lazy: () => import('./QualityTestSettingPage') },
  { path: 'quality-test/progress2', lazy: () => import('./QualityTestProgressPage') },
  { path: 'quality-test/report', lazy: () => import('./QualityTestReportPage') },
  { path: 'quality-test/spot', lazy: () => import('./SpotCheckPage') },
];
