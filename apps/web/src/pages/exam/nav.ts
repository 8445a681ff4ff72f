import type { NavItem } from '../../app/shell/nav-items';

/** Header entries of the exam screens: the school's own exams and the joint exams. */
export const examNav: NavItem[] = [
  {
    key: 'exam',
    label: '考试管理',
    to: '/book/inSchool',
    // every screen of one exam or subject (detail, edit, staff, hide, permissions…) belongs here
    match: [
      '/book/inSchool',
      '/book/exam',
      '/book/subject',
      '/book/singleCreateExam',
      '/book/staffInformation',
      // scan screens addressed by ?subjectId=
      '/book/scan',
      '/book/missedExamDetail',
      '/book/uploadorigin',
      '/book/view/student',
      // an exam's reports
      '/book/report_forms',
    ],
    // a teacher who manages an exam (考试管理员 and the like) lists and manages it here too
    show: (u) => u.isSchoolAdmin || u.isAdmin || u.held.includes('exam.manage'),
  },
  {
    key: 'jointExam',
    label: '联考',
    to: '/book/jointExam/home',
    match: ['/book/jointExam', '/book/create/jointExam'],
    show: (u) => u.isSchoolAdmin || u.isAdmin || u.roles.includes('bureauAdmin'),
  },
];
