import type { NavItem } from '../../app/shell/nav-items';

/** Header entries of the school administration screens. */
export const schoolNav: NavItem[] = [];
