import type { NavItem } from '../../app/shell/nav-items';

/**
 * Header entry of the answer-card tool (spec §2 lists dtk among the utilities): offered to who may edit some
 * subject's settings (templates are one), since making a card is saving one; the exam and subject lists it
 * offers are what the user may see.
 */
export const acardNav: NavItem[] = [
  {
    key: 'dtk',
    label: '答题卡制作',
    to: '/book/dtk',
    match: '/book/dtk',
    show: (u) => u.held.includes('subject.setting.edit'),
  },
];
