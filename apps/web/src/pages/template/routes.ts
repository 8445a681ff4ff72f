import type { RouteObject } from 'react-router';

/** Template screens of spec §2 under /book, each loaded when first visited. */
export const templateRoutes: RouteObject[] = [
  { path: 'subject/:subjectId/template/home', lazy: () => import('./TemplateHomePage') },
  { path: 'subject/:subjectId/template/create', lazy: () => import('./TemplateCreatePage') },
  { path: 'subject/:subjectId/template/edit', lazy: () => import('./TemplateEditPage') },
  { path: 'exam/:examId/allTemplate', lazy: () => import('./AllTemplatePage') },
];
