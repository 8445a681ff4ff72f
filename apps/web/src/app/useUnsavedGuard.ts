import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before unsaved edits are thrown away: leaving for another page of the app (a link, the back button)
 * opens a confirm, closing or reloading the tab gets the browser's own warning.
 */
export function useUnsavedGuard(dirty: boolean): void {
  const { modal } = App.useApp();
  // Only a change of page loses the edits: a query string change (a tab, a filter) keeps the component.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
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
