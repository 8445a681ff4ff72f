import type { Point } from './geometry';
import { clipRect, type GreyImage, type IRect } from './image';
import { unionFind } from './union-find';

/** A dark blob found where an anchor should be. */
export interface AnchorHit {
  centre: Point;
  w: number;
  h: number;
  distance: number;
}

interface Blob {
  n: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Finds the dark mark of about `size` image px nearest to `predicted` within ±`radius`: a solid block, or
 * an L-shaped corner mark filling two sides of that rectangle (its centre is the rectangle's).
 *
 * The window is read as block means (a 1-bit dithered scan turns a solid mark into dots; averaged they are
 * grey again). A strict cut first: anchors are usually printed black and pencil is lighter, so a low cut
 * keeps fills out. Only when that finds nothing, a cut half way up to the paper: grey anchors (toner
 * saving, ~100/255 on the scan) and dithered ones.
 */
export function findAnchor(
  img: GreyImage,
  predicted: Point,
  size: { w: number; h: number },
  radius: number,
): AnchorHit | null {
  const win = clipRect(img, {
    x: predicted.x - radius,
    y: predicted.y - radius,
    w: 2 * radius,
    h: 2 * radius,
  });
  if (!win) return null;
  const step = Math.max(2, Math.round(Math.min(size.w, size.h) / 12));
  const g = blockMeans(img, win, step);
  const paper = quantile(g.data, 0.9);
  for (const [pass, cut] of [Math.min(paper * 0.45, 110), paper * 0.7].entries()) {
    const hit = bestBlob(img, g, win, step, cut, predicted, size, pass > 0);
    if (hit) return hit;
  }
  return null;
}

interface Grid {
  w: number;
  h: number;
  data: Uint8Array;
}

function blockMeans(img: GreyImage, win: IRect, step: number): Grid {
  const w = Math.floor(win.w / step);
  const h = Math.floor(win.h / step);
  const data = new Uint8Array(w * h);
  const acc = new Uint32Array(w);
  const n = step * step;
  const d = img.data;
  for (let gy = 0; gy < h; gy++) {
    acc.fill(0);
    for (let dy = 0; dy < step; dy++) {
      const row = (win.y + gy * step + dy) * img.width + win.x;
      // a block row summed in a local, then added once (integer sums: the same means)
      for (let gx = 0, s = row; gx < w; gx++, s += step) {
        let t = 0;
        for (let dx = 0; dx < step; dx++) t += d[s + dx]!;
        acc[gx]! += t;
      }
    }
    for (let gx = 0; gx < w; gx++) data[gy * w + gx] = acc[gx]! / n;
  }
  return { w, h, data };
}

function quantile(d: Uint8Array, q: number): number {
  const hist = new Uint32Array(256);
  for (let i = 0; i < d.length; i++) hist[d[i]!]!++;
  let acc = 0;
  for (let v = 0; v < 256; v++) if ((acc += hist[v]!) >= q * d.length) return v;
  return 255;
}

function bestBlob(
  img: GreyImage,
  g: Grid,
  win: IRect,
  step: number,
  cut: number,
  predicted: Point,
  size: { w: number; h: number },
  lenient: boolean,
): AnchorHit | null {
  const { labels, blobs } = label(g, cut);
  // A quarter of the mark: glyphs of a line sit closer than that; a frame line printed near it does not.
  const margin = Math.max(2, Math.round((Math.min(size.w, size.h) * 0.25) / step));
  let best: AnchorHit | null = null;
  for (const [id, b] of blobs) {
    const bw = (b.x1 - b.x0 + 1) * step;
    const bh = (b.y1 - b.y0 + 1) * step;
    // Skew up to ±5° grows the box by ≤ 10 %; print and scale vary by a few more.
    if (bw < size.w * 0.7 || bw > size.w * 1.45 || bh < size.h * 0.7 || bh > size.h * 1.45) continue;
    const area = b.n * step * step;
    if (area > size.w * size.h * 1.4) continue;
    const x = win.x + b.x0 * step - 2;
    const y = win.y + b.y0 * step - 2;
    const solid = area >= size.w * size.h * 0.6;
    if (!solid && !(area >= size.w * size.h * 0.3 && isCornerMark(labels, g.w, b, id))) continue;
    // Printed anchors stand alone on the paper; a glyph of a title line or a pencil stroke has neighbours.
    // Checked for the shapes and cuts that text could pass: an L, and anything found at the lenient cut.
    if ((lenient || !solid) && !isolated(g, labels, b, id, margin, cut)) continue;
    const centre = solid
      ? refine(img, x, y, bw + 4, bh + 4, cut)
      : boxCentre(img, x, y, bw + 4, bh + 4, cut, area / (bw + bh));
    const distance = Math.hypot(centre.x - predicted.x, centre.y - predicted.y);
    if (!best || distance < best.distance) best = { centre, w: bw, h: bh, distance };
  }
  return best;
}

// 4-connected components of the blocks darker than `cut`, with union-find.
function label(g: Grid, cut: number): { labels: Int32Array; blobs: Map<number, Blob> } {
  const { w: gw, h: gh, data } = g;
  const labels = new Int32Array(gw * gh).fill(-1);
  const { parent, find } = unionFind();
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const i = gy * gw + gx;
      if (data[i]! >= cut) continue;
      const left = gx > 0 ? labels[i - 1]! : -1;
      const up = gy > 0 ? labels[i - gw]! : -1;
      if (left < 0 && up < 0) {
        labels[i] = parent.length;
        parent.push(parent.length);
      } else if (left >= 0 && up >= 0) {
        const a = find(left);
        const b = find(up);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
        labels[i] = Math.min(a, b);
      } else labels[i] = left >= 0 ? left : up;
    }
  }
  const blobs = new Map<number, Blob>();
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]!;
    if (l < 0) continue;
    const r = find(l);
    labels[i] = r;
    const gx = i % gw;
    const gy = (i - gx) / gw;
    const b = blobs.get(r);
    if (!b) blobs.set(r, { n: 1, x0: gx, y0: gy, x1: gx, y1: gy });
    else {
      b.n++;
      if (gx < b.x0) b.x0 = gx;
      if (gx > b.x1) b.x1 = gx;
      if (gy < b.y0) b.y0 = gy;
      if (gy > b.y1) b.y1 = gy;
    }
  }
  return { labels, blobs };
}

// Paper all around: under 2 % of the blocks in a frame `margin` blocks wide around the blob are about as
// dark as the blob itself (below half way from its mean to the cut: dithered paper dots are far lighter).
function isolated(g: Grid, labels: Int32Array, b: Blob, id: number, margin: number, cut: number): boolean {
  let sum = 0;
  for (let y = b.y0; y <= b.y1; y++)
    for (let x = b.x0; x <= b.x1; x++) if (labels[y * g.w + x] === id) sum += g.data[y * g.w + x]!;
  const limit = (sum / b.n + cut) / 2;
  let dark = 0;
  let n = 0;
  for (let y = b.y0 - margin; y <= b.y1 + margin; y++) {
    if (y < 0 || y >= g.h) continue;
    for (let x = b.x0 - margin; x <= b.x1 + margin; x++) {
      if (x < 0 || x >= g.w || (x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1)) continue;
      n++;
      if (g.data[y * g.w + x]! < limit) dark++;
    }
  }
  return dark <= n * 0.02;
}

/**
 * An L-shaped corner mark: of its box's four quadrants, three are well covered (the corner and the two
 * arms) and the one opposite the corner is empty. Glyphs and pencil strokes of that size are not.
 */
export function isCornerMark(labels: Int32Array, gw: number, b: Blob, id: number): boolean {
  const mx = (b.x0 + b.x1 + 1) / 2;
  const my = (b.y0 + b.y1 + 1) / 2;
  const on = [0, 0, 0, 0];
  const all = [0, 0, 0, 0];
  for (let y = b.y0; y <= b.y1; y++)
    for (let x = b.x0; x <= b.x1; x++) {
      const q = (x + 0.5 < mx ? 0 : 1) + (y + 0.5 < my ? 0 : 2);
      all[q]!++;
      if (labels[y * gw + x] === id) on[q]!++;
    }
  const fill = on.map((n, q) => n / Math.max(1, all[q]!)).sort((a, z) => a - z);
  return fill[0]! <= 0.15 && fill[1]! >= 0.45;
}

// Full-resolution darkness weight: 1 at or below the cut, fading to 0 at 1.6 × the cut.
function weight(v: number, cut: number): number {
  const soft = cut * 1.6;
  return v >= soft ? 0 : v <= cut ? 1 : (soft - v) / (soft - cut);
}

// Full-resolution centroid of the dark pixels around the blob, weighted by how dark they are.
function refine(img: GreyImage, x: number, y: number, w: number, h: number, cut: number): Point {
  let sx = 0;
  let sy = 0;
  let s = 0;
  const x0 = Math.max(0, x);
  const y0 = Math.max(0, y);
  const x1 = Math.min(img.width, x + w);
  const y1 = Math.min(img.height, y + h);
  for (let yy = y0; yy < y1; yy++) {
    const row = yy * img.width;
    for (let xx = x0; xx < x1; xx++) {
      const wgt = weight(img.data[row + xx]!, cut);
      sx += xx * wgt;
      sy += yy * wgt;
      s += wgt;
    }
  }
  return s > 0 ? { x: sx / s + 0.5, y: sy / s + 0.5 } : { x: x + w / 2, y: y + h / 2 };
}

// Centre of the mark's box at full resolution: the outermost rows and columns carrying at least half an
// arm's thickness of ink (`arm` px), so stray dots and a dithered edge do not widen it.
function boxCentre(
  img: GreyImage,
  x: number,
  y: number,
  w: number,
  h: number,
  cut: number,
  arm: number,
): Point {
  const x0 = Math.max(0, x);
  const y0 = Math.max(0, y);
  const x1 = Math.min(img.width, x + w);
  const y1 = Math.min(img.height, y + h);
  const cols = new Float64Array(x1 - x0);
  const rows = new Float64Array(y1 - y0);
  for (let yy = y0; yy < y1; yy++) {
    const row = yy * img.width;
    for (let xx = x0; xx < x1; xx++) {
      const wgt = weight(img.data[row + xx]!, cut);
      cols[xx - x0]! += wgt;
      rows[yy - y0]! += wgt;
    }
  }
  const span = (p: Float64Array) => {
    let a = 0;
    let b = p.length - 1;
    while (a < b && p[a]! < arm / 2) a++;
    while (b > a && p[b]! < arm / 2) b--;
    return (a + b + 1) / 2;
  };
  return { x: x0 + span(cols), y: y0 + span(rows) };
}
