import type { NavItem } from '../../app/shell/nav-items';

/** Header entry of 访问统计: the system administrator's (monitor.read). */
export const monitorNav: NavItem[] = [
  {
    key: 'monitor',
    label: '访问统计',
    to: '/book/monitor/page-static',
    match: '/book/monitor',
    show: (u) => u.held.includes('monitor.read'),
  },
];
