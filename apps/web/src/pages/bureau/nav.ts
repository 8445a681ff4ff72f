import type { NavItem } from '../../app/shell/nav-items';

/** Header entry of the bureau's screens, for bureau administrators (and the system administrator). */
export const bureauNav: NavItem[] = [
  {
    key: 'bureau',
    label: '教育局',
    to: '/book/bureau',
    match: '/book/bureau',
    show: (u) => u.roles.includes('bureauAdmin') || u.isAdmin,
  },
];
