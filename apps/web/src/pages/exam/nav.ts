import type { NavItem } from '../../app/shell/nav-items';

/** Header entries of the exam screens: the school's own exams and the joint exams. */
export const examNav: NavItem[] = [
  {
    key: 'exam',
    label: '考试管理',
    to: '/book/inSchool',
    // the detail, edit and staff screens belong to this entry too
    match: '/book/inSchool',
    show: (u) => u.isSchoolAdmin || u.isAdmin,
  },
  {
    key: 'jointExam',
    label: '联考',
    to: '/book/jointExam/home',
    match: '/book/jointExam',
    show: (u) => u.isSchoolAdmin || u.isAdmin,
  },
];
