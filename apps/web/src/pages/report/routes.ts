import type { RouteObject } from 'react-router';

/** The reports of spec §2 (report_forms): an exam's score reports, and a student's printable report. */
export const reportRoutes: RouteObject[] = [
  {
    path: 'report_forms/:examId',
    // its own module, fetched beside the page's: the report's reads start without waiting for the page's code
    loader: async (args) => (await import('./report-preload')).preloadReport(args),
    lazy: () => import('./ReportFormsPage'),
  },
  { path: 'report_forms/:examId/student/:examineeId', lazy: () => import('./StudentReportPage') },
];
