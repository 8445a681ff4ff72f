import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { BASE_PATH } from '../api/constants';
import { examRoutes } from '../pages/exam/routes';
import { schoolRoutes } from '../pages/school/routes';
import { templateRoutes } from '../pages/template/routes';
import { acardRoutes } from '../pages/acard/routes';
import { scanRoutes } from '../pages/scan/routes';
import { questionRoutes } from '../pages/question/routes';
import { markingRoutes } from '../pages/marking/routes';
import { markingLeadRoutes } from '../pages/marking-lead/routes';
import { intelligentRoutes } from '../pages/intelligent/routes';
import { qualityRoutes } from '../pages/quality/routes';
import { qualityTestRoutes } from '../pages/quality-test/routes';
import { scoreRoutes } from '../pages/score/routes';
import { exportRoutes } from '../pages/export/routes';
import { trialRoutes } from '../pages/trial/routes';
import { reportRoutes } from '../pages/report/routes';
import { bureauRoutes } from '../pages/bureau/routes';
import { quizPhoneRoutes, quizRoutes } from '../pages/quiz/routes';
import { portalRoutes } from '../pages/portal/routes';
import { taskRoutes } from '../pages/task/routes';
import { monitorRoutes } from '../pages/monitor/routes';
import { registerSessionHandlers } from '../api/session';
import { InitialProgressBar } from './progress/TopProgressBar';
import { queryClient } from './query-client';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

/**
 * Spec §2 routes that work today. A route is added only when its screen works; every unknown path
 * goes to /login.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <InitialProgressBar />,
    children: [
      { index: true, loader: () => redirect('/book/home') },
      { path: 'login', lazy: () => import('../pages/login/route') },
      { path: 'forgetPwd', lazy: () => import('../pages/forget-pwd/route') },
      { path: 'scan-login', lazy: () => import('../pages/scan-login/route') },
      ...portalRoutes,
      ...quizPhoneRoutes,
      {
        path: 'book',
        lazy: () => import('./shell/route'),
        children: [
          { index: true, loader: () => redirect('/book/home') },
          { path: 'home', lazy: () => import('../pages/home/route') },
          { path: 'help', lazy: () => import('../pages/help/route') },
          // spec's view/video: one help video full-page
          { path: 'view/video/:topic', lazy: () => import('../pages/help/video-route') },
          { path: 'messages', lazy: () => import('../pages/messages/route') },
          { path: 'tool/download', lazy: () => import('../pages/tool/route') },
          ...examRoutes,
          ...schoolRoutes,
          ...templateRoutes,
          ...acardRoutes,
          ...scanRoutes,
          ...questionRoutes,
          ...markingRoutes,
          ...markingLeadRoutes,
          ...intelligentRoutes,
          ...qualityRoutes,
          ...qualityTestRoutes,
          ...scoreRoutes,
          ...exportRoutes,
          ...trialRoutes,
          ...reportRoutes,
          ...bureauRoutes,
          ...quizRoutes,
          ...taskRoutes,
          ...monitorRoutes,
        ],
      },
      { path: '*', loader: () => redirect('/login') },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes, { basename: BASE_PATH });
  registerSessionHandlers(
    (to) => void router.navigate(to, { replace: true }),
    () => queryClient.clear(),
  );
  return router;
}
