import type { RouteObject } from 'react-router';

/** Exam screens of spec §2 under /book, each loaded when first visited. */
export const examRoutes: RouteObject[] = [
  { path: 'inSchool', lazy: () => import('./InSchoolPage') },
  { path: 'jointExam/home', lazy: () => import('./JointHomePage') },
  { path: 'singleCreateExam', lazy: () => import('./SingleCreatePage') },
  { path: 'create/jointExam', lazy: () => import('./JointCreatePage') },
  { path: 'exam/:examId', lazy: () => import('./ExamDetailPage') },
  { path: 'exam/:examId/edit', lazy: () => import('./ExamEditPage') },
  { path: 'exam/:examId/studentManagement', lazy: () => import('./ExamStudentsPage') },
  { path: 'exam/:examId/dynamicLog', lazy: () => import('./DynamicLogPage') },
  { path: 'exam/:examId/hide', lazy: () => import('./ExamHidePage') },
  { path: 'exam/:examId/startReviewManage', lazy: () => import('./StartReviewManagePage') },
  { path: 'exam/:examId/scoreRelease', lazy: () => import('./ScoreReleasePage') },
  { path: 'exam/permission/setting', lazy: () => import('./PermissionSettingPage') },
  { path: 'staffInformation/:examId', lazy: () => import('./StaffPage') },
  { path: 'subject/:subjectId', lazy: () => import('./SubjectDetailPage') },
  { path: 'subject/:subjectId/studentManagement', lazy: () => import('./SubjectStudentsPage') },
];
