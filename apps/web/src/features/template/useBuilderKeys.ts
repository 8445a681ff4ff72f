import { useEffect, useRef, useState, type RefObject } from 'react';

/** Whether a key press belongs to a form field rather than to the canvas. */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target.isContentEditable ||
    !!target.closest('.ant-select, [role="combobox"], [role="dialog"]')
  );
}

/** Builder keys: Delete removes the selected region, Esc lets go, + and − zoom. */
export function useBuilderKeys(h: {
  onDelete: () => void;
  onEscape: () => void;
  onZoom: (factor: number) => void;
}) {
  const ref = useRef(h);
  useEffect(() => {
    ref.current = h;
  });
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (typingIn(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'Delete' || e.key === 'Backspace') {
        e.preventDefault();
        ref.current.onDelete();
      } else if (e.key === 'Escape') ref.current.onEscape();
      else if (e.key === '+' || e.key === '=') ref.current.onZoom(1.25);
      else if (e.key === '-' || e.key === '_') ref.current.onZoom(1 / 1.25);
    };
    window.addEventListener('keydown', down);
    return () => window.removeEventListener('keydown', down);
  }, []);
}

/** The width of an element, kept up to date as it resizes. */
export function useWidth(ref: RefObject<HTMLElement | null>, fallback = 900): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(entry.contentRect.width);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}
