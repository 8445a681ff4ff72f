import type { RouteObject } from 'react-router';

/** 智能辅助 of spec §2 under /book: setting/intelligent, its check and intelligentReview. */
export const intelligentRoutes: RouteObject[] = [
  { path: 'subject/:subjectId/setting/intelligent', lazy: () => import('./SettingPage') },
  { path: 'subject/:subjectId/setting/intelligent/check', lazy: () => import('./CheckPage') },
  { path: 'subject/:subjectId/setting/intelligent/intelligentReview', lazy: () => import('./ReviewPage') },
  // the markers' list of the blanks 智能判空 scored 0 (reachable from 回评 / review/task)
  {
    path: 'subject/:subjectId/setting/intelligent/intelligentReview/blank',
    lazy: () => import('./BlanksPage'),
  },
];
