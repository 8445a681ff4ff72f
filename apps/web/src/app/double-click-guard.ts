/**
 * A double click on an action button is one intent: the browser counts the clicks of a gesture in the
 * event's `detail` (1, then 2 for the second click of a double click), and the second and later clicks
 * of one gesture never reach a button's handler. useOneAtATime and useExclusive join a second call only
 * while the first is unanswered; on a fast server the answer comes before the second click (an export
 * made twice at 7 ms), and a button that stays on the page would act again. Keys (Enter, Space) click
 * with detail 0 and are left alone; separate clicks (detail 1 each) still act each time. A button whose
 * quick repeats are the way it is used (zoom, rotate, move a row up) says so with `data-repeat`.
 */
export function installDoubleClickGuard(target: Document | Window = window): () => void {
  const onClick = (e: Event) => {
    if (!(e instanceof MouseEvent) || e.detail < 2) return;
    const el = e.target instanceof Element ? e.target : null;
    const button = el?.closest('.ant-btn');
    if (!button || button.closest('[data-repeat]')) return;
    e.stopPropagation();
    e.preventDefault();
  };
  // capture on the window runs before React's own listeners on its root
  target.addEventListener('click', onClick, true);
  return () => target.removeEventListener('click', onClick, true);
}
