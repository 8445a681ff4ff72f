import type { TemplateRect } from '@yj/contracts';
import type { Field } from './fields';
import { applyH, type Matrix3, type Point } from './geometry';
import { px, type GreyImage } from './image';
import type { Streak } from './streaks';

// Share of the bubble measured: the inner part, away from the printed outline.
const INNER_W = 0.62;
const INNER_H = 0.56;

/**
 * A bubble's measurements: mean darkness (the fill) and the darkness of its darkest tenth (strokes), over the
 * share `seen` of its inner area that could be read (1 unless columns are hidden); `outline`, how dark the print
 * shows along each of OUTLINE_RAYS rays across its outline (0 where paper lies over it: a folded corner, a torn
 * one, a sticker; NaN where a wide streak hides the ray; null when most rays are hidden; see outlineRays).
 */
export interface BubbleMeasure {
  fill: number;
  core: number;
  seen: number;
  outline: Float32Array | null;
}

/** Image columns not to read: scanner streaks too wide to paint over (streaks.ts), a pixel of margin each side. */
export type HiddenColumns = readonly Pick<Streak, 'x0' | 'x1'>[];

/** Whether image column `x` (a sample's position before rounding) lies in a hidden one. */
export function hiddenAt(hidden: HiddenColumns | null, x: number): boolean {
  if (hidden === null) return false;
  const c = Math.round(x);
  return hidden.some((b) => c >= b.x0 - 1 && c <= b.x1 + 1);
}

/**
 * The template → image map across one bubble, taken as affine (the bubble is small): the image point of its
 * centre and the image steps of one template pixel along x and y. Made once a bubble for all its samplers.
 */
export interface LocalMap {
  o: Point;
  ux: Point;
  uy: Point;
}

export function localMap(h: Matrix3, r: TemplateRect): LocalMap {
  const c = { x: r.x + r.w / 2, y: r.y + r.h / 2 };
  const o = applyH(h, c);
  const ax = applyH(h, { x: c.x + 1, y: c.y });
  const ay = applyH(h, { x: c.x, y: c.y + 1 });
  return { o, ux: { x: ax.x - o.x, y: ax.y - o.y }, uy: { x: ay.x - o.x, y: ay.y - o.y } };
}

/**
 * Fill value of every bubble of a field: darkness of the inner area against the local paper, 0..1. Samples in
 * `hidden` columns are left out of the bubble's area, its ring and the field's paper.
 */
export function measureField(
  img: GreyImage,
  h: Matrix3,
  field: Field,
  hidden: HiddenColumns = [],
): BubbleMeasure[] {
  const hid = hidden.length ? hidden : null;
  const fieldPaper = localPaper(
    img,
    h,
    field.bubbles.map((b) => b.rect),
    hid,
  );
  return field.bubbles.map((b) => {
    const at = localMap(h, b.rect);
    const { mean, dark, seen } = innerMean(img, at, b.rect, hid);
    // The ring right around the bubble follows paper texture best; fall back to the field's level
    // when a neighbour's fill or a stroke darkens the ring.
    const ring = ringPaper(img, h, b.rect, hid);
    const paper = ring > fieldPaper * 0.85 ? ring : fieldPaper;
    const clamp = (v: number) => Math.max(0, Math.min(1, v));
    const outline = outlineRays(img, at, b.rect, hid);
    if (outline) for (let k = 0; k < OUTLINE_RAYS; k++) outline[k] = clamp(1 - outline[k]! / paper);
    return { fill: clamp(1 - mean / paper), core: clamp(1 - dark / paper), seen, outline };
  });
}

// The printed outline is looked for along OUTLINE_RAYS rays from the bubble's centre, each from 0.8 to 1.2 of the
// inscribed ellipse's radius: a stadium's corners lie up to 1.13 out on the diagonals, and a pixel or two of
// registration error moves the outline along the ray, not off it.
export const OUTLINE_RAYS = 16;
const OUTLINE_STEPS = [0.8, 0.9, 1, 1.1, 1.2];
const OUTLINE_COS = Array.from({ length: OUTLINE_RAYS }, (_, k) =>
  Math.cos(((k + 0.5) / OUTLINE_RAYS) * 2 * Math.PI),
);
const OUTLINE_SIN = Array.from({ length: OUTLINE_RAYS }, (_, k) =>
  Math.sin(((k + 0.5) / OUTLINE_RAYS) * 2 * Math.PI),
);

/**
 * Grey level of the bubble's print along each ray: its darkest sample, where the ray crosses the outline (a closed
 * outline crosses every ray, brackets [A] only those at the sides: which rays carry print is the page's to say,
 * read.ts). Paper there (a folded corner, a sticker, a torn-off corner showing the scanner's background) gives
 * paper's level; a ray in hidden columns (wide streaks) is NaN, and a bubble with most rays hidden gives null.
 */
export function outlineRays(
  img: GreyImage,
  at: LocalMap,
  r: TemplateRect,
  hidden: HiddenColumns | null,
): Float32Array | null {
  const { o, ux, uy } = at;
  const { width, height, data } = img;
  const rays = new Float32Array(OUTLINE_RAYS);
  let n = 0;
  for (let k = 0; k < OUTLINE_RAYS; k++) {
    const dx = (OUTLINE_COS[k]! * r.w) / 2;
    const dy = (OUTLINE_SIN[k]! * r.h) / 2;
    let min = 256;
    for (const s of OUTLINE_STEPS) {
      const x = Math.round(o.x + (ux.x * dx + uy.x * dy) * s - 0.5);
      const y = Math.round(o.y + (ux.y * dx + uy.y * dy) * s - 0.5);
      if (hidden !== null && hiddenAt(hidden, x)) continue;
      const v = x < 0 || y < 0 || x >= width || y >= height ? 255 : data[y * width + x]!;
      if (v < min) min = v;
    }
    rays[k] = min < 256 ? min : NaN;
    if (min < 256) n++;
  }
  // under a wide streak nothing says the print is missing: the streak's own rule raises the field
  return n < OUTLINE_RAYS / 2 ? null : rays;
}

let samples = new Uint8Array(1024);
const darkHist = new Uint32Array(256);

const RING = 20;
const ringBuf = new Uint8Array(RING);

function ringPaper(img: GreyImage, h: Matrix3, r: TemplateRect, hidden: HiddenColumns | null): number {
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  const m = Math.min(r.w, r.h) * 0.3;
  const rx = r.w / 2 + m;
  const ry = r.h / 2 + m;
  let n = 0;
  for (let k = 0; k < RING; k++) {
    const a = (k / RING) * Math.PI * 2;
    const q = applyH(h, { x: cx + Math.cos(a) * rx, y: cy + Math.sin(a) * ry });
    if (!hiddenAt(hidden, q.x - 0.5)) ringBuf[n++] = px(img, q.x - 0.5, q.y - 0.5);
  }
  // a ring mostly hidden says nothing: 0 sends the caller to the field's paper
  if (n < RING / 2) return 0;
  // the whole buffer when nothing was hidden: no view made for every bubble of every page
  const seen = n === RING ? ringBuf : ringBuf.subarray(0, n);
  seen.sort();
  return seen[Math.floor(n * 0.7)]!;
}

function innerMean(
  img: GreyImage,
  at: LocalMap,
  r: TemplateRect,
  hidden: HiddenColumns | null,
): { mean: number; dark: number; seen: number } {
  const { o, ux, uy } = at;
  const scale = Math.hypot(ux.x, ux.y);
  // About one sample per image pixel, at least a 5×4 grid.
  const nx = Math.max(5, Math.round(r.w * INNER_W * scale));
  const ny = Math.max(4, Math.round(r.h * INNER_H * scale));
  let sum = 0;
  const all = nx * ny;
  if (samples.length < all) samples = new Uint8Array(all * 2);
  let k = 0;
  for (let j = 0; j < ny; j++) {
    const ty = ((j + 0.5) / ny - 0.5) * r.h * INNER_H;
    for (let i = 0; i < nx; i++) {
      const tx = ((i + 0.5) / nx - 0.5) * r.w * INNER_W;
      const x = o.x + ux.x * tx + uy.x * ty - 0.5;
      if (hiddenAt(hidden, x)) continue;
      const v = px(img, x, o.y + ux.y * tx + uy.y * ty - 0.5);
      samples[k++] = v;
      sum += v;
    }
  }
  const n = k;
  if (n === 0) return { mean: 255, dark: 255, seen: 0 };
  // the darkest tenth's edge: the value the sorted samples hold at n/10, counted rather than sorted
  const tenth = Math.floor(n * 0.1);
  darkHist.fill(0);
  for (let i = 0; i < n; i++) darkHist[samples[i]!]!++;
  let dark = 255;
  for (let v = 0, acc = 0; v < 256; v++) {
    acc += darkHist[v]!;
    if (acc > tenth) {
      dark = v;
      break;
    }
  }
  return { mean: sum / n, dark, seen: n / all };
}

// Paper level around the field: a high percentile over its surroundings, so print, fills and grey
// shading under the field do not pull it down, while uneven lighting across the page is followed.
function localPaper(img: GreyImage, h: Matrix3, rects: TemplateRect[], hidden: HiddenColumns | null): number {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let bh = 0;
  for (const r of rects) {
    x0 = Math.min(x0, r.x);
    y0 = Math.min(y0, r.y);
    x1 = Math.max(x1, r.x + r.w);
    y1 = Math.max(y1, r.y + r.h);
    bh = Math.max(bh, Math.min(r.w, r.h));
  }
  const m = bh * 0.5;
  x0 -= m;
  y0 -= m;
  x1 += m;
  y1 += m;
  const nx = Math.min(40, Math.max(6, Math.round((x1 - x0) / (bh * 0.35))));
  const ny = Math.min(40, Math.max(6, Math.round((y1 - y0) / (bh * 0.35))));
  const vals = new Uint8Array(nx * ny);
  let k = 0;
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const q = applyH(h, { x: x0 + ((i + 0.5) / nx) * (x1 - x0), y: y0 + ((j + 0.5) / ny) * (y1 - y0) });
      if (!hiddenAt(hidden, q.x - 0.5)) vals[k++] = px(img, q.x - 0.5, q.y - 0.5);
    }
  }
  if (k === 0) return 40;
  const seen = k === vals.length ? vals : vals.subarray(0, k);
  seen.sort();
  return Math.max(40, seen[Math.floor(k * 0.8)]!);
}
