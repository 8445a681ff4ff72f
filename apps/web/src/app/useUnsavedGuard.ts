import { App } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';

/**
 * The guards holding edits now. A router heeds one blocker only, the last mounted (and a child's registers before
 * its parent's): each guard's blocker asks whether any guard holds edits, so a page with two — an editor inside a
 * settings view — asks for either, whichever blocker the router heeds.
 */
const holdingEdits = new Set<symbol>();

/**
 * Asks before unsaved edits are thrown away: leaving for another page of the app (a link, the back button)
 * opens a confirm, closing or reloading the tab gets the browser's own warning.
 */
export function useUnsavedGuard(dirty: boolean): void {
  const { modal } = App.useApp();
  const [me] = useState(() => Symbol('unsaved'));
  // a layout effect: in place before the router's own effect takes the blocker, and never left by a discarded render
  useLayoutEffect(() => {
    if (!dirty) return;
    holdingEdits.add(me);
    return () => void holdingEdits.delete(me);
  }, [dirty, me]);
  // Only a change of page loses the edits: a query string change (a tab, a filter) keeps the component.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      holdingEdits.size > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  const asking = useRef(false);
  useEffect(() => {
    // one confirm per blocked navigation, however often the page renders meanwhile
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: '有未保存的修改，确定离开吗？',
      content: '离开后，本页未保存的修改会丢失。',
      okText: '离开',
      cancelText: '留在本页',
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
