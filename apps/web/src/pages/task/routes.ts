import type { RouteObject } from 'react-router';

/**
 * Spec §2 utilities task_info and offline/task: both name the person's background tasks, so both open 我的任务
 * (offline/task is the one the header links to).
 */
export const taskRoutes: RouteObject[] = [
  { path: 'offline/task', lazy: () => import('./TaskPage') },
  { path: 'task_info', lazy: () => import('./TaskPage') },
];
