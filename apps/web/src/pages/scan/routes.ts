import type { RouteObject } from 'react-router';

/** Scan screens of spec §2 under /book, each loaded when first visited. */
export const scanRoutes: RouteObject[] = [
  { path: 'subject/:subjectId/answerCard', lazy: () => import('./AnswerCardPage') },
  { path: 'scan/scanException', lazy: () => import('./ScanExceptionPage') },
  { path: 'scan/identifyResults', lazy: () => import('./IdentifyResultsPage') },
  { path: 'missedExamDetail', lazy: () => import('./MissedExamDetailPage') },
  { path: 'uploadorigin', lazy: () => import('./UploadOriginPage') },
  { path: 'view/student/paper', lazy: () => import('./StudentPaperPage') },
  { path: 'scan/view/student/paper', lazy: () => import('./StudentPaperPage') },
  { path: 'exam/:examId/allscan', lazy: () => import('./AllScanPage') },
];
