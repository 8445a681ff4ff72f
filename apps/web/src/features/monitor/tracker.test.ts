import { describe, expect, it } from 'vitest';
import type { MonitorEvent } from '@yj/contracts';
import { CLICK_DEBOUNCE_MS, createTracker, FLUSH_AFTER_MS, type Timers } from './tracker';

/** Timers moved by hand: `advance(ms)` runs what falls due, in order. */
function manualTimers() {
  let now = 0;
  let seq = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    set: (fn, ms) => {
      due.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clear: (h) => void due.delete(h as number),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const next = [...due.entries()].sort((a, b) => a[1].at - b[1].at)[0];
      if (!next || next[1].at > end) break;
      due.delete(next[0]);
      now = next[1].at;
      next[1].fn();
    }
    now = end;
  };
  return { timers, advance };
}

function setup() {
  const sent: MonitorEvent[][] = [];
  const { timers, advance } = manualTimers();
  return { sent, advance, tracker: createTracker((e) => sent.push(e), timers) };
}

describe('click tracking and page views', () => {
  it('counts a burst of clicks on one control within 15 ms once, clicks further apart each', () => {
    const { sent, advance, tracker } = setup();
    tracker.click('/book/home', 'todo.mark');
    advance(CLICK_DEBOUNCE_MS - 5);
    tracker.click('/book/home', 'todo.mark');
    advance(CLICK_DEBOUNCE_MS - 5);
    tracker.click('/book/home', 'todo.mark');
    advance(CLICK_DEBOUNCE_MS + 1);
    tracker.click('/book/home', 'todo.mark');
    // another control is not held back by the first
    tracker.click('/book/home', 'nav.exam');
    advance(FLUSH_AFTER_MS + CLICK_DEBOUNCE_MS);
    expect(sent).toEqual([
      [
        { kind: 'click', page: '/book/home', control: 'todo.mark' },
        { kind: 'click', page: '/book/home', control: 'todo.mark' },
        { kind: 'click', page: '/book/home', control: 'nav.exam' },
      ],
    ]);
  });

  it('sends batches of at most 50, the rest after a pause; nothing before', () => {
    const { sent, advance, tracker } = setup();
    for (let i = 0; i < 53; i++) tracker.view('/book/home');
    expect(sent.map((b) => b.length)).toEqual([50]);
    advance(FLUSH_AFTER_MS - 1);
    expect(sent).toHaveLength(1);
    advance(1);
    expect(sent.map((b) => b.length)).toEqual([50, 3]);
  });

  it('drops events the server would refuse: an id in the page, a control key that is text', () => {
    const { sent, tracker } = setup();
    tracker.view('/book/subject/12/answerCard');
    tracker.view('/book/subject/:subjectId/answerCard');
    tracker.click('/book/home', '张三 98 分');
    tracker.flush();
    expect(sent).toEqual([[{ kind: 'view', page: '/book/subject/:subjectId/answerCard' }]]);
  });

  it('sends a click still inside its debounce when the page is hidden', () => {
    const { sent, tracker } = setup();
    tracker.click('/book/home', 'header.tasks');
    tracker.flush();
    expect(sent).toEqual([[{ kind: 'click', page: '/book/home', control: 'header.tasks' }]]);
  });
});
