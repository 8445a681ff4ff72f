import type { LocationArea } from '@yj/contracts';
import type { Matrix3, Point } from './geometry';
import { px, type GreyImage } from './image';

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
  if (k === 2) return halve(p);
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

/** downsample(p, 2) written out: the same four additions in the same order, without the inner loops. */
function halve(p: Plane): Plane {
  const w = Math.floor(p.w / 2);
  const h = Math.floor(p.h / 2);
  const d = new Float32Array(w * h);
  const s = p.d;
  const pw = p.w;
  for (let y = 0; y < h; y++) {
    const r0 = 2 * y * pw;
    const r1 = r0 + pw;
    for (let x = 0; x < w; x++) {
      const i = 2 * x;
      d[y * w + x] = (s[r0 + i]! + s[r0 + i + 1]! + s[r1 + i]! + s[r1 + i + 1]!) / 4;
    }
  }
  return { w, h, d };
}

/** A plane's pairs of pixels along x averaged: half as wide, as high. */
function halveAcross(p: Plane): Plane {
  const w = Math.floor(p.w / 2);
  const d = new Float32Array(w * p.h);
  for (let y = 0; y < p.h; y++) {
    const r = y * p.w;
    for (let x = 0; x < w; x++) d[y * w + x] = (p.d[r + 2 * x]! + p.d[r + 2 * x + 1]!) / 2;
  }
  return { w, h: p.h, d };
}

/** Planes at levels base, 2·base … up to `top` (p itself at `base`), each the previous one's 2×2 means. */
function pyramid(p: Plane, top: number, base = 1): Map<number, Plane> {
  const out = new Map<number, Plane>([[base, p]]);
  let cur = p;
  for (let k = 2 * base; k <= top; k *= 2) {
    cur = downsample(cur, 2);
    out.set(k, cur);
  }
  return out;
}

interface PatternLevels {
  levels: number[];
  /**
   * The top level halved across (twice as coarse along x, the long side of a printed heading), where a
   * wide search scouts for candidates; null when the pattern is too narrow there.
   */
  scout: { cen: Plane; s: number } | null;
  planes: Map<number, Plane>;
  /** each level's pattern minus its mean: NCC then needs one product per pixel */
  centred: Map<number, Plane>;
  stats: Map<number, { m: number; s: number }>;
}

// The patches are the same on every page of a template: decoded and reduced once per area object.
/** cells searched either side of the coarser level's best */
const R = 1;
/** The least width (px) of a pattern at the scouting level: as a searched level keeps. */
const SCOUT_MIN = 6;
/** Positions of the scouting level refined at the top level. */
const SCOUTS = 4;

const patterns = new WeakMap<LocationArea, PatternLevels | null>();

function patternOf(area: LocationArea): PatternLevels | null {
  if (patterns.has(area)) return patterns.get(area)!;
  const { patch } = area;
  const pat: Plane = { w: patch.width, h: patch.height, d: Float32Array.from(decodePatch(patch.data)) };
  let out: PatternLevels | null = null;
  if (pat.d.length === pat.w * pat.h) {
    const levels = [8, 4, 2, 1].filter((k) => k === 1 || Math.min(pat.w, pat.h) / k >= 6);
    const planes = pyramid(pat, Math.max(...levels));
    const st = new Map(levels.map((k) => [k, stats(planes.get(k)!)]));
    const centred = new Map(
      levels.map((k) => {
        const p = planes.get(k)!;
        const m = st.get(k)!.m;
        return [k, { w: p.w, h: p.h, d: p.d.map((v) => v - m) }];
      }),
    );
    const top = Math.max(...levels);
    let scout: PatternLevels['scout'] = null;
    if (top >= 4 && pat.w / (2 * top) >= SCOUT_MIN) {
      const p = halveAcross(planes.get(top)!);
      const m = stats(p);
      scout = { cen: { ...p, d: p.d.map((v) => v - m.m) }, s: m.s };
    }
    out = { levels, scout, planes, centred, stats: st };
  }
  patterns.set(area, out);
  return out;
}

// The tables' memory, reused from call to call (best() uses one pair at a time, synchronously).
let sumTable = new Float64Array(0);
let squareTable = new Float64Array(0);

/**
 * Summed-area tables of a plane and of its squares: any window's mean and variance in four look-ups.
 * Valid until the next call.
 */
function integrals(p: Plane): { s: Float64Array; q: Float64Array } {
  const w1 = p.w + 1;
  const size = w1 * (p.h + 1);
  if (sumTable.length < size) {
    sumTable = new Float64Array(size * 2);
    squareTable = new Float64Array(size * 2);
  }
  const s = sumTable;
  const q = squareTable;
  // every other cell is written below: only the zero row and column need clearing
  s.fill(0, 0, w1);
  q.fill(0, 0, w1);
  for (let y = 1; y <= p.h; y++) {
    s[y * w1] = 0;
    q[y * w1] = 0;
  }
  const d = p.d;
  const pw = p.w;
  for (let y = 0; y < p.h; y++) {
    let rs = 0;
    let rq = 0;
    const src = y * pw;
    const up = y * w1 + 1;
    const down = up + w1;
    for (let x = 0; x < pw; x++) {
      const v = d[src + x]!;
      rs += v;
      rq += v * v;
      s[down + x] = s[up + x]! + rs;
      q[down + x] = q[up + x]! + rq;
    }
  }
  return { s, q };
}

// NCC of the pattern at (ox, oy) from Σ window·(pattern − mean) (one product per pixel); the window's own
// sum and sum of squares come from the summed-area tables.
function nccOf(
  swp: number,
  win: Plane,
  sums: { s: Float64Array; q: Float64Array },
  cen: Plane,
  ps: number,
  ox: number,
  oy: number,
): number {
  const w1 = win.w + 1;
  const cw = cen.w;
  const { s, q } = sums;
  const a = (oy + cen.h) * w1 + ox;
  const b = oy * w1 + ox;
  const sumW = s[a + cw]! - s[b + cw]! - s[a]! + s[b]!;
  const sumQ = q[a + cw]! - q[b + cw]! - q[a]! + q[b]!;
  return nccFrom(swp, sumW, sumQ, cen.w * cen.h, ps);
}

/** NCC from Σ window·centred pattern, the window's Σ and Σ², its size and the pattern's deviation. */
function nccFrom(swp: number, sumW: number, sumQ: number, n: number, ps: number): number {
  const mw = sumW / n;
  const varW = sumQ / n - mw * mw;
  if (varW < 1e-6) return -1;
  return swp / n / (Math.sqrt(varW) * ps);
}

/**
 * Σ and Σ² of the window under the pattern at the positions (xa … xa+nx−1, ya … ya+ny−1), row by row into
 * sw and sq: a refining search's few positions need only the pixels under them, not a summed-area table of
 * the whole window (which cost as much as the products themselves). Each row's sums over the pattern's
 * width, slid along it to the nx offsets, then added down the pattern's height. In registers, one load a
 * pixel: column sums kept in arrays cost two loads and two stores a pixel. Exact in any order: the plane's
 * values are 2×2 means of bytes (quarters, sixteenths …), their sums and squares far inside a double's 53
 * bits, so the NCC is the same to the last bit however the sums are taken.
 */
function windowSums(
  win: Plane,
  cw: number,
  ch: number,
  xa: number,
  ya: number,
  nx: number,
  ny: number,
  sw: Float64Array,
  sq: Float64Array,
): void {
  const d = win.d;
  const ww = win.w;
  const rows = ch + ny - 1;
  if (rowSums.length < 3 * rows) {
    rowSums = new Float64Array(6 * rows);
    rowSquares = new Float64Array(6 * rows);
  }
  const rs = rowSums;
  const rq = rowSquares;
  for (let r = 0; r < rows; r++) {
    const o = (ya + r) * ww + xa;
    let a = 0;
    let b = 0;
    for (let x = 0; x < cw; x++) {
      const v = d[o + x]!;
      a += v;
      b += v * v;
    }
    rs[r] = a;
    rq[r] = b;
    for (let i = 1; i < nx; i++) {
      const out = d[o + i - 1]!;
      const inn = d[o + cw + i - 1]!;
      a += inn - out;
      b += inn * inn - out * out;
      rs[i * rows + r] = a;
      rq[i * rows + r] = b;
    }
  }
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) {
      let a = 0;
      let b = 0;
      const o = i * rows + j;
      for (let y = 0; y < ch; y++) {
        a += rs[o + y]!;
        b += rq[o + y]!;
      }
      sw[3 * j + i] = a;
      sq[3 * j + i] = b;
    }
}

// windowSums' row sums, reused from call to call (one search at a time, synchronously).
let rowSums = new Float64Array(0);
let rowSquares = new Float64Array(0);

/** Σ window·centred pattern at (ox, oy). */
function productAt(win: Plane, cen: Plane, ox: number, oy: number): number {
  const wd = win.d;
  const cd = cen.d;
  const ww = win.w;
  const cw = cen.w;
  let swp = 0;
  for (let y = 0; y < cen.h; y++) {
    const wr = (oy + y) * ww + ox;
    const pr = y * cw;
    for (let x = 0; x < cw; x++) swp += wd[wr + x]! * cd[pr + x]!;
  }
  return swp;
}

/**
 * The products at (ox … ox+3, oy) in one pass: four independent sums, so the additions do not wait on
 * each other (one sum's chain of dependent additions bounded the hot loop of registration) and each
 * pattern value is loaded once. Each sum adds the same terms in the same order as productAt: bit-identical.
 */
function products4(win: Plane, cen: Plane, ox: number, oy: number, out: Float64Array): void {
  const wd = win.d;
  const cd = cen.d;
  const ww = win.w;
  const cw = cen.w;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let y = 0; y < cen.h; y++) {
    const wr = (oy + y) * ww + ox;
    const pr = y * cw;
    let w1 = wd[wr]!;
    let w2 = wd[wr + 1]!;
    let w3 = wd[wr + 2]!;
    for (let x = 0; x < cw; x++) {
      const c = cd[pr + x]!;
      const w4 = wd[wr + x + 3]!;
      s0 += w1 * c;
      s1 += w2 * c;
      s2 += w3 * c;
      s3 += w4 * c;
      w1 = w2;
      w2 = w3;
      w3 = w4;
    }
  }
  out[0] = s0;
  out[1] = s1;
  out[2] = s2;
  out[3] = s3;
}

/**
 * products4 for three positions (a refining search is three wide: a quarter less work than four). The same
 * terms in the same order: bit-identical.
 */
function products3(win: Plane, cen: Plane, ox: number, oy: number, out: Float64Array): void {
  const wd = win.d;
  const cd = cen.d;
  const ww = win.w;
  const cw = cen.w;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  for (let y = 0; y < cen.h; y++) {
    const wr = (oy + y) * ww + ox;
    const pr = y * cw;
    let w1 = wd[wr]!;
    let w2 = wd[wr + 1]!;
    for (let x = 0; x < cw; x++) {
      const c = cd[pr + x]!;
      const w3 = wd[wr + x + 2]!;
      s0 += w1 * c;
      s1 += w2 * c;
      s2 += w3 * c;
      w1 = w2;
      w2 = w3;
    }
  }
  out[0] = s0;
  out[1] = s1;
  out[2] = s2;
}

/**
 * products3 for the positions (ox … ox+2, oy … oy+rows−1) of a refining search (rows 1 to 3), row by row into
 * out[0 … 8]: each pattern value is loaded once for up to nine sums instead of three times for three. A row
 * past `rows` repeats the first (its sums are not used). The same terms in the same order as products3 row by
 * row: bit-identical.
 */
function products3x3(win: Plane, cen: Plane, ox: number, oy: number, rows: number, out: Float64Array): void {
  const wd = win.d;
  const cd = cen.d;
  const ww = win.w;
  const cw = cen.w;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let t0 = 0;
  let t1 = 0;
  let t2 = 0;
  let u0 = 0;
  let u1 = 0;
  let u2 = 0;
  for (let y = 0; y < cen.h; y++) {
    const a = (oy + y) * ww + ox;
    const b = rows > 1 ? a + ww : a;
    const c = rows > 2 ? b + ww : a;
    const pr = y * cw;
    let a1 = wd[a]!;
    let a2 = wd[a + 1]!;
    let b1 = wd[b]!;
    let b2 = wd[b + 1]!;
    let c1 = wd[c]!;
    let c2 = wd[c + 1]!;
    for (let x = 0; x < cw; x++) {
      const p = cd[pr + x]!;
      const a3 = wd[a + x + 2]!;
      const b3 = wd[b + x + 2]!;
      const c3 = wd[c + x + 2]!;
      s0 += a1 * p;
      s1 += a2 * p;
      s2 += a3 * p;
      t0 += b1 * p;
      t1 += b2 * p;
      t2 += b3 * p;
      u0 += c1 * p;
      u1 += c2 * p;
      u2 += c3 * p;
      a1 = a2;
      a2 = a3;
      b1 = b2;
      b2 = b3;
      c1 = c2;
      c2 = c3;
    }
  }
  out[0] = s0;
  out[1] = s1;
  out[2] = s2;
  out[3] = t0;
  out[4] = t1;
  out[5] = t2;
  out[6] = u0;
  out[7] = u1;
  out[8] = u2;
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

/** A refining search's NCC values, three a row from (x0, y0); -2 where it did not look. */
interface Seen {
  x0: number;
  y0: number;
  v: Float64Array;
}

function best(
  win: Plane,
  cen: Plane,
  ps: number,
  xs: [number, number],
  ys: [number, number],
  seen?: Seen,
): { x: number; y: number; v: number } {
  let top = { x: xs[0], y: ys[0], v: -2 };
  seen?.v.fill(-2);
  const x1 = Math.min(win.w - cen.w, xs[1]);
  const xa = Math.max(0, xs[0]);
  const ya = Math.max(0, ys[0]);
  const y1 = Math.min(win.h - cen.h, ys[1]);
  const nx = x1 - xa + 1;
  const ny = y1 - ya + 1;
  // the last pixel the three-wide sums read (past x1 they read on, into the next row: dropped)
  const last = (ya + ny - 1 + cen.h - 1) * win.w + xa + cen.w + 1;
  if (nx >= 1 && nx <= 3 && ny >= 1 && ny <= 3 && last < win.d.length) {
    // a refining search (three by three, fewer at the window's edge): its sums in one pass, compared in the
    // same order as below
    const p9 = new Float64Array(9);
    const s9 = new Float64Array(9);
    const q9 = new Float64Array(9);
    products3x3(win, cen, xa, ya, ny, p9);
    windowSums(win, cen.w, cen.h, xa, ya, nx, ny, s9, q9);
    const n = cen.w * cen.h;
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        const v = nccFrom(p9[3 * j + i]!, s9[3 * j + i]!, q9[3 * j + i]!, n, ps);
        if (seen) seen.v[3 * j + i] = v;
        if (v > top.v) top = { x: xa + i, y: ya + j, v };
      }
    if (seen) {
      seen.x0 = xa;
      seen.y0 = ya;
    }
    return top;
  }
  const sums = integrals(win);
  const p4 = new Float64Array(4);
  for (let oy = ya; oy <= y1; oy++) {
    // four positions at a time, in the same order of comparison; at the end of a row the sums past x1 read
    // pixels of the next row and are dropped (one by one only where they would read past the plane)
    const fits = (ox: number) => (oy + cen.h - 1) * win.w + ox + 3 + cen.w <= win.d.length;
    for (let ox = Math.max(0, xs[0]); ox <= x1; ox += 4) {
      const k = Math.min(4, x1 - ox + 1);
      if (k === 3) products3(win, cen, ox, oy, p4);
      else if (k > 1 && fits(ox)) products4(win, cen, ox, oy, p4);
      else for (let i = 0; i < k; i++) p4[i] = productAt(win, cen, ox + i, oy);
      for (let i = 0; i < k; i++) {
        const v = nccOf(p4[i]!, win, sums, cen, ps, ox + i, oy);
        if (v > top.v) top = { x: ox + i, y: oy, v };
      }
    }
  }
  return top;
}

/**
 * Samples a plane of the window around an area: plane pixel (x, y) is the mean of the 2×2 image pixels
 * nearest the quarter points of the `step`-wide cell at window position (x0 + x·step, y0 + y·step), window
 * pixel (0, 0) being `r` patch pixels above and left of the area. Nearest pixels, not bilinear samples: a
 * load instead of four loads and six products; four of them a cell smooth it as 2×2 bilinear samples did
 * (fits as close to the simulator's truth at 150–300 dpi), where one bilinear sample at its centre aliased
 * printed strokes at 300 dpi (fits a fifth further off). Template point of a window position is linear
 * in x along a row (the homography's numerators and denominator step by constants): one division a sample.
 */
function sampleWindow(
  img: GreyImage,
  h: Matrix3,
  area: LocationArea,
  r: number,
  box: { x0: number; y0: number; w: number; h: number },
  step: number,
): Plane {
  const { rect } = area;
  const sc = area.patch.scale;
  const out: Plane = { w: box.w, h: box.h, d: new Float32Array(box.w * box.h) };
  const [a, b, c, d, e, g, p6, p7, p8] = h;
  const inc = step / 2 / sc;
  // an affine map (the first pass's coarse transform) keeps dn exactly 1: no division
  const affine = p6 === 0 && p7 === 0 && p8 === 1;
  const od = out.d;
  const id = img.data;
  const iw = img.width;
  const ih = img.height;
  // the steps along a row, the same products as adding a·inc each time
  const ai = a * inc;
  const di = d * inc;
  const pi = p6 * inc;
  const n1 = box.w * 2 - 1;
  // a cell row's two rows of samples: where each starts (numerators and denominator) and whether it
  // stays inside the image
  const sx = [0, 0];
  const sy = [0, 0];
  const sd = [0, 0];
  const inside = [false, false];
  for (let y = 0; y < box.h; y++) {
    const row = y * box.w;
    for (let j = 0; j < 2; j++) {
      const ty = rect.y + (box.y0 + y * step + (j + 0.5) * (step / 2) - r) / sc;
      const tx0 = rect.x + (box.x0 + (0.5 * step) / 2 - r) / sc;
      const nx = a * tx0 + b * ty + c;
      const ny = d * tx0 + e * ty + g;
      const dn = p6 * tx0 + p7 * ty + p8;
      // the row's last sample: a homography keeps a row's samples on the segment between its ends as long as
      // the denominator keeps its sign
      const ex = nx + ai * n1;
      const ey = ny + di * n1;
      const ed = dn + pi * n1;
      sx[j] = nx;
      sy[j] = ny;
      sd[j] = dn;
      inside[j] = affine
        ? rowInside(nx, ny, ex, ey, iw, ih)
        : dn > 0 && ed > 0 && rowInside(nx / dn, ny / dn, ex / ed, ey / ed, iw, ih);
    }
    // the commonest cell rows (both rows inside the image) in loops of their own, without a test, each
    // cell written once; affine (the first pass) without a division (one loop for both cost 4 % of
    // recognising sample6, measured)
    if (inside[0] && inside[1]) {
      if (affine) rowsAffine(id, iw, sx[0]!, sy[0]!, sx[1]!, sy[1]!, ai, di, box.w, od, row);
      else rowsProjective(id, iw, sx, sy, sd, ai, di, pi, box.w, od, row);
      continue;
    }
    for (let j = 0; j < 2; j++)
      rowProjective(img, inside[j]!, sx[j]!, sy[j]!, sd[j]!, ai, di, pi, box.w, od, row);
    for (let x = 0; x < box.w; x++) od[row + x]! /= 4;
  }
  return out;
}

// A cell's samples: the two nearest pixels along each of its two rows; pixel i spans [i, i + 1), so the
// pixel holding image point (x, y) is (⌊x⌋, ⌊y⌋); inside the image both are positive and truncation is
// the floor. Four bytes' sum over 4 is exact in a float: the same value however it is added.

function rowsAffine(
  id: Uint8Array,
  iw: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  ai: number,
  di: number,
  cells: number,
  od: Float32Array,
  at: number,
): void {
  for (let x = 0; x < cells; x++) {
    const p = id[(ay | 0) * iw + (ax | 0)]!;
    ax += ai;
    ay += di;
    const q = id[(ay | 0) * iw + (ax | 0)]!;
    ax += ai;
    ay += di;
    const u = id[(by | 0) * iw + (bx | 0)]!;
    bx += ai;
    by += di;
    const v = id[(by | 0) * iw + (bx | 0)]!;
    bx += ai;
    by += di;
    od[at + x] = (p + q + (u + v)) / 4;
  }
}

/** rowsAffine through a homography: one division a sample. */
function rowsProjective(
  id: Uint8Array,
  iw: number,
  sx: number[],
  sy: number[],
  sd: number[],
  ai: number,
  di: number,
  pi: number,
  cells: number,
  od: Float32Array,
  at: number,
): void {
  let ax = sx[0]!;
  let ay = sy[0]!;
  let ad = sd[0]!;
  let bx = sx[1]!;
  let by = sy[1]!;
  let bd = sd[1]!;
  for (let x = 0; x < cells; x++) {
    let k = 1 / ad;
    const p = id[((ay * k) | 0) * iw + ((ax * k) | 0)]!;
    ax += ai;
    ay += di;
    ad += pi;
    k = 1 / ad;
    const q = id[((ay * k) | 0) * iw + ((ax * k) | 0)]!;
    ax += ai;
    ay += di;
    ad += pi;
    k = 1 / bd;
    const u = id[((by * k) | 0) * iw + ((bx * k) | 0)]!;
    bx += ai;
    by += di;
    bd += pi;
    k = 1 / bd;
    const v = id[((by * k) | 0) * iw + ((bx * k) | 0)]!;
    bx += ai;
    by += di;
    bd += pi;
    od[at + x] = (p + q + (u + v)) / 4;
  }
}

/** A row through a homography; `inside` false: a row reaching past the image (outside reads as white). */
function rowProjective(
  img: GreyImage,
  inside: boolean,
  nx: number,
  ny: number,
  dn: number,
  ai: number,
  di: number,
  pi: number,
  cells: number,
  od: Float32Array,
  at: number,
): void {
  const id = img.data;
  const iw = img.width;
  for (let x = 0; x < cells; x++) {
    let acc = 0;
    for (let i = 0; i < 2; i++) {
      const q = 1 / dn;
      acc += inside ? id[((ny * q) | 0) * iw + ((nx * q) | 0)]! : px(img, nx * q - 0.5, ny * q - 0.5);
      nx += ai;
      ny += di;
      dn += pi;
    }
    od[at + x]! += acc;
  }
}

/**
 * Whether every sample of a row, from image point (x0, y0) to (x1, y1), lies a pixel inside the image (its
 * nearest pixel then indexed without a check). The samples lie on the segment between its ends; a pixel's
 * margin each side covers the rounding of adding the step sample by sample.
 */
function rowInside(x0: number, y0: number, x1: number, y1: number, iw: number, ih: number): boolean {
  const xa = x0 - 0.5;
  const xb = x1 - 0.5;
  const ya = y0 - 0.5;
  const yb = y1 - 0.5;
  return (
    Math.min(xa, xb) >= 1 && Math.max(xa, xb) < iw - 2 && Math.min(ya, yb) >= 1 && Math.max(ya, yb) < ih - 2
  );
}

/** The NCC of the pattern at one position of the window; -2 outside it. */
function nccAt(win: Plane, cen: Plane, ps: number, x: number, y: number): number {
  if (x < 0 || y < 0 || x > win.w - cen.w || y > win.h - cen.h) return -2;
  const sw = new Float64Array(1);
  const sq = new Float64Array(1);
  windowSums(win, cen.w, cen.h, x, y, 1, 1, sw, sq);
  return nccFrom(productAt(win, cen, x, y), sw[0]!, sq[0]!, cen.w * cen.h, ps);
}

/**
 * Where between its neighbours a peak lies (−½ … ½ of a cell): the vertex of the parabola through the
 * three values. 0 when a neighbour is missing (-2: outside the window) or the three do not bend down.
 */
function vertex(before: number, at: number, after: number): number {
  if (before < -1.5 || after < -1.5) return 0;
  const bend = before - 2 * at + after;
  if (!(bend < 0)) return 0;
  return Math.max(-0.5, Math.min(0.5, (before - after) / (2 * bend)));
}

/**
 * The NCC of the pattern at every position of the window (row by row, window.w − pattern.w + 1 a row), with
 * the same sums as best()'s exhaustive search.
 */
function nccMap(win: Plane, cen: Plane, ps: number): { w: number; h: number; v: Float64Array } {
  const w = win.w - cen.w + 1;
  const h = win.h - cen.h + 1;
  const v = new Float64Array(Math.max(0, w) * Math.max(0, h));
  if (w < 1 || h < 1) return { w: 0, h: 0, v };
  const sums = integrals(win);
  const p4 = new Float64Array(4);
  const fits = (ox: number, oy: number) => (oy + cen.h - 1) * win.w + ox + 3 + cen.w <= win.d.length;
  for (let oy = 0; oy < h; oy++)
    for (let ox = 0; ox < w; ox += 4) {
      const k = Math.min(4, w - ox);
      if (k === 3) products3(win, cen, ox, oy, p4);
      else if (k > 1 && fits(ox, oy)) products4(win, cen, ox, oy, p4);
      else for (let i = 0; i < k; i++) p4[i] = productAt(win, cen, ox + i, oy);
      for (let i = 0; i < k; i++) v[oy * w + ox + i] = nccOf(p4[i]!, win, sums, cen, ps, ox + i, oy);
    }
  return { w, h, v };
}

/** The indices of the n greatest values, greatest first (ties: the lower index first). */
function topPositions(v: Float64Array, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < v.length; i++) {
    if (out.length === n && v[i]! <= v[out[n - 1]!]!) continue;
    let j = out.length;
    while (j > 0 && v[out[j - 1]!]! < v[i]!) j--;
    out.splice(j, 0, i);
    if (out.length > n) out.pop();
  }
  return out;
}

/**
 * The top level's best for a wide search, found from the top level halved across: its few best positions
 * (half the positions of a pattern half as wide: a quarter of the top level's products over the whole
 * window), each refined at the top level as a coarse-to-fine step would; the best of those, ties to the
 * first in row order as an exhaustive search at the top level keeps them. A heading's rows stay whole: a
 * level halved both ways (three or four rows left of a 50–65 px patch) ranked the true place below tens
 * of others on sample6.
 */
function scoutTop(
  pl: PatternLevels,
  top: number,
  wins: Map<number, Plane>,
): { x: number; y: number; v: number } {
  const sc = pl.scout!;
  const cw = wins.get(top)!;
  const map = nccMap(halveAcross(cw), sc.cen, sc.s);
  const order = topPositions(map.v, SCOUTS);
  const cp = pl.centred.get(top)!;
  const ps = pl.stats.get(top)!.s;
  let f = { x: 0, y: 0, v: -2 };
  for (const i of order) {
    const x = 2 * (i % map.w);
    const y = Math.floor(i / map.w);
    const b = best(cw, cp, ps, [x - R, x + R], [y - R, y + R]);
    if (b.v > f.v || (b.v === f.v && (b.y < f.y || (b.y === f.y && b.x < f.x)))) f = b;
  }
  return f;
}

/**
 * Searches the levels of a window plane coarse to fine, from an exhaustive search at the top. The finest
 * level's best is placed between cells by its neighbours (dx, dy): a search stopped at half resolution
 * locates a patch as finely as whole pixels at full resolution did, for a quarter of the samples and
 * products.
 */
function searchLevels(
  pl: PatternLevels,
  levels: number[],
  wins: Map<number, Plane>,
  start: { x: number; y: number; k: number } | null,
): { x: number; y: number; v: number; dx: number; dy: number } {
  let f = start ? { x: start.x, y: start.y, v: -2 } : { x: 0, y: 0, v: -2 };
  let prevK = start?.k ?? 0;
  const seen: Seen = { x0: 0, y0: 0, v: new Float64Array(9) };
  for (const k of levels) {
    const cw = wins.get(k)!;
    const cp = pl.centred.get(k)!;
    const xs: [number, number] =
      prevK === 0 ? [0, cw.w - cp.w] : [Math.floor((f.x * prevK) / k) - R, Math.ceil((f.x * prevK) / k) + R];
    const ys: [number, number] =
      prevK === 0 ? [0, cw.h - cp.h] : [Math.floor((f.y * prevK) / k) - R, Math.ceil((f.y * prevK) / k) + R];
    f = best(cw, cp, pl.stats.get(k)!.s, xs, ys, seen);
    prevK = k;
  }
  const k = levels[levels.length - 1];
  if (k === undefined || f.v < -1) return { ...f, dx: 0, dy: 0 };
  const cw = wins.get(k)!;
  const cp = pl.centred.get(k)!;
  const ps = pl.stats.get(k)!.s;
  // the refining search's own values where it looked, one more position where the best lies at its edge
  const at = (x: number, y: number) => {
    const i = x - seen.x0;
    const j = y - seen.y0;
    const v = i >= 0 && i < 3 && j >= 0 && j < 3 ? seen.v[3 * j + i]! : -2;
    return v > -1.5 ? v : nccAt(cw, cp, ps, x, y);
  };
  return {
    ...f,
    dx: vertex(at(f.x - 1, f.y), f.v, at(f.x + 1, f.y)),
    dy: vertex(at(f.x, f.y - 1), f.v, at(f.x, f.y + 1)),
  };
}

/**
 * A wide search's best at level kc for a pattern wide enough to scout: the whole window sampled at the top
 * level only (2×2 nearest pixels a cell: a quarter of level 4's samples when the top is 8), scouted there
 * (scoutTop), then levels between the top and kc sampled only around the top level's best.
 */
function scoutWide(
  img: GreyImage,
  h: Matrix3,
  area: LocationArea,
  r: number,
  full: { w: number; h: number },
  pl: PatternLevels,
  kc: number,
  top: number,
): { x: number; y: number } {
  const whole = { x0: 0, y0: 0, w: Math.floor(full.w / top), h: Math.floor(full.h / top) };
  const t = scoutTop(pl, top, new Map([[top, sampleWindow(img, h, area, r, whole, top)]]));
  if (top === kc) return t;
  const pat = pl.planes.get(1)!;
  // a top-level cell either side of the best, the pattern and a cell's margin for the parabola's neighbours
  const x0 = Math.max(0, t.x - 1) * top;
  const y0 = Math.max(0, t.y - 1) * top;
  const box = {
    x0,
    y0,
    w: Math.floor(Math.min(full.w - x0, pat.w + 3 * top) / kc),
    h: Math.floor(Math.min(full.h - y0, pat.h + 3 * top) / kc),
  };
  const below = pl.levels.filter((k) => k < top && k >= kc);
  const near = pyramid(sampleWindow(img, h, area, r, box, kc), top / 2, kc);
  const c = searchLevels(pl, below, near, { x: t.x - x0 / top, y: t.y - y0 / top, k: top });
  return { x: c.x + x0 / kc, y: c.y + y0 / kc };
}

/** Window radius (patch px) from which the search starts on a coarse sampling of the window. */
const COARSE_FROM = 12;

/**
 * Matches a location area's patch around its template place (seen through `h`) by normalised
 * cross-correlation, coarse to fine down to half resolution, its best placed between cells there
 * (searchLevels): full resolution cost four times the samples and products and placed no closer.
 */
export function matchLocationArea(
  img: GreyImage,
  h: Matrix3,
  area: LocationArea,
  radius: number,
): LocationHit | null {
  const sc = area.patch.scale;
  const pl = patternOf(area);
  if (!pl) return null;
  const pat = pl.planes.get(1)!;
  const r = Math.round(radius * sc);
  const full = { w: pat.w + 2 * r, h: pat.h + 2 * r };
  // the finest level searched: a patch too small for half resolution (under 12 px a side) at full
  const k0 = pl.levels.includes(2) ? 2 : 1;
  const kc = pl.levels.find((k) => k <= 4) ?? 1;
  let f: { x: number; y: number; v: number };
  if (r < COARSE_FROM || kc < 4) {
    // Small window: every level from samples at the finest.
    const box = { x0: 0, y0: 0, w: Math.floor(full.w / k0), h: Math.floor(full.h / k0) };
    const levels = pl.levels.filter((k) => k >= k0);
    const wins = pyramid(sampleWindow(img, h, area, r, box, k0), Math.max(...levels), k0);
    const at = searchLevels(pl, levels, wins, null);
    f = { x: (at.x + at.dx) * k0, y: (at.y + at.dy) * k0, v: at.v };
  } else {
    // Wide search: the window is sampled at level kc only (a sixteenth of the samples), searched
    // exhaustively there and above; then at the finest level only around the best, levels below kc.
    const upper = pl.levels.filter((k) => k >= kc);
    const top = Math.max(...upper);
    const c = pl.scout
      ? scoutWide(img, h, area, r, full, pl, kc, top)
      : searchLevels(
          pl,
          upper,
          pyramid(
            sampleWindow(
              img,
              h,
              area,
              r,
              { x0: 0, y0: 0, w: Math.floor(full.w / kc), h: Math.floor(full.h / kc) },
              kc,
            ),
            top,
            kc,
          ),
          null,
        );
    // The best at level kc is within one cell: finer sampling only over that cell's neighbourhood, its
    // origin on the k0 grid so the 2×2 levels below line up with the window's own.
    const m = kc + 2;
    const x0 = Math.max(0, Math.floor((c.x * kc - m) / k0) * k0);
    const y0 = Math.max(0, Math.floor((c.y * kc - m) / k0) * k0);
    const fine = {
      x0,
      y0,
      w: Math.floor(Math.min(full.w - x0, pat.w + 2 * m + 2) / k0),
      h: Math.floor(Math.min(full.h - y0, pat.h + 2 * m + 2) / k0),
    };
    const lower = pl.levels.filter((k) => k < kc && k >= k0);
    const near = pyramid(sampleWindow(img, h, area, r, fine, k0), Math.max(k0, ...lower), k0);
    const at = searchLevels(pl, lower, near, { x: c.x - x0 / kc, y: c.y - y0 / kc, k: kc });
    // back to full-resolution window pixels
    f = { x: (at.x + at.dx) * k0 + x0, y: (at.y + at.dy) * k0 + y0, v: at.v };
  }
  if (f.v < -1) return null;
  return { offset: { x: (f.x - r) / sc, y: (f.y - r) / sc }, score: f.v };
}
