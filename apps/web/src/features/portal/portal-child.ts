import type { PortalMe } from '@yj/contracts';
import { createContext, useContext } from 'react';

/** Whose results the portal screens show: the student themselves (no id sent), or the parent's chosen child. */
export interface PortalWho {
  me: PortalMe;
  /** sent as ?studentId for a parent; undefined for a student */
  studentId: number | undefined;
  /** the child's name and class, for the header */
  childName: string;
}

export const PortalWhoContext = createContext<PortalWho | null>(null);

export function usePortalWho(): PortalWho {
  const who = useContext(PortalWhoContext);
  if (!who) throw new Error('usePortalWho outside the portal shell');
  return who;
}

/** The child a parent chose (?c=<studentId>, else the first bound); a student is their own child. */
export function chooseChild(me: PortalMe, chosen: string | null): PortalWho {
  const child = me.children.find((c) => String(c.studentId) === chosen) ?? me.children[0];
  return {
    me,
    studentId: me.kind === 'parent' ? child?.studentId : undefined,
    childName: child ? `${child.name} · ${child.className}` : '',
  };
}

/** A portal link that keeps the parent's chosen child. */
export const linkFor = (who: PortalWho, to: string): string =>
  who.me.kind === 'parent' && who.studentId ? `${to}?c=${who.studentId}` : to;
