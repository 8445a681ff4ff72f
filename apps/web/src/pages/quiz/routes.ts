import type { RouteObject } from 'react-router';

/** 课堂小测 (issue 33) under /book: the list, the create form, a quiz's page and its class result. */
export const quizRoutes: RouteObject[] = [
  { path: 'quiz', lazy: () => import('./QuizListPage') },
  { path: 'quiz/create', lazy: () => import('./QuizCreatePage') },
  { path: 'quiz/:examId', lazy: () => import('./QuizPage') },
  { path: 'quiz/:examId/result', lazy: () => import('./QuizResultPage') },
];

/** The phone capture page: signed in like /book, but without the desktop shell (a 375 px screen). */
export const quizPhoneRoutes: RouteObject[] = [
  { path: 'phone/quiz/:examId', lazy: () => import('./PhoneCapturePage') },
];
