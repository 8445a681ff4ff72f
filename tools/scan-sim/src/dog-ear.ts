import type { TemplatePage } from '@yj/contracts';
import { pageFields } from '@yj/omr';
import type { Raster } from './raster';
import { createRng } from './rng';

/**
 * A corner folded over before the sheet was scanned (折角): the fold runs from `a` millimetres along the top or
 * bottom edge to `b` millimetres along the side, from `corner` (0 top left, 1 top right, 2 bottom left,
 * 3 bottom right). The corner itself is gone from the sheet (the scanner's background shows there), and the flap
 * lies on the page over its mirror image across the fold, hiding the print and pencil under it.
 */
export interface DogEar {
  corner: 0 | 1 | 2 | 3;
  a: number;
  b: number;
}

type Pt = { x: number; y: number };

/** The two triangles in page pixels (`mm` pixels a millimetre): the corner left bare, and the flap over the page. */
function triangles(
  page: { width: number; height: number },
  d: DogEar,
  mm: number,
): { bare: Pt[]; flap: Pt[] } {
  const cx = d.corner % 2 ? page.width : 0;
  const cy = d.corner >= 2 ? page.height : 0;
  const sx = d.corner % 2 ? -1 : 1;
  const sy = d.corner >= 2 ? -1 : 1;
  const at = (u: number, v: number) => ({ x: cx + sx * u, y: cy + sy * v });
  const a = d.a * mm;
  const b = d.b * mm;
  // the corner mirrored across the fold line x/a + y/b = 1
  const l2 = a * a + b * b;
  const m = { u: (2 * a * b * b) / l2, v: (2 * a * a * b) / l2 };
  return { bare: [at(0, 0), at(a, 0), at(0, b)], flap: [at(a, 0), at(m.u, m.v), at(0, b)] };
}

/** Whether (x, y) lies in triangle t (on its edge counts). */
export function inTriangle(t: Pt[], x: number, y: number): boolean {
  const s = (p: Pt, q: Pt) => (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x);
  const d1 = s(t[0]!, t[1]!);
  const d2 = s(t[1]!, t[2]!);
  const d3 = s(t[2]!, t[0]!);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

/** Distance of (x, y) from the line through p and q. */
function fromLine(p: Pt, q: Pt, x: number, y: number): number {
  return Math.abs((q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x)) / Math.hypot(q.x - p.x, q.y - p.y);
}

/**
 * Folds a corner of the printed and marked page raster (`dpi` its resolution): white where the corner left the
 * sheet (as a white-backed scanner shows outside the sheet), the flap's blank back a shade darker over the page, and
 * the crease's shadow along the fold. Returns the corner left bare, in page pixels (a black-backed scanner shows
 * its backing there: ScanParams.holes).
 */
export function foldCorner(r: Raster, d: DogEar, dpi: number): Pt[] {
  const { bare, flap } = triangles(r, d, dpi / 25.4);
  const all = [...bare, ...flap];
  const x0 = Math.max(0, Math.floor(Math.min(...all.map((p) => p.x))));
  const x1 = Math.min(r.width - 1, Math.ceil(Math.max(...all.map((p) => p.x))));
  const y0 = Math.max(0, Math.floor(Math.min(...all.map((p) => p.y))));
  const y1 = Math.min(r.height - 1, Math.ceil(Math.max(...all.map((p) => p.y))));
  const crease = Math.max(1, dpi / 150);
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const i = y * r.width + x;
      if (inTriangle(bare, x + 0.5, y + 0.5)) r.data[i] = 255;
      else if (inTriangle(flap, x + 0.5, y + 0.5))
        r.data[i] = fromLine(flap[0]!, flap[2]!, x + 0.5, y + 0.5) < crease ? 190 : 244;
    }
  return bare;
}

/**
 * The fields a dog-ear reaches, by the region an exception names (a score strip by its name). `touch`: any of their
 * bubbles touched by the bare corner or the flap, where a person is rightly asked (a mark there may be on the paper
 * only); `centre`: a bubble's centre under it, where most of the bubble is gone and the field must be asked about.
 */
export function hiddenByFold(page: TemplatePage, d: DogEar, by: 'touch' | 'centre' = 'touch'): string[] {
  const { bare, flap } = triangles(page, d, page.dpi / 25.4);
  const at = by === 'touch' ? [0, 0.5, 1] : [0.5];
  const hidden = (r: { x: number; y: number; w: number; h: number }) =>
    at.some((fx) => at.some((fy) => [bare, flap].some((t) => inTriangle(t, r.x + fx * r.w, r.y + fy * r.h))));
  const f = pageFields(page);
  const plain = [...f.examNumber, ...f.objective.map((o) => o.field), ...f.optional];
  if (f.ab) plain.push(f.ab);
  if (f.absent) plain.push(f.absent);
  return [
    ...plain.filter((field) => field.bubbles.some((b) => hidden(b.rect))).map((field) => field.name),
    ...f.scores
      .filter((s) => s.fields.some((field) => field.bubbles.some((b) => hidden(b.rect))))
      .map((s) => s.name),
  ];
}

/**
 * A dog-ear drawn for sheet `i` of a set: any corner, the fold 15–90 mm along the edge and 0.6–1.5 times that
 * down the side (a corner bent over in a stack of papers, up to a hand's width).
 */
export function drawDogEar(seed: number, i: number): DogEar {
  const rng = createRng(seed * 48_271 + i * 389 + 7);
  const corner = rng.int(0, 3) as DogEar['corner'];
  const a = rng.range(15, 90);
  return { corner, a, b: a * rng.range(0.6, 1.5) };
}

/**
 * A dog-ear for sheet `i` whose flap only just reaches the answers: drawn (any corner, 15–165 mm along either edge)
 * until it touches one to three fields of `page`, so its edge runs across a few bubbles with none or few wholly
 * under it — the case a covered neighbour cannot flag (read.ts EDGE_ARC).
 */
export function drawEdgeDogEar(seed: number, i: number, page: TemplatePage): DogEar {
  const rng = createRng(seed * 69_621 + i * 467 + 11);
  let d: DogEar = { corner: 0, a: 15, b: 15 };
  for (let k = 0; k < 1000; k++) {
    d = { corner: rng.int(0, 3) as DogEar['corner'], a: rng.range(15, 165), b: rng.range(15, 165) };
    const n = hiddenByFold(page, d).length;
    if (n >= 1 && n <= 3) return d;
  }
  return d;
}
