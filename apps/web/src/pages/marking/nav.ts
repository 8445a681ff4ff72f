import type { NavItem } from '../../app/shell/nav-items';

/**
 * 阅卷任务: teachers (阅卷老师, 题组长 are teachers of a school); the profile does not list exam roles, so
 * the page itself says when there is nothing to mark.
 */
export const markingNav: NavItem[] = [
  {
    key: 'reviewTask',
    label: '阅卷任务',
    to: '/book/review/task',
    match: [
      '/book/review',
      '/book/multi',
      '/book/history',
      '/book/originPicAndAnswer',
      '/book/abnormal',
      // a leader's (a teacher's) block and overview pages sit under /book/subject too: 考试管理 keeps them for those
      // who see it (listed first, it wins the tie), a teacher without it finds them here, not under 首页
      '/book/subject',
    ],
    // the marking screen sits under /book/subject (考试管理's prefix) but is the marker's page
    pattern: /^\/book\/subject\/\d+\/mark\//,
    show: (u) => u.roles.includes('teacher') || u.isSchoolAdmin,
  },
];
