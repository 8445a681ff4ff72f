import type { RouteObject } from 'react-router';

/** The subject's score screens of spec §2: subject/{subjectId}/score with summary (default), stuScore, scoreCheck. */
export const scoreRoutes: RouteObject[] = [
  {
    path: 'subject/:subjectId/score',
    lazy: () => import('./ScorePage'),
    children: [
      { index: true, lazy: () => import('./SummaryPage') },
      { path: 'summary', lazy: () => import('./SummaryPage') },
      { path: 'stuScore', lazy: () => import('./StuScorePage') },
      { path: 'scoreCheck', lazy: () => import('./ScoreCheckPage') },
      { path: 'adjust/checkdetail', lazy: () => import('./AdjustmentsPage') },
      { path: 'adjust/kaohao', lazy: () => import('./KaohaoMovePage') },
      { path: 'irregular', lazy: () => import('./IrregularPage') },
    ],
  },
];
