import type { RouteObject } from 'react-router';

/** The reports of spec §2 (report_forms): an exam's score reports, and a student's printable report. */
export const reportRoutes: RouteObject[] = [
  { path: 'report_forms/:examId', lazy: () => import('./ReportFormsPage') },
  { path: 'report_forms/:examId/student/:examineeId', lazy: () => import('./StudentReportPage') },
];
