import { useSyncExternalStore } from 'react';
import type { ThemeConfig } from 'antd';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(changed: () => void): () => void {
  const list = window.matchMedia?.(QUERY);
  list?.addEventListener('change', changed);
  return () => list?.removeEventListener('change', changed);
}

/**
 * Whether the system asks for less motion (Windows: 设置 → 辅助功能 → 动画效果 off, which schools often set on
 * slow PCs). Browsers without matchMedia: false.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(QUERY).matches ?? false,
    () => false,
  );
}

/**
 * The theme with AntD's motion turned off when less motion is asked for: dialogs, menus and drop-downs then
 * appear at once in their place instead of zooming or sliding in for 0.2–0.3 s (a click on a dialog's button
 * while it still zoomed landed beside the button: seen in the browser journeys, which ask for reduced motion).
 */
export function themeWithMotion(theme: ThemeConfig, reduced: boolean): ThemeConfig {
  return reduced ? { ...theme, token: { ...theme.token, motion: false } } : theme;
}
