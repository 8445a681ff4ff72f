import { monitorContract, type MonitorEvent } from '@yj/contracts';
import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { FILTER_BASE } from '../../api/constants';
import { XHR_HEADER } from '../../api/filter';
import { routePattern } from './route-pattern';
import { createTracker, type Tracker } from './tracker';

/**
 * A batch is posted with fetch's keepalive, outside the screens' request helper: the last batch is sent as the
 * page closes and must outlive it, and counting views must never show an error or be cancelled with a screen's
 * reads.
 */
function post(events: MonitorEvent[]): void {
  void fetch(`${FILTER_BASE}${monitorContract.collect.path}`, {
    method: 'POST',
    headers: { ...XHR_HEADER, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ events }),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined);
}

let tracker: Tracker | null = null;
const theTracker = () => (tracker ??= createTracker(post));

/**
 * The page-static monitor in the signed-in shell: a view for every address opened (by its route pattern), a
 * click for every control marked `data-track="<key>"` (the React form of the spec's click-tracking directive).
 */
export function useMonitor(): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const page = routePattern(pathname, matches.at(-1)?.params ?? {});
  const pageRef = useRef(page);

  useEffect(() => {
    // the click listener below reads the page of the moment
    pageRef.current = page;
    theTracker().view(page);
  }, [page, pathname]);

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const el = e.target instanceof Element ? e.target.closest('[data-track]') : null;
      const key = el?.getAttribute('data-track');
      if (key) theTracker().click(pageRef.current, key);
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') theTracker().flush();
    };
    const onPageHide = () => theTracker().flush();
    document.addEventListener('click', onClick, true);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);
}
