import type { NavItem } from '../../app/shell/nav-items';

/**
 * Header entry of the downloads (spec §2 lists tool/download among the utilities): the one program there is the
 * scan client, so the entry is offered to who may scan somewhere (scan.agent); the page itself still says why to
 * anyone who opens its address without it, and the server decides who may download.
 */
export const toolNav: NavItem[] = [
  {
    key: 'toolDownload',
    label: '工具下载',
    to: '/book/tool/download',
    match: '/book/tool',
    show: (u) => u.held.includes('scan.agent'),
  },
];
