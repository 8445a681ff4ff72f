import type { NavItem } from '../../app/shell/nav-items';

/** Header entry of the download center (spec §2 download/center): every user sees their own exports. */
export const exportNav: NavItem[] = [
  { key: 'downloadCenter', label: '下载中心', to: '/book/download/center', match: '/book/download' },
];
