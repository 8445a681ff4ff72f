import type { Raster } from './raster';

/**
 * A layout stretched unevenly down or across the sheet: the card photocopied (a copier's drum and feed never run at
 * one speed), paper swollen by damp (fan-out), or a feeder's rollers slipping for a moment. Corner marks stay where
 * a straight fit puts them; what lies between moves by up to `mm` (down or right for a positive value), most in the
 * middle.
 */
export interface UnevenStretch {
  /** the greatest shift, at the middle of the sheet, in millimetres */
  mm: number;
  /** along the sheet's height (`y`) or its width (`x`) */
  along: 'x' | 'y';
}

/** Moves the raster's content by `s.mm × sin(π t)` along `s.along` (t: 0 at one edge, 1 at the other), in place. */
export function stretchUnevenly(r: Raster, s: UnevenStretch, dpi: number): void {
  const a = (s.mm / 25.4) * dpi;
  const src = Uint8Array.from(r.data);
  const { width: w, height: h } = r;
  const n = s.along === 'y' ? h : w;
  // where each output line comes from: the content at t moves to t + a·sin(π t), so t = i − a·sin(π t), found by
  // iterating that (it contracts while a·π < n: a stretch of a few millimetres against a page's length)
  const from = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let t = i;
    for (let k = 0; k < 20; k++) t = i - a * Math.sin((Math.PI * t) / n);
    from[i] = t;
  }
  for (let i = 0; i < n; i++) {
    const f = Math.min(n - 1.001, Math.max(0, from[i]!));
    const i0 = Math.floor(f);
    const u = f - i0;
    if (s.along === 'y')
      for (let x = 0; x < w; x++)
        r.data[i * w + x] = Math.round(src[i0 * w + x]! * (1 - u) + src[(i0 + 1) * w + x]! * u);
    else
      for (let y = 0; y < h; y++)
        r.data[y * w + i] = Math.round(src[y * w + i0]! * (1 - u) + src[y * w + i0 + 1]! * u);
  }
}
