/**
 * A double click on an action button is one intent: the browser counts the clicks of a gesture in the
 * event's `detail` (1, then 2 for the second click of a double click), and the second and later clicks
 * of one gesture never reach a button's handler. useOneAtATime and useExclusive join a second call only
 * while the first is unanswered; on a fast server the answer comes before the second click (an export
 * made twice at 7 ms), and a button that stays on the page would act again. Keys click with detail 0: a
 * press of Enter or Space acts, but Enter held down on a focused button repeats its keydown (the key's
 * auto-repeat, `repeat` true), and each repeat would click again: the repeats are dropped, as the second
 * click of a gesture is. Separate clicks (detail 1 each) and separate presses still act each time. A button
 * whose quick repeats are the way it is used (zoom, rotate, move a row up) says so with `data-repeat`.
 */
export function installDoubleClickGuard(target: Document | Window = window): () => void {
  const guarded = (e: Event) => {
    const el = e.target instanceof Element ? e.target : null;
    const button = el?.closest('.ant-btn');
    return !!button && !button.closest('[data-repeat]');
  };
  const onClick = (e: Event) => {
    if (!(e instanceof MouseEvent) || e.detail < 2 || !guarded(e)) return;
    e.stopPropagation();
    e.preventDefault();
  };
  // a keydown's default is the click it makes (Enter clicks on its keypress, which a prevented keydown
  // does not send)
  const onKey = (e: Event) => {
    if (!(e instanceof KeyboardEvent) || !e.repeat || (e.key !== 'Enter' && e.key !== ' ') || !guarded(e))
      return;
    e.stopPropagation();
    e.preventDefault();
  };
  // capture on the window runs before React's own listeners on its root
  target.addEventListener('click', onClick, true);
  target.addEventListener('keydown', onKey, true);
  return () => {
    target.removeEventListener('click', onClick, true);
    target.removeEventListener('keydown', onKey, true);
  };
}
