import type { LocationArea } from '@yj/contracts';
import type { Matrix3, Point } from './geometry';
import { bilinear, type GreyImage } from './image';

/** Where a location area was found: its offset from the template position, in template px. */
export interface LocationHit {
  offset: Point;
  score: number;
}

/** Decodes a base64 patch into bytes without Node's Buffer, so the library also runs in browsers. */
export function decodePatch(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

interface Plane {
  w: number;
  h: number;
  d: Float32Array;
}

function downsample(p: Plane, k: number): Plane {
  if (k === 1) return p;
  const w = Math.floor(p.w / k);
  const h = Math.floor(p.h / k);
  const d = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let j = 0; j < k; j++) for (let i = 0; i < k; i++) s += p.d[(y * k + j) * p.w + x * k + i]!;
      d[y * w + x] = s / (k * k);
    }
  }
  return { w, h, d };
}

/** Planes at the given levels (1, 2, 4, 8 …), each made from the previous one by 2×2 means. */
function pyramid(p: Plane, levels: number[]): Map<number, Plane> {
  const out = new Map<number, Plane>([[1, p]]);
  let cur = p;
  for (let k = 2; k <= Math.max(...levels); k *= 2) {
    cur = downsample(cur, 2);
    out.set(k, cur);
  }
  return out;
}

interface PatternLevels {
  levels: number[];
  planes: Map<number, Plane>;
  stats: Map<number, { m: number; s: number }>;
}

// The patches are the same on every page of a template: decoded and reduced once per area object.
const patterns = new WeakMap<LocationArea, PatternLevels | null>();

function patternOf(area: LocationArea): PatternLevels | null {
  if (patterns.has(area)) return patterns.get(area)!;
  const { patch } = area;
  const pat: Plane = { w: patch.width, h: patch.height, d: Float32Array.from(decodePatch(patch.data)) };
  let out: PatternLevels | null = null;
  if (pat.d.length === pat.w * pat.h) {
    const levels = [8, 4, 2, 1].filter((k) => k === 1 || Math.min(pat.w, pat.h) / k >= 6);
    const planes = pyramid(pat, levels);
    const st = new Map(levels.map((k) => [k, stats(planes.get(k)!)]));
    out = { levels, planes, stats: st };
  }
  patterns.set(area, out);
  return out;
}

function nccAt(win: Plane, pat: Plane, pm: number, ps: number, ox: number, oy: number): number {
  let sw = 0;
  let sww = 0;
  let swp = 0;
  for (let y = 0; y < pat.h; y++) {
    const wr = (oy + y) * win.w + ox;
    const pr = y * pat.w;
    for (let x = 0; x < pat.w; x++) {
      const v = win.d[wr + x]!;
      sw += v;
      sww += v * v;
      swp += v * pat.d[pr + x]!;
    }
  }
  const n = pat.w * pat.h;
  const varW = sww / n - (sw / n) ** 2;
  if (varW < 1e-6) return -1;
  return (swp / n - (sw / n) * pm) / (Math.sqrt(varW) * ps);
}

function stats(p: Plane): { m: number; s: number } {
  let a = 0;
  let b = 0;
  for (const v of p.d) {
    a += v;
    b += v * v;
  }
  const m = a / p.d.length;
  return { m, s: Math.sqrt(Math.max(1e-9, b / p.d.length - m * m)) };
}

function best(
  win: Plane,
  pat: Plane,
  { m, s }: { m: number; s: number },
  xs: [number, number],
  ys: [number, number],
): { x: number; y: number; v: number } {
  let top = { x: xs[0], y: ys[0], v: -2 };
  for (let oy = Math.max(0, ys[0]); oy <= Math.min(win.h - pat.h, ys[1]); oy++) {
    for (let ox = Math.max(0, xs[0]); ox <= Math.min(win.w - pat.w, xs[1]); ox++) {
      const v = nccAt(win, pat, m, s, ox, oy);
      if (v > top.v) top = { x: ox, y: oy, v };
    }
  }
  return top;
}

/** Matches a location area's patch around its template place (seen through `h`) by normalised cross-correlation. */
export function matchLocationArea(
  img: GreyImage,
  h: Matrix3,
  area: LocationArea,
  radius: number,
): LocationHit | null {
  const { patch, rect } = area;
  const sc = patch.scale;
  const pl = patternOf(area);
  if (!pl) return null;
  const pat = pl.planes.get(1)!;
  const r = Math.round(radius * sc);
  const win: Plane = {
    w: pat.w + 2 * r,
    h: pat.h + 2 * r,
    d: new Float32Array((pat.w + 2 * r) * (pat.h + 2 * r)),
  };
  // Template point of window pixel (x, y) is linear in x along a row: the homography's numerators and
  // denominator step by constants, so each pixel costs one division and no allocation.
  const [a, b, c, d, e, g, p6, p7, p8] = h;
  for (let y = 0; y < win.h; y++) {
    const ty = rect.y + (y - r + 0.5) / sc;
    const tx0 = rect.x + (-r + 0.5) / sc;
    let nx = a * tx0 + b * ty + c;
    let ny = d * tx0 + e * ty + g;
    let dn = p6 * tx0 + p7 * ty + p8;
    const sx = a / sc;
    const sy = d / sc;
    const sd = p6 / sc;
    const row = y * win.w;
    for (let x = 0; x < win.w; x++) {
      win.d[row + x] = bilinear(img, nx / dn - 0.5, ny / dn - 0.5);
      nx += sx;
      ny += sy;
      dn += sd;
    }
  }
  // Pyramid search: exhaustive on a coarse grid, then ±2 cells at each finer level.
  const wins = pyramid(win, pl.levels);
  let f = { x: 0, y: 0, v: -2 };
  let prevK = 0;
  for (const k of pl.levels) {
    const cw = wins.get(k)!;
    const cp = pl.planes.get(k)!;
    const xs: [number, number] =
      prevK === 0 ? [0, cw.w - cp.w] : [Math.floor((f.x * prevK) / k) - 2, Math.ceil((f.x * prevK) / k) + 2];
    const ys: [number, number] =
      prevK === 0 ? [0, cw.h - cp.h] : [Math.floor((f.y * prevK) / k) - 2, Math.ceil((f.y * prevK) / k) + 2];
    f = best(cw, cp, pl.stats.get(k)!, xs, ys);
    prevK = k;
  }
  if (f.v < -1) return null;
  return { offset: { x: (f.x - r) / sc, y: (f.y - r) / sc }, score: f.v };
}
