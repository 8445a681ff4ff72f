import type { Point } from './geometry';
import type { GreyImage } from './image';

// Finding the sheet in a phone photo: the paper is the large bright region on a darker background (a desk,
// a hand). Worked on a small copy: the quadrilateral only has to put the anchors within their search
// radius; the anchors register the page exactly afterwards.

/** Long side of the copy the sheet is looked for on. */
const SMALL = 400;

/** The sheet's corners in image px, clockwise from the top left, or why none was found. */
export type QuadOutcome = { ok: true; quad: [Point, Point, Point, Point] } | { ok: false; reason: string };

/** Box-averaged copy whose long side is about `SMALL` px; `k` is full px per small px. */
export function shrink(img: GreyImage, long = SMALL): { small: GreyImage; k: number } {
  const k = Math.max(1, Math.ceil(Math.max(img.width, img.height) / long));
  const w = Math.floor(img.width / k);
  const h = Math.floor(img.height / k);
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let dy = 0; dy < k; dy++) {
        const row = (y * k + dy) * img.width + x * k;
        for (let dx = 0; dx < k; dx++) s += img.data[row + dx]!;
      }
      data[y * w + x] = s / (k * k);
    }
  return { small: { width: w, height: h, data }, k };
}

/** Otsu's threshold and the two class means of a byte image. */
export function otsu(d: Uint8Array): { cut: number; low: number; high: number } {
  const hist = new Float64Array(256);
  for (let i = 0; i < d.length; i++) hist[d[i]!]!++;
  const n = d.length;
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * hist[v]!;
  let wB = 0;
  let sB = 0;
  let best = -1;
  let out = { cut: 128, low: 0, high: 255 };
  for (let t = 0; t < 255; t++) {
    wB += hist[t]!;
    sB += t * hist[t]!;
    const wF = n - wB;
    if (wB === 0 || wF === 0) continue;
    const mB = sB / wB;
    const mF = (sum - sB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      out = { cut: t + 1, low: mB, high: mF };
    }
  }
  return out;
}

// 4-connected flood fill over `allowed` from the seeds; returns the reached mask.
function flood(w: number, h: number, allowed: (i: number) => boolean, seeds: number[]): Uint8Array {
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  for (const s of seeds)
    if (allowed(s) && !seen[s]) {
      seen[s] = 1;
      stack.push(s);
    }
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % w;
    for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w]) {
      if (j < 0 || j >= w * h || seen[j] || !allowed(j)) continue;
      seen[j] = 1;
      stack.push(j);
    }
  }
  return seen;
}

/** The pixels of the image's edge, where a flood of the outside starts. */
function borderOf(w: number, h: number): number[] {
  const border: number[] = [];
  for (let x = 0; x < w; x++) border.push(x, (h - 1) * w + x);
  for (let y = 0; y < h; y++) border.push(y * w, y * w + w - 1);
  return border;
}

/**
 * The largest 4-connected component of the pixels `inside` admits: every component's pixels labelled with its
 * first pixel (others -1), the largest one's label (`seed`) and size; null when no pixel is inside.
 */
function largestComponent(
  w: number,
  h: number,
  inside: (i: number) => boolean,
): { label: Int32Array; seed: number; size: number } | null {
  const label = new Int32Array(w * h).fill(-1);
  const stack: number[] = [];
  let seed = -1;
  let best = 0;
  for (let i = 0; i < w * h; i++) {
    if (label[i] !== -1 || !inside(i)) continue;
    label[i] = i;
    stack.push(i);
    let size = 0;
    while (stack.length) {
      const j = stack.pop()!;
      size++;
      const x = j % w;
      for (const n of [x > 0 ? j - 1 : -1, x < w - 1 ? j + 1 : -1, j - w, j + w]) {
        if (n < 0 || n >= w * h || label[n] !== -1 || !inside(n)) continue;
        label[n] = i;
        stack.push(n);
      }
    }
    if (size > best) {
      best = size;
      seed = i;
    }
  }
  return seed < 0 ? null : { label, seed, size: best };
}

/**
 * The sheet as a mask on the small copy: the largest component brighter than Otsu's cut, grown into paper
 * in shadow (brighter than a third of the way from the background's mean to the paper's), holes (print,
 * marks, anchors) filled.
 */
export function sheetMask(small: GreyImage): { mask: Uint8Array; area: number } | null {
  const { width: w, height: h, data } = small;
  const { cut, low, high } = otsu(data);
  // Nothing to tell apart: the photo is all paper or all background.
  if (high - low < 40) return null;
  // the largest bright component: a paper glare on the desk is smaller than the sheet
  const bright = largestComponent(w, h, (j) => data[j]! >= cut);
  if (!bright) return null;
  const { label, seed: bestSeed } = bright;
  const lenient = low + (high - low) / 3;
  const grown = flood(w, h, (j) => data[j]! >= lenient || label[j] === bestSeed, [bestSeed]);
  // holes: whatever the outside cannot reach from the border without crossing the sheet
  const outside = flood(w, h, (j) => !grown[j], borderOf(w, h));
  const mask = new Uint8Array(w * h);
  let area = 0;
  for (let i = 0; i < w * h; i++)
    if (!outside[i]) {
      mask[i] = 1;
      area++;
    }
  return { mask, area };
}

/**
 * The sheet as a mask found by its edges: where the grey changes by a ratio of at least `ratio` between
 * pixels two apart (a ratio, so light falling off or a shadow over both sides of the edge leaves it as it
 * is, and a shadow's own soft edge, spread over many pixels, is no edge at all). The outside is what the
 * border reaches without crossing an edge; the sheet is the largest piece left, its print included.
 */
export function edgeMask(small: GreyImage, ratio = 1.35): { mask: Uint8Array; area: number } | null {
  const { width: w, height: h, data } = small;
  const log = new Float32Array(256);
  for (let v = 0; v < 256; v++) log[v] = Math.log(v + 4);
  const cut = Math.log(ratio);
  const edge = new Uint8Array(w * h);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const gx = Math.abs(log[data[i + 1]!]! - log[data[i - 1]!]!);
      const gy = Math.abs(log[data[i + w]!]! - log[data[i - w]!]!);
      if (gx > cut || gy > cut) {
        // one pixel thicker: a sheet's edge broken by a pixel of noise still closes
        edge[i] = 1;
        edge[i + 1] = 1;
        edge[i + w] = 1;
      }
    }
  const outside = flood(w, h, (j) => !edge[j], borderOf(w, h));
  // the largest piece the outside did not reach
  const piece = largestComponent(w, h, (j) => !outside[j]);
  if (!piece) return null;
  const { label, seed: best, size: bestSize } = piece;
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) if (label[i] === best) mask[i] = 1;
  // the edge was drawn a pixel thick on each side of the change: peel the outer ring of edge pixels off
  let area = bestSize;
  for (let pass = 0; pass < 2; pass++) {
    const peel: number[] = [];
    for (let i = w; i < w * h - w; i++)
      if (mask[i] && edge[i] && (!mask[i - 1] || !mask[i + 1] || !mask[i - w] || !mask[i + w])) peel.push(i);
    for (const i of peel) mask[i] = 0;
    area -= peel.length;
  }
  return { mask, area };
}

interface Line {
  /** unit normal and offset: n·p = c */
  nx: number;
  ny: number;
  c: number;
}

// Total least squares line through points.
function fitLine(pts: Point[]): Line | null {
  if (pts.length < 2) return null;
  const mx = pts.reduce((s, p) => s + p.x, 0) / pts.length;
  const my = pts.reduce((s, p) => s + p.y, 0) / pts.length;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const p of pts) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
    syy += (p.y - my) ** 2;
  }
  // the normal is the eigenvector of the smaller eigenvalue of the scatter matrix
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const nx = -Math.sin(theta);
  const ny = Math.cos(theta);
  return { nx, ny, c: nx * mx + ny * my };
}

function intersect(a: Line, b: Line): Point | null {
  const det = a.nx * b.ny - a.ny * b.nx;
  if (Math.abs(det) < 1e-9) return null;
  return { x: (a.c * b.ny - a.ny * b.c) / det, y: (a.nx * b.c - a.c * b.nx) / det };
}

const dist = (l: Line, p: Point) => Math.abs(l.nx * p.x + l.ny * p.y - l.c);

// Distance from p to the segment a–b.
function segDist(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

/**
 * The quadrilateral of a sheet mask: rough corners from the extreme points along the diagonals, then each
 * side a line fitted to the outline points near it (the middle 80 %, twice, dropping the farthest), the
 * corners where the lines meet. A torn corner or a finger over an edge moves few points of a side.
 */
export function maskQuad(mask: Uint8Array, w: number, h: number): [Point, Point, Point, Point] | null {
  const outline: Point[] = [];
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (mask[i] && (!mask[i - 1] || !mask[i + 1] || !mask[i - w] || !mask[i + w]))
        outline.push({ x: x + 0.5, y: y + 0.5 });
    }
  if (outline.length < 40) return null;
  const ext = (f: (p: Point) => number) => outline.reduce((b, p) => (f(p) > f(b) ? p : b));
  const rough = [
    ext((p) => -p.x - p.y),
    ext((p) => p.x - p.y),
    ext((p) => p.x + p.y),
    ext((p) => -p.x + p.y),
  ] as const;
  const lines: Line[] = [];
  for (let s = 0; s < 4; s++) {
    const a = rough[s]!;
    const b = rough[(s + 1) % 4]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len < 10) return null;
    // the side's middle: near the corners the outline bends round them
    let pts = outline.filter((p) => {
      if (segDist(p, a, b) > Math.max(3, len * 0.05)) return false;
      const t = ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / (len * len);
      return t > 0.1 && t < 0.9;
    });
    let line = fitLine(pts);
    for (let pass = 0; pass < 2 && line; pass++) {
      const l = line;
      const ds = pts.map((p) => dist(l, p)).sort((x, y) => x - y);
      const keep = Math.max(1.5, ds[Math.floor(ds.length * 0.8)] ?? 0);
      pts = pts.filter((p) => dist(l, p) <= keep);
      line = fitLine(pts);
    }
    if (!line || pts.length < len * 0.3) return null;
    lines.push(line);
  }
  const corners: Point[] = [];
  for (let s = 0; s < 4; s++) {
    const p = intersect(lines[(s + 3) % 4]!, lines[s]!);
    if (!p) return null;
    corners.push(p);
  }
  return corners as [Point, Point, Point, Point];
}

// Twice the signed area of a polygon (positive clockwise in image coordinates).
function area2(q: Point[]): number {
  let s = 0;
  for (let i = 0; i < q.length; i++) {
    const a = q[i]!;
    const b = q[(i + 1) % q.length]!;
    s += a.x * b.y - b.x * a.y;
  }
  return s;
}

// The quadrilateral of one mask, or why it is not a sheet.
function quadOf(found: { mask: Uint8Array; area: number } | null, small: GreyImage): QuadOutcome {
  if (!found) return { ok: false, reason: '照片中找不到纸张（纸张与背景亮度相近）' };
  const total = small.width * small.height;
  // a sheet a few metres away: the resolution it leaves is checked against the card (photo.ts)
  if (found.area < total * 0.05) return { ok: false, reason: '纸张在照片中太小，请靠近拍摄' };
  if (found.area > total * 0.995) return { ok: false, reason: '照片中找不到纸张边缘' };
  const q = maskQuad(found.mask, small.width, small.height);
  if (!q) return { ok: false, reason: '纸张边缘不完整，请拍下整张纸' };
  const a = Math.abs(area2(q)) / 2;
  // the quadrilateral must be the mask: a bent or folded outline fits four lines badly
  if (a < found.area * 0.9 || a > found.area * 1.1) return { ok: false, reason: '纸张轮廓不是四边形' };
  // every corner inside the photo (a sheet cut off by the frame has lost its anchors)
  const m = 0.5;
  for (const p of q)
    if (p.x < -m || p.y < -m || p.x > small.width + m || p.y > small.height + m)
      return { ok: false, reason: '纸张超出照片边缘，请拍下整张纸' };
  return { ok: true, quad: q };
}

/** Long side over short side of a quadrilateral (mean of opposite sides). */
export function quadAspect(q: readonly Point[]): number {
  const len = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);
  const across = (len(q[0]!, q[1]!) + len(q[3]!, q[2]!)) / 2;
  const down = (len(q[0]!, q[3]!) + len(q[1]!, q[2]!)) / 2;
  return Math.max(across, down) / Math.max(1e-9, Math.min(across, down));
}

/**
 * Finds the sheet's quadrilateral in a photo (image px, clockwise from the top-left corner) two ways: by
 * its edges (shadows and light falling off leave them) and as the bright region (a sheet whose edge is
 * lost somewhere against a pale desk). Of the two, the one nearer the sheet's `aspect` (long / short
 * side) when it is known, else the edges'.
 */
export function findSheet(img: GreyImage, aspect?: number): QuadOutcome {
  const { small, k } = shrink(img);
  const tries = [quadOf(edgeMask(small), small), quadOf(sheetMask(small), small)];
  const found = tries.filter((t): t is Extract<QuadOutcome, { ok: true }> => t.ok);
  if (aspect)
    found.sort(
      (a, b) => Math.abs(quadAspect(a.quad) / aspect - 1) - Math.abs(quadAspect(b.quad) / aspect - 1),
    );
  const best = found[0];
  if (!best) return tries[0]!;
  return {
    ok: true,
    quad: best.quad.map((p) => ({ x: p.x * k, y: p.y * k })) as [Point, Point, Point, Point],
  };
}
