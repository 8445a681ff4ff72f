import type { NavItem } from '../../app/shell/nav-items';

/** Header entries of the exam screens. */
export const examNav: NavItem[] = [];
