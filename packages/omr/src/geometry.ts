// Projective geometry for registration: template pixels → image pixels. Points are mapped through the
// transform instead of warping the page, which keeps recognition cheap.

/** A 2D point. */
export interface Point {
  x: number;
  y: number;
}

/** Row-major 3×3 matrix with h[8] normalised to 1. */
export type Matrix3 = readonly [number, number, number, number, number, number, number, number, number];

/** Maps a point through a homography. */
export function applyH(h: Matrix3, p: Point): Point {
  const w = h[6] * p.x + h[7] * p.y + h[8];
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w };
}

/** Matrix product a·b (apply b first). */
export function multiplyH(a: Matrix3, b: Matrix3): Matrix3 {
  const r: number[] = [];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      r.push(a[i * 3]! * b[j]! + a[i * 3 + 1]! * b[3 + j]! + a[i * 3 + 2]! * b[6 + j]!);
    }
  }
  return normalise(r);
}

/** Inverse of a homography. */
export function invertH(m: Matrix3): Matrix3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  const inv = [
    A,
    -(b * i - c * h),
    b * f - c * e,
    B,
    a * i - c * g,
    -(a * f - c * d),
    C,
    -(a * h - b * g),
    a * e - b * d,
  ].map((v) => v / det);
  return normalise(inv);
}

function normalise(r: number[]): Matrix3 {
  const s = r[8] ?? 1;
  const k = Math.abs(s) > 1e-12 ? 1 / s : 1;
  return r.map((v) => v * k) as unknown as Matrix3;
}

/** Solves the linear system A·x = b (n×n, Gaussian elimination with partial pivoting); null when singular. */
export function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[piv]![col]!)) piv = r;
    if (Math.abs(m[piv]![col]!) < 1e-12) return null;
    [m[col], m[piv]] = [m[piv]!, m[col]!];
    const pr = m[col]!;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = m[r]!;
      const f = row[col]! / pr[col]!;
      if (f === 0) continue;
      for (let k = col; k <= n; k++) row[k] = row[k]! - f * pr[k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** Least-squares via normal equations (small systems only). */
function leastSquares(rows: number[][], rhs: number[]): number[] | null {
  const n = rows[0]?.length ?? 0;
  const ata = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const atb = new Array<number>(n).fill(0);
  rows.forEach((row, r) => {
    for (let i = 0; i < n; i++) {
      atb[i]! += row[i]! * rhs[r]!;
      for (let j = 0; j < n; j++) ata[i]![j]! += row[i]! * row[j]!;
    }
  });
  return solve(ata, atb);
}

// Conditioning: centre and scale points so the normal equations stay well-posed at page scale.
function conditioner(pts: Point[]): Matrix3 {
  const cx = pts.reduce((s, p) => s + p.x, 0) / pts.length;
  const cy = pts.reduce((s, p) => s + p.y, 0) / pts.length;
  const d = pts.reduce((s, p) => s + Math.hypot(p.x - cx, p.y - cy), 0) / pts.length || 1;
  const k = Math.SQRT2 / d;
  return [k, 0, -k * cx, 0, k, -k * cy, 0, 0, 1];
}

/** Fits a homography from ≥4 pairs (least squares when more). */
export function fitHomography(from: Point[], to: Point[]): Matrix3 | null {
  if (from.length < 4 || from.length !== to.length) return null;
  const tf = conditioner(from);
  const tt = conditioner(to);
  const f = from.map((p) => applyH(tf, p));
  const t = to.map((p) => applyH(tt, p));
  const rows: number[][] = [];
  const rhs: number[] = [];
  f.forEach((p, i) => {
    const q = t[i]!;
    rows.push([p.x, p.y, 1, 0, 0, 0, -q.x * p.x, -q.x * p.y]);
    rhs.push(q.x);
    rows.push([0, 0, 0, p.x, p.y, 1, -q.y * p.x, -q.y * p.y]);
    rhs.push(q.y);
  });
  const x = leastSquares(rows, rhs);
  if (!x) return null;
  const hn = [...x, 1] as unknown as Matrix3;
  return multiplyH(invertH(tt), multiplyH(hn, tf));
}

/** Fits an affine transform from ≥3 pairs (least squares when more). */
export function fitAffine(from: Point[], to: Point[]): Matrix3 | null {
  if (from.length < 3 || from.length !== to.length) return null;
  const tf = conditioner(from);
  const tt = conditioner(to);
  const f = from.map((p) => applyH(tf, p));
  const t = to.map((p) => applyH(tt, p));
  const rows = f.map((p) => [p.x, p.y, 1]);
  const ax = leastSquares(
    rows,
    t.map((q) => q.x),
  );
  const ay = leastSquares(
    rows,
    t.map((q) => q.y),
  );
  if (!ax || !ay) return null;
  const an: Matrix3 = [ax[0]!, ax[1]!, ax[2]!, ay[0]!, ay[1]!, ay[2]!, 0, 0, 1];
  return multiplyH(invertH(tt), multiplyH(an, tf));
}

/** Root-mean-square distance between mapped `from` points and `to` points. */
export function rmsError(h: Matrix3, from: Point[], to: Point[]): number {
  let s = 0;
  from.forEach((p, i) => {
    const q = applyH(h, p);
    s += (q.x - to[i]!.x) ** 2 + (q.y - to[i]!.y) ** 2;
  });
  return Math.sqrt(s / Math.max(1, from.length));
}

/** Local linear scale of the transform around a point (image px per template px). */
export function localScale(h: Matrix3, p: Point): number {
  const a = applyH(h, p);
  const bx = applyH(h, { x: p.x + 1, y: p.y });
  const by = applyH(h, { x: p.x, y: p.y + 1 });
  return Math.sqrt(Math.abs((bx.x - a.x) * (by.y - a.y) - (bx.y - a.y) * (by.x - a.x)));
}
