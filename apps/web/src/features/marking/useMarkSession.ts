import type { MarkType } from '@yj/contracts';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { markingApi, trialMarkingApi } from './marking.api';
import { MarkSession } from './mark-session';

/** The browser loads an image ahead so the paper shows at once when its turn comes. */
function preload(url: string) {
  const img = new Image();
  img.src = url;
}
const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * A sitting on one block, type and display count; leaving the screen gives the claimed papers back.
 * `trial`: 试评 — the same sitting on the trial routes.
 */
export function useMarkSession(blockId: number, type: MarkType, shown: number, trial = false) {
  // one sitting per mount (the page keys the screen by block, type and display count)
  const [session] = useState(() => {
    const to = trial ? trialMarkingApi : markingApi;
    return new MarkSession(
      {
        claim: (count) =>
          trial ? trialMarkingApi.claim(blockId, count) : markingApi.claim(blockId, type, count),
        submit: (taskId, body) => to.submit(taskId, body),
        skip: (taskId, token) => to.skip(taskId, token),
        release: (taskId, token) => to.release(taskId, token),
        defer: (taskId, token) => to.defer(taskId, token),
      },
      shown,
      preload,
      wait,
    );
  });
  useEffect(() => {
    session.open();
    const leases = setInterval(() => session.keepLeases(), 120_000);
    // a reload or a closed tab unmounts nothing: give the papers back as the page goes
    const hide = () => session.close();
    const show = (e: PageTransitionEvent) => e.persisted && session.open();
    window.addEventListener('pagehide', hide);
    window.addEventListener('pageshow', show);
    return () => {
      clearInterval(leases);
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('pageshow', show);
      session.close();
    };
  }, [session]);
  const view = useSyncExternalStore(session.subscribe, session.get);
  return { session, view };
}
