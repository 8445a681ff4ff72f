import { describe, expect, it } from 'vitest';
import type { Raster } from './raster';
import { showThrough } from './show-through';

const W = 200;
const H = 100;

function paper(): Raster {
  return { width: W, height: H, data: new Uint8Array(W * H).fill(240) };
}

/** The back with a black 20 × 20 square whose corner is at (10, 10) of its own print. */
function back(): Raster {
  const r: Raster = { width: W, height: H, data: new Uint8Array(W * H).fill(255) };
  for (let y = 10; y < 30; y++) for (let x = 10; x < 30; x++) r.data[y * W + x] = 0;
  return r;
}

const at = (r: Raster, x: number, y: number): number => r.data[y * W + x]!;

describe('showThrough', () => {
  it('lays the back mirrored and faint: turned like a book page, its left edge behind the right', async () => {
    const front = paper();
    await showThrough(front, back(), { turn: 'book', share: 0.2 }, 100);
    // the square's middle, mirrored left to right: 240 × (1 − 0.2)
    expect(at(front, W - 1 - 20, 20)).toBe(192);
    expect(at(front, 20, 20)).toBe(240);
    expect(at(front, W - 1 - 20, H - 1 - 20)).toBe(240);
  });

  it('turned like a calendar, the back lies behind upside down', async () => {
    const front = paper();
    await showThrough(front, back(), { turn: 'calendar', share: 0.2 }, 100);
    expect(at(front, 20, H - 1 - 20)).toBe(192);
    expect(at(front, 20, 20)).toBe(240);
  });

  it('spreads the back a little through the paper: the square edge is soft', async () => {
    const front = paper();
    await showThrough(front, back(), { turn: 'book', share: 0.2 }, 300);
    const edge = at(front, W - 1 - 10, 20);
    expect(edge).toBeGreaterThan(192);
    expect(edge).toBeLessThan(240);
  });
});
