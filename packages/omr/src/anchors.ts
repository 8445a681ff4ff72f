import type { Point } from './geometry';
import { clipRect, histogram, quantileOfHistogram, type GreyImage } from './image';

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
  sx: number;
  sy: number;
}

const STEP = 2;

/** Finds the solid dark block of about `size` image px nearest to `predicted` within ±`radius`. */
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
  const { hist, total } = histogram(img, win, 3);
  const paper = quantileOfHistogram(hist, total, 0.9);
  // Anchors are printed solid black; pencil is lighter, so a low cut keeps fills out.
  const cut = Math.min(paper * 0.45, 110);
  const gw = Math.ceil(win.w / STEP);
  const gh = Math.ceil(win.h / STEP);
  const labels = new Int32Array(gw * gh).fill(-1);
  const parent: number[] = [];
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]!]!;
      a = parent[a]!;
    }
    return a;
  };
  for (let gy = 0; gy < gh; gy++) {
    const row = (win.y + gy * STEP) * img.width + win.x;
    for (let gx = 0; gx < gw; gx++) {
      if (img.data[row + gx * STEP]! >= cut) continue;
      const i = gy * gw + gx;
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
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const l = labels[gy * gw + gx]!;
      if (l < 0) continue;
      const r = find(l);
      const b = blobs.get(r);
      if (!b) blobs.set(r, { n: 1, x0: gx, y0: gy, x1: gx, y1: gy, sx: gx, sy: gy });
      else {
        b.n++;
        b.sx += gx;
        b.sy += gy;
        if (gx < b.x0) b.x0 = gx;
        if (gx > b.x1) b.x1 = gx;
        if (gy < b.y0) b.y0 = gy;
        if (gy > b.y1) b.y1 = gy;
      }
    }
  }
  let best: AnchorHit | null = null;
  for (const b of blobs.values()) {
    const bw = (b.x1 - b.x0 + 1) * STEP;
    const bh = (b.y1 - b.y0 + 1) * STEP;
    // Skew up to ±5° grows the box by ≤ 10 %; print and scale vary by a few more.
    if (bw < size.w * 0.7 || bw > size.w * 1.45 || bh < size.h * 0.7 || bh > size.h * 1.45) continue;
    const area = b.n * STEP * STEP;
    if (area < size.w * size.h * 0.6 || area > size.w * size.h * 1.4) continue;
    const centre = refine(img, win.x + b.x0 * STEP - 2, win.y + b.y0 * STEP - 2, bw + 4, bh + 4, cut);
    const distance = Math.hypot(centre.x - predicted.x, centre.y - predicted.y);
    if (!best || distance < best.distance) best = { centre, w: bw, h: bh, distance };
  }
  return best;
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
  const soft = cut * 1.6;
  for (let yy = y0; yy < y1; yy++) {
    const row = yy * img.width;
    for (let xx = x0; xx < x1; xx++) {
      const v = img.data[row + xx]!;
      if (v >= soft) continue;
      const wgt = v <= cut ? 1 : (soft - v) / (soft - cut);
      sx += xx * wgt;
      sy += yy * wgt;
      s += wgt;
    }
  }
  return s > 0 ? { x: sx / s + 0.5, y: sy / s + 0.5 } : { x: x + w / 2, y: y + h / 2 };
}
