import type { ScanStreak } from './scan';
import { createRng } from './rng';

/** Pages scanned through one dirty glass before someone cleans it. */
export const PAGES_PER_GLASS = 20;

/**
 * The streaks a dirty scanner glass draws down every page of a stretch of a batch (PAGES_PER_GLASS pages share
 * one glass): one to four lines anywhere across the scan, most of them dust or a hair (1–8 pixels), one in five
 * correction fluid or a scratch (16–30 pixels, too wide to paint over), taking 30–90 % of the light.
 */
export function dirtyGlass(seed: number, glass: number): ScanStreak[] {
  const rng = createRng(seed * 92_821 + glass * 613 + 11);
  return Array.from({ length: rng.int(1, 4) }, () => ({
    x: rng.range(0.05, 0.95),
    width: rng.chance(0.2) ? rng.int(16, 30) : rng.int(1, 8),
    darkness: rng.range(0.3, 0.9),
  }));
}
