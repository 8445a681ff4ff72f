import type { NavItem } from '../../app/shell/nav-items';

/**
 * Header entry of the downloads (spec §2 lists tool/download among the utilities): every signed-in user may
 * open it; the server decides who may download each program.
 */
export const toolNav: NavItem[] = [
  { key: 'toolDownload', label: '工具下载', to: '/book/tool/download', match: '/book/tool' },
];
