import type { Capability } from '@yj/contracts';
import type { NavItem } from '../../app/shell/nav-items';

/** What fills the download center: the capabilities of the export routes (students' scores, rosters, reports). */
const EXPORTERS: readonly Capability[] = ['score.students.read', 'exam.manage', 'score.download'];

/** Header entry of the download center (spec §2 download/center): each user sees their own exports. */
export const exportNav: NavItem[] = [
  {
    key: 'downloadCenter',
    label: '下载中心',
    to: '/book/download/center',
    match: '/book/download',
    show: (u) => EXPORTERS.some((c) => u.held.includes(c)),
  },
];
