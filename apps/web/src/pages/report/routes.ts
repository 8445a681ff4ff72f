import type { RouteObject } from 'react-router';

/** The reports of spec §2 (report_forms): an exam's score reports. */
export const reportRoutes: RouteObject[] = [
  { path: 'report_forms/:examId', lazy: () => import('./ReportFormsPage') },
];
