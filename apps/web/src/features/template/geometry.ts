// Rectangle arithmetic in template (image) pixels, shared by the canvas, snapping and assembly.

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The rectangle spanned by a drag from `a` to `b`, whichever way it went. */
export function rectFromPoints(a: Point, b: Point): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y) };
}

/** Whole pixels, at least 1 × 1, inside a page of `width` × `height`. */
export function clampRect(r: Rect, width: number, height: number): Rect {
  const x = Math.max(0, Math.min(Math.round(r.x), width - 1));
  const y = Math.max(0, Math.min(Math.round(r.y), height - 1));
  const w = Math.max(1, Math.min(Math.round(r.w), width - x));
  const h = Math.max(1, Math.min(Math.round(r.h), height - y));
  return { x, y, w, h };
}

export const area = (r: Rect): number => Math.max(0, r.w) * Math.max(0, r.h);

export function intersection(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const w = Math.min(a.x + a.w, b.x + b.w) - x;
  const h = Math.min(a.y + a.h, b.y + b.h) - y;
  return w > 0 && h > 0 ? { x, y, w, h } : null;
}

/** Intersection over union, 0 when apart. */
export function iou(a: Rect, b: Rect): number {
  const i = intersection(a, b);
  if (!i) return 0;
  const inter = area(i);
  return inter / (area(a) + area(b) - inter);
}

/** The share of `inner` that lies inside `outer`. */
export function coveredShare(outer: Rect, inner: Rect): number {
  const i = intersection(outer, inner);
  return i && area(inner) > 0 ? area(i) / area(inner) : 0;
}

export const centre = (r: Rect): Point => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });

export const containsPoint = (r: Rect, p: Point): boolean =>
  p.x >= r.x && p.x <= r.x + r.w && p.y >= r.y && p.y <= r.y + r.h;

export const moveRect = (r: Rect, dx: number, dy: number): Rect => ({ ...r, x: r.x + dx, y: r.y + dy });

/** The smallest rectangle holding all of `rects` (a zero rectangle for none). */
export function boundsOf(rects: Rect[]): Rect {
  if (rects.length === 0) return { x: 0, y: 0, w: 0, h: 0 };
  const x0 = Math.min(...rects.map((r) => r.x));
  const y0 = Math.min(...rects.map((r) => r.y));
  const x1 = Math.max(...rects.map((r) => r.x + r.w));
  const y1 = Math.max(...rects.map((r) => r.y + r.h));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/**
 * A drawn rectangle snapped to the detected mark it was meant to frame: a candidate mostly inside the
 * drawing and not much smaller than it (a loose frame around a mark), or one that overlaps it closely.
 */
export function snapRect(drawn: Rect, candidates: Rect[]): Rect | null {
  let best: Rect | null = null;
  let bestScore = 0;
  for (const c of candidates) {
    const tight = iou(drawn, c);
    const loose = coveredShare(drawn, c) >= 0.8 && area(drawn) <= area(c) * 9 ? 0.5 : 0;
    const score = Math.max(tight >= 0.5 ? tight : 0, loose);
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}
