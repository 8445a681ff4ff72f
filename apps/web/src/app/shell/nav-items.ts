import type { UserProfile } from '@yj/contracts';
import { acardNav } from '../../pages/acard/nav';
import { examNav } from '../../pages/exam/nav';
import { markingNav } from '../../pages/marking/nav';
import { schoolNav } from '../../pages/school/nav';
import { toolNav } from '../../pages/tool/nav';
import { exportNav } from '../../pages/export/nav';
import { bureauNav } from '../../pages/bureau/nav';
import { quizNav } from '../../pages/quiz/nav';
import { monitorNav } from '../../pages/monitor/nav';

/** An entry of the header menu; `show` hides it from users it is not for (the server checks anyway). */
export interface NavItem {
  key: string;
  label: string;
  to: string;
  /** the pathname prefixes that select it (whole path segments: /book/exam matches /book/exam/3) */
  match: string | readonly string[];
  /** addresses with an id inside (subject/3/mark/…) that belong here whatever prefix also matches */
  pattern?: RegExp;
  show?: (user: UserProfile) => boolean;
}

/** Header entries between 首页 and 帮助中心, in order; each feature area lists its own in its nav.ts. */
export function navItems(): NavItem[] {
  return [
    ...bureauNav,
    ...examNav,
    ...quizNav,
    ...markingNav,
    ...schoolNav,
    ...monitorNav,
    ...acardNav,
    ...toolNav,
    ...exportNav,
  ];
}

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

/** Pages the header's icons own (the bell's messages, 我的任务), not a menu entry: nothing in the menu is lit there. */
const OWNED_BY_ICONS = ['/book/messages', '/book/offline/task', '/book/task_info'] as const;

/** The header entry a page belongs to: 帮助中心 (with its videos), the entry with the longest matching prefix, else 首页. */
export function selectedNavKey(pathname: string, items: readonly NavItem[]): string {
  if (under(pathname, '/book/help') || under(pathname, '/book/view/video')) return 'help';
  if (OWNED_BY_ICONS.some((p) => under(pathname, p))) return '';
  const patterned = items.find((i) => i.pattern?.test(pathname));
  if (patterned) return patterned.key;
  let best: { key: string; length: number } | null = null;
  for (const item of items) {
    for (const prefix of typeof item.match === 'string' ? [item.match] : item.match) {
      if (under(pathname, prefix) && (!best || prefix.length > best.length))
        best = { key: item.key, length: prefix.length };
    }
  }
  return best?.key ?? 'home';
}

/**
 * The menu entries lit for a page, for the user's menu (`visible`): the page's own entry; none when the page is
 * the bell's, or belongs to an entry this user is not shown (校内考试 opened from a breadcrumb by a teacher) —
 * 首页 only for the pages that are nobody else's.
 */
export function litNavKeys(pathname: string, visible: readonly NavItem[]): string[] {
  const key = selectedNavKey(pathname, visible);
  if (key !== 'home') return key ? [key] : [];
  return selectedNavKey(pathname, navItems()) === 'home' ? ['home'] : [];
}
