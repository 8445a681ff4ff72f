import type { UserProfile } from '@yj/contracts';
import { examNav } from '../../pages/exam/nav';
import { schoolNav } from '../../pages/school/nav';

/** An entry of the header menu; `show` hides it from users it is not for (the server checks anyway). */
export interface NavItem {
  key: string;
  label: string;
  to: string;
  /** the pathname prefix that selects it */
  match: string;
  show?: (user: UserProfile) => boolean;
}

/** Header entries between 首页 and 帮助中心, in order; each feature area lists its own in its nav.ts. */
export function navItems(): NavItem[] {
  return [...examNav, ...schoolNav];
}
