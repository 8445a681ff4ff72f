import { describe, expect, it } from 'vitest';
import type { Raster } from './raster';
import { stretchUnevenly } from './stretch';

// 254 dpi: ten pixels a millimetre
const DPI = 254;

/** A page 400 px high with a black line across it at each of `rows`. */
function lines(rows: number[], width = 20, height = 400): Raster {
  const r: Raster = { width, height, data: new Uint8Array(width * height).fill(255) };
  for (const y of rows) r.data.fill(0, y * width, (y + 1) * width);
  return r;
}

/** The runs of darkened rows in column x, as their darkness-weighted centres (one per line). */
function centres(r: Raster, x = 5): number[] {
  const out: number[] = [];
  // the run of dark rows being read: its total darkness and its darkness-weighted sum of rows
  let w = 0;
  let s = 0;
  for (let y = 0; y < r.height; y++) {
    const d = 255 - r.data[y * r.width + x]!;
    if (d > 0) {
      w += d;
      s += d * y;
    } else if (w > 0) {
      out.push(s / w);
      w = 0;
      s = 0;
    }
  }
  return out;
}

describe('stretchUnevenly', () => {
  it('moves the middle of the page by the distance asked and its edges hardly at all', () => {
    const r = lines([2, 200, 397]);
    stretchUnevenly(r, { mm: 2, along: 'y' }, DPI);
    const [top, middle, bottom] = centres(r);
    expect(middle).toBeCloseTo(220, 0);
    expect(Math.abs(top! - 2)).toBeLessThan(0.5);
    expect(Math.abs(bottom! - 397)).toBeLessThan(0.5);
  });

  it('moves the other way for a negative distance, and across the page when asked', () => {
    const r = lines([200]);
    stretchUnevenly(r, { mm: -1, along: 'y' }, DPI);
    expect(centres(r)[0]).toBeCloseTo(190, 0);
    const turned: Raster = { width: 400, height: 20, data: new Uint8Array(400 * 20).fill(255) };
    for (let y = 0; y < 20; y++) turned.data[y * 400 + 100] = 0;
    stretchUnevenly(turned, { mm: 1, along: 'x' }, DPI);
    // a quarter of the way across: sin(π/4) of 10 px
    const row = [...turned.data.subarray(5 * 400, 6 * 400)];
    const darkest = row.indexOf(Math.min(...row));
    expect(Math.abs(darkest - (100 + 10 * Math.SQRT1_2))).toBeLessThan(1);
  });
});
