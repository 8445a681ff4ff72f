import type { NavItem } from '../../app/shell/nav-items';

/** 课堂小测 in the header: for teachers (their own quizzes and classes) and school administrators (the school's). */
export const quizNav: NavItem[] = [
  {
    key: 'quiz',
    label: '课堂小测',
    to: '/book/quiz',
    match: ['/book/quiz'],
    show: (u) => u.held.includes('quiz.read'),
  },
];
