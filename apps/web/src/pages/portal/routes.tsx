import type { RouteObject } from 'react-router';

/** 学生端 / 家长端 (issue 32): outside the staff's /book shell, each screen loaded when first visited. */
export const portalRoutes: RouteObject[] = [
  {
    path: 'portal/login',
    lazy: async () => ({ Component: (await import('./PortalLoginPage')).PortalLoginPage }),
  },
  {
    path: 'portal',
    lazy: async () => ({ Component: (await import('./PortalShell')).PortalShell }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./ExamListPage')).ExamListPage }) },
      { path: 'exam/:examId', lazy: async () => ({ Component: (await import('./ExamPage')).ExamPage }) },
      {
        path: 'subject/:subjectId',
        lazy: async () => ({ Component: (await import('./SubjectPage')).SubjectPage }),
      },
      {
        path: 'online/:subjectId',
        lazy: async () => ({ Component: (await import('./OnlineSitPage')).OnlineSitPage }),
      },
      { path: 'children', lazy: async () => ({ Component: (await import('./ChildrenPage')).ChildrenPage }) },
      { path: 'account', lazy: async () => ({ Component: (await import('./AccountPage')).AccountPage }) },
    ],
  },
];
