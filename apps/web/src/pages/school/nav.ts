import type { NavItem } from '../../app/shell/nav-items';

/** Header entries of the school administration screens. */
export const schoolNav: NavItem[] = [
  {
    key: 'school',
    label: '学校管理',
    // /book/school redirects to the signed-in user's own school.
    to: '/book/school',
    match: '/book/school',
    show: (u) => u.isSchoolAdmin || u.isAdmin,
  },
];
