import type { GreyImage, IRect } from './image';
import { unionFind } from './union-find';

// Pixel stages of the layout detector (detect.ts): dark pixels, their connected components, ring and
// 1-bit scan tests.

export interface Component {
  id: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  n: number;
}

/** Dark pixels against the local paper (robust to uneven lighting) or plainly dark. */
export function binarize(img: GreyImage, win: number): Uint8Array {
  const { width: w, height: h, data } = img;
  // Integral image of a 1/4-scale copy keeps memory small on A3 pages; the local mean is smooth anyway.
  const s = 4;
  const sw = Math.ceil(w / s);
  const sh = Math.ceil(h / s);
  const sum = new Float64Array((sw + 1) * (sh + 1));
  for (let y = 0; y < sh; y++) {
    let row = 0;
    const yy = Math.min(h - 1, y * s);
    for (let x = 0; x < sw; x++) {
      row += data[yy * w + Math.min(w - 1, x * s)]!;
      sum[(y + 1) * (sw + 1) + x + 1] = sum[y * (sw + 1) + x + 1]! + row;
    }
  }
  const r = Math.max(2, Math.round(win / s / 2));
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const cy = Math.floor(y / s);
    const y0 = Math.max(0, cy - r);
    const y1 = Math.min(sh, cy + r + 1);
    for (let x = 0; x < w; x++) {
      const cx = Math.floor(x / s);
      const x0 = Math.max(0, cx - r);
      const x1 = Math.min(sw, cx + r + 1);
      const area = (y1 - y0) * (x1 - x0);
      const mean =
        (sum[y1 * (sw + 1) + x1]! -
          sum[y0 * (sw + 1) + x1]! -
          sum[y1 * (sw + 1) + x0]! +
          sum[y0 * (sw + 1) + x0]!) /
        area;
      const v = data[y * w + x]!;
      if (v < 90 || v < mean * 0.78) out[y * w + x] = 1;
    }
  }
  return out;
}

/**
 * 8-connected components of the dark pixels, by runs: one pass over the rows with union-find.
 * `labels` gets each dark pixel's component id (0 = paper).
 */
export function components(bin: Uint8Array, w: number, h: number, labels: Int32Array): Component[] {
  const { parent, find } = unionFind();
  const runs: { y: number; x0: number; x1: number; label: number }[] = [];
  let prevStart = 0;
  let prevEnd = 0;
  for (let y = 0; y < h; y++) {
    const rowStart = runs.length;
    const base = y * w;
    let x = 0;
    while (x < w) {
      if (!bin[base + x]) {
        x++;
        continue;
      }
      const x0 = x;
      while (x < w && bin[base + x]) x++;
      const run = { y, x0, x1: x - 1, label: parent.length };
      parent.push(run.label);
      // Runs of the row above that touch this one (diagonals included) join its component.
      for (let i = prevStart; i < prevEnd; i++) {
        const p = runs[i]!;
        if (p.x1 < x0 - 1) continue;
        if (p.x0 > run.x1 + 1) break;
        const a = find(p.label);
        const b = find(run.label);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
      runs.push(run);
    }
    prevStart = rowStart;
    prevEnd = runs.length;
  }
  const byRoot = new Map<number, Component>();
  for (const r of runs) {
    const root = find(r.label);
    labels.fill(root + 1, r.y * w + r.x0, r.y * w + r.x1 + 1);
    const c = byRoot.get(root);
    const n = r.x1 - r.x0 + 1;
    if (!c) byRoot.set(root, { id: root + 1, x0: r.x0, y0: r.y, x1: r.x1, y1: r.y, n });
    else {
      c.x0 = Math.min(c.x0, r.x0);
      c.x1 = Math.max(c.x1, r.x1);
      c.y1 = r.y;
      c.n += n;
    }
  }
  return [...byRoot.values()];
}

export const rectOf = (c: Component): IRect => ({ x: c.x0, y: c.y0, w: c.x1 - c.x0 + 1, h: c.y1 - c.y0 + 1 });

/**
 * A printed bubble outline is a ring: the middle row and column each cross it exactly twice, and its
 * centre is empty (a label inside is a separate component). Text glyphs of the same size fail this.
 */
export function isRing(labels: Int32Array, w: number, c: Component): boolean {
  const own = (i: number) => labels[i] === c.id;
  const r = rectOf(c);
  const crossings = (from: number, step: number, count: number) => {
    let n = 0;
    let inside = false;
    for (let k = 0; k < count; k++) {
      const i = from + k * step;
      const on = own(i);
      if (on && !inside) n++;
      inside = on;
    }
    return n;
  };
  const midY = r.y + Math.floor(r.h / 2);
  const midX = r.x + Math.floor(r.w / 2);
  if (crossings(midY * w + r.x, 1, r.w) !== 2) return false;
  if (crossings(r.y * w + midX, w, r.h) !== 2) return false;
  // The outline itself is thin: the dark part of the middle row is a small share of its width.
  let dark = 0;
  for (let x = r.x; x < r.x + r.w; x++) if (own(midY * w + x)) dark++;
  return dark <= r.w * 0.45;
}

/**
 * Share of the tightest box turned by up to ±12° that a component fills: a solid square fed a few degrees
 * askew fills only ~0.8 of its upright box (less with corners rounded by a dithered scan's smoothing), but
 * nearly all of its own turned box; a filled round bubble stays at π/4 whichever way it is turned.
 */
export function turnedFill(labels: Int32Array, w: number, c: Component): number {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = c.y0; y <= c.y1; y++)
    for (let x = c.x0; x <= c.x1; x++)
      if (labels[y * w + x] === c.id) {
        xs.push(x);
        ys.push(y);
      }
  let bestArea = Infinity;
  for (let deg = -12; deg <= 12; deg += 1.5) {
    const cos = Math.cos((deg * Math.PI) / 180);
    const sin = Math.sin((deg * Math.PI) / 180);
    let u0 = Infinity;
    let u1 = -Infinity;
    let v0 = Infinity;
    let v1 = -Infinity;
    for (let i = 0; i < xs.length; i++) {
      const u = xs[i]! * cos + ys[i]! * sin;
      const v = ys[i]! * cos - xs[i]! * sin;
      if (u < u0) u0 = u;
      if (u > u1) u1 = u;
      if (v < v0) v0 = v;
      if (v > v1) v1 = v;
    }
    bestArea = Math.min(bestArea, (u1 - u0 + 1) * (v1 - v0 + 1));
  }
  return xs.length / bestArea;
}

/** isBitonal reads every 97th pixel (a prime: not in step with a row's width or a dither's pattern). */
const BITONAL_STEP = 97;

/**
 * A 1-bit scan: nearly every pixel pure black or pure white, and the print itself pure black (a sparse
 * sample decides). A blank sheet rendered from a PDF is nearly all pure white too, but its print has grey
 * anti-aliased edges and grey ink: smoothed as if dithered, its thin bubble outlines were lost.
 */
export function isBitonal(img: GreyImage): boolean {
  const data = img.data;
  const n = Math.ceil(data.length / BITONAL_STEP);
  // once more than 3 % of the samples are grey the scan cannot be 1-bit: the rest (a cache miss each, 0.14 ms on
  // an A4 page) are not read — the answer counting them all gives
  const greys = n - n * 0.97;
  let extreme = 0;
  let dark = 0;
  let black = 0;
  for (let i = 0, mid = 0; i < data.length; i += BITONAL_STEP) {
    const v = data[i]!;
    if (v <= 8) black++;
    if (v < 247) dark++;
    if (v <= 8 || v >= 247) extreme++;
    else if (++mid > greys) return false;
  }
  return extreme >= n * 0.97 && black >= dark * 0.8;
}

/**
 * Share of the black pixels, sampled, with no black 4-neighbour, above which a 1-bit scan is dithered: error
 * diffusion draws the grey of paper as lone dots (0.69–0.92 on the simulator's dithered scans), where a scan cut at
 * one threshold leaves paper pure white and its black in strokes and marks (at most 0.02 at thresholds 100–200).
 */
const DITHER_DOTS = 0.3;

/** A 1-bit scan whose greys are dots (dithered), not cut away at one threshold (isBitonal first). */
export function isDithered(img: GreyImage): boolean {
  const { width: w, height: h, data: d } = img;
  let black = 0;
  let lone = 0;
  for (let y = 1; y < h - 1; y += 5)
    for (let x = 1; x < w - 1; x += 3) {
      const i = y * w + x;
      if (d[i]! > 127) continue;
      black++;
      if (d[i - 1]! > 127 && d[i + 1]! > 127 && d[i - w]! > 127 && d[i + w]! > 127) lone++;
    }
  return black > 0 && lone > black * DITHER_DOTS;
}

/** Box mean over (2r+1)² px (outside the page is white paper): dithered dots become grey again. */
export function boxBlur(img: GreyImage, r: number): GreyImage {
  const { width: w, height: h, data } = img;
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= w || y >= h ? 255 : data[y * w + x]!);
  // Rows first (running sums), then columns of the row sums.
  const rows = new Uint32Array(w * h);
  for (let y = 0; y < h; y++) {
    let s = 0;
    for (let x = -r; x <= r; x++) s += at(x, y);
    for (let x = 0; x < w; x++) {
      rows[y * w + x] = s;
      s += at(x + r + 1, y) - at(x - r, y);
    }
  }
  const pad = 255 * (2 * r + 1);
  const rowAt = (x: number, y: number) => (y < 0 || y >= h ? pad : rows[y * w + x]!);
  const out = new Uint8Array(w * h);
  const n = (2 * r + 1) * (2 * r + 1);
  for (let x = 0; x < w; x++) {
    let s = 0;
    for (let y = -r; y <= r; y++) s += rowAt(x, y);
    for (let y = 0; y < h; y++) {
      out[y * w + x] = Math.round(s / n);
      s += rowAt(x, y + r + 1) - rowAt(x, y - r);
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * A bubble outline with a bold letter printed inside and touching it (some third-party sheets): one
 * component, so neither a ring nor a filled bubble. Seen from its centre, a closed outline lies near the
 * box's edge in every direction, and behind it there is paper in many directions (where the letter does
 * not reach); a glyph of the same size leaves gaps in its outline or fills its box.
 */
export function isLetteredRing(labels: Int32Array, w: number, c: Component): boolean {
  const own = (x: number, y: number) => labels[Math.round(y) * w + Math.round(x)] === c.id;
  const cx = (c.x0 + c.x1) / 2;
  const cy = (c.y0 + c.y1) / 2;
  const hw = (c.x1 - c.x0) / 2;
  const hh = (c.y1 - c.y0) / 2;
  const N = 32;
  let closed = 0;
  let open = 0;
  for (let k = 0; k < N; k++) {
    const dx = Math.cos((k / N) * 2 * Math.PI);
    const dy = Math.sin((k / N) * 2 * Math.PI);
    const reach = Math.min(
      Math.abs(dx) > 1e-9 ? hw / Math.abs(dx) : Infinity,
      Math.abs(dy) > 1e-9 ? hh / Math.abs(dy) : Infinity,
    );
    let t = reach;
    while (t > 0 && !own(cx + dx * t, cy + dy * t)) t -= 0.5;
    // A rounded outline crosses the ray to the box's corner at 0.7 of its length (a circle in its square).
    if (t < reach * 0.6) continue;
    closed++;
    const outer = t;
    while (t > 0 && own(cx + dx * t, cy + dy * t)) t -= 0.5;
    // Thin outline, then paper.
    if (t > 0 && outer - t <= Math.max(2, outer * 0.3)) open++;
  }
  return closed >= N - 2 && open >= N * 0.3;
}
