import type { RouteObject } from 'react-router';

/** The leaders' screens (题组长) of spec §2 under /book: the overview family, progress, 问题卷. */
export const markingLeadRoutes: RouteObject[] = [
  { path: 'subject/:subjectId/overview', lazy: () => import('./OverviewPage') },
  { path: 'subject/:subjectId/overview/blockOrStudent', lazy: () => import('./BlockOrStudentPage') },
  { path: 'subject/:subjectId/overview/block/:blockId', lazy: () => import('./LeadBlockPage') },
  // 重新选题 (spec §2): `{step}` the block whose marking is redone, `{reSelectFlag}` 1
  { path: 'subject/:subjectId/:step/resetting/:reSelectFlag', lazy: () => import('./ReselectPage') },
  { path: 'subject/:subjectId/overview/check/block/:blockId', lazy: () => import('./CheckBlockPage') },
  { path: 'subject/:subjectId/overview/check/checkStuPaper', lazy: () => import('./CheckStuPaperPage') },
  { path: 'review/progress/all', lazy: () => import('./ProgressAllPage') },
  { path: 'abnormal', lazy: () => import('./AbnormalPage') },
  { path: 'review/abnormal/blockview', lazy: () => import('./AbnormalBlockPage') },
];
