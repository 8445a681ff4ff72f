import { MONITOR_BATCH_MAX, monitorEvent, type MonitorEvent } from '@yj/contracts';

/** Clicks on one control closer together than this count once (the spec: click tracking is debounced at 15 ms). */
export const CLICK_DEBOUNCE_MS = 15;
/** A batch waits this long for more events before it is sent. */
export const FLUSH_AFTER_MS = 5_000;

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface Tracker {
  view(page: string): void;
  click(page: string, control: string): void;
  /** sends what waits now (the page is being hidden or closed) */
  flush(): void;
}

/**
 * The page-static monitor's client: page views and clicks on marked controls, queued and sent in batches of at
 * most MONITOR_BATCH_MAX (or after FLUSH_AFTER_MS). An event the contract would refuse (a page with an id, a
 * control key that is not one) is dropped here, so one bad event never loses a batch. Sending is best effort: a
 * batch the server refuses or that fails is not retried.
 */
export function createTracker(send: (events: MonitorEvent[]) => void, timers: Timers = realTimers): Tracker {
  const queue: MonitorEvent[] = [];
  let flushTimer: unknown = null;
  const pendingClicks = new Map<string, { handle: unknown; event: MonitorEvent }>();

  const flush = () => {
    if (flushTimer !== null) timers.clear(flushTimer);
    flushTimer = null;
    while (queue.length) send(queue.splice(0, MONITOR_BATCH_MAX));
  };

  const push = (e: MonitorEvent) => {
    if (!monitorEvent.safeParse(e).success) return;
    queue.push(e);
    if (queue.length >= MONITOR_BATCH_MAX) flush();
    else if (flushTimer === null) flushTimer = timers.set(flush, FLUSH_AFTER_MS);
  };

  return {
    view: (page) => push({ kind: 'view', page }),
    click(page, control) {
      const event: MonitorEvent = { kind: 'click', page, control };
      if (!monitorEvent.safeParse(event).success) return;
      const key = `${page}|${control}`;
      const waiting = pendingClicks.get(key);
      if (waiting) timers.clear(waiting.handle);
      const handle = timers.set(() => {
        pendingClicks.delete(key);
        push(event);
      }, CLICK_DEBOUNCE_MS);
      pendingClicks.set(key, { handle, event });
    },
    flush() {
      // clicks still inside their debounce are settled now: the page is going away
      for (const { handle, event } of pendingClicks.values()) {
        timers.clear(handle);
        queue.push(event);
      }
      pendingClicks.clear();
      flush();
    },
  };
}
