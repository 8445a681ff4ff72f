import type { Bubble, BubbleBlock, BubbleGrid } from '@yj/contracts';
import { boundsOf, centre, containsPoint, coveredShare, iou, type Point, type Rect } from './geometry';

// Bubble grids: from a drag over the first and the last bubble, or from a detected lattice, to the
// template's BubbleGrid (packages/contracts template.ts), and back to rectangles for drawing.

/** A detected lattice as the server sends it (packages/omr detect.ts DetectedGrid). */
export interface DetectedGrid {
  rect: Rect;
  rows: number;
  cols: number;
  bubble: { w: number; h: number };
  pitch: { x: number; y: number };
  cells: Rect[][];
}

/** Rows × columns of equal bubbles in image pixels, before deciding which way the options run. */
export interface Lattice {
  origin: Point;
  bubble: { w: number; h: number };
  rows: number;
  cols: number;
  pitch: { x: number; y: number };
}

export type Direction = BubbleGrid['direction'];

/** A, B, C … for options; 0–9 for exam-number digits. */
export function optionLabels(n: number, kind: 'letters' | 'digits' = 'letters'): string[] {
  return Array.from({ length: n }, (_, i) =>
    kind === 'digits' ? String(i % 10) : String.fromCharCode(65 + i),
  );
}

/**
 * The lattice a person meant by dragging from the first bubble's corner to the far corner of the last
 * one, given how many rows and columns it has. Bubbles are taken as 60 % of the pitch when the
 * size is not given.
 */
export function latticeFromDrag(
  drag: Rect,
  rows: number,
  cols: number,
  bubble?: { w: number; h: number },
): Lattice {
  const r = Math.max(1, Math.round(rows));
  const c = Math.max(1, Math.round(cols));
  const share = 0.6;
  const bw = bubble?.w ?? (c > 1 ? (drag.w / (c - 1 + share)) * share : drag.w);
  const bh = bubble?.h ?? (r > 1 ? (drag.h / (r - 1 + share)) * share : drag.h);
  const px = c > 1 ? (drag.w - bw) / (c - 1) : 0;
  const py = r > 1 ? (drag.h - bh) / (r - 1) : 0;
  return {
    origin: { x: Math.round(drag.x), y: Math.round(drag.y) },
    bubble: { w: Math.max(1, Math.round(bw)), h: Math.max(1, Math.round(bh)) },
    rows: r,
    cols: c,
    pitch: { x: round2(px), y: round2(py) },
  };
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * Snaps a drag to a detected lattice it covers: the part of the lattice whose bubble centres fall inside
 * the drag (so dragging over half of a detected block takes just that half). Null when the drag covers
 * no detected bubbles.
 */
export function snapToDetected(drag: Rect, grids: DetectedGrid[]): Lattice | null {
  let best: { grid: DetectedGrid; r0: number; r1: number; c0: number; c1: number; n: number } | null = null;
  for (const grid of grids) {
    if (coveredShare(drag, grid.rect) === 0 && coveredShare(grid.rect, drag) === 0) continue;
    let r0 = Infinity;
    let r1 = -1;
    let c0 = Infinity;
    let c1 = -1;
    let n = 0;
    grid.cells.forEach((row, ri) =>
      row.forEach((cell, ci) => {
        if (!containsPoint(drag, centre(cell))) return;
        n++;
        r0 = Math.min(r0, ri);
        r1 = Math.max(r1, ri);
        c0 = Math.min(c0, ci);
        c1 = Math.max(c1, ci);
      }),
    );
    if (n > 0 && (!best || n > best.n)) best = { grid, r0, r1, c0, c1, n };
  }
  if (!best) return null;
  const { grid, r0, r1, c0, c1 } = best;
  const first = grid.cells[r0]?.[c0];
  const corner = grid.cells[0]?.[0];
  if (!first || !corner) return null;
  // The detector can split one printed lattice (a column touching a frame line, a smudged row): the
  // drag still shows how far the person meant, so the lattice continues at its pitch across the drag.
  const [x0, x1] = acrossDrag(corner.x + grid.bubble.w / 2, grid.pitch.x, drag.x, drag.x + drag.w, c0, c1);
  const [y0, y1] = acrossDrag(corner.y + grid.bubble.h / 2, grid.pitch.y, drag.y, drag.y + drag.h, r0, r1);
  return {
    origin: {
      x: x0 < c0 ? Math.round(corner.x + x0 * grid.pitch.x) : first.x,
      y: y0 < r0 ? Math.round(corner.y + y0 * grid.pitch.y) : first.y,
    },
    bubble: { ...grid.bubble },
    rows: y1 - y0 + 1,
    cols: x1 - x0 + 1,
    pitch: { x: round2(grid.pitch.x), y: round2(grid.pitch.y) },
  };
}

/**
 * The lattice steps (k: centre at `centre0 + k × pitch`) whose centres fall within [lo, hi], at least
 * the detected steps k0…k1. A lattice with one row or column (pitch 0) cannot be continued.
 */
function acrossDrag(
  centre0: number,
  pitch: number,
  lo: number,
  hi: number,
  k0: number,
  k1: number,
): [number, number] {
  if (pitch <= 0) return [k0, k1];
  const a = Math.ceil((lo - centre0) / pitch - 1e-9);
  const b = Math.floor((hi - centre0) / pitch + 1e-9);
  return [Math.min(a, k0), Math.max(b, k1)];
}

/**
 * Every detected bubble (of any lattice, or standing alone) whose centre is inside the drag, column by
 * column from the left and downwards in each: an exam-number column of letters such as OMRChecker's
 * U / A / HT / NT, or one character offered over two printed columns.
 */
export function detectedBubblesIn(drag: Rect, grids: DetectedGrid[], singles: Rect[]): Rect[] {
  const inside: Rect[] = [];
  // overlapping proposals can hold the same bubble twice
  for (const r of [...grids.flatMap((g) => g.cells.flat()), ...singles])
    if (containsPoint(drag, centre(r)) && !inside.some((x) => iou(x, r) > 0.5)) inside.push(r);
  const byX = inside.sort((a, b) => centre(a).x - centre(b).x);
  const columns: Rect[][] = [];
  for (const r of byX) {
    const col = columns.at(-1);
    const last = col?.at(-1);
    if (col && last && centre(r).x - centre(last).x < Math.max(r.w, last.w) / 2) col.push(r);
    else columns.push([r]);
  }
  return columns.flatMap((c) => c.sort((a, b) => a.y - b.y));
}

/** The lattice of a whole detected grid. */
export function latticeOfDetected(grid: DetectedGrid): Lattice {
  const first = grid.cells[0]?.[0] ?? grid.rect;
  return {
    origin: { x: first.x, y: first.y },
    bubble: { ...grid.bubble },
    rows: grid.rows,
    cols: grid.cols,
    pitch: { x: round2(grid.pitch.x), y: round2(grid.pitch.y) },
  };
}

/**
 * A lattice as the template's BubbleGrid. `horizontal`: each row is a field (question) and its options run
 * left to right; `vertical`: each column is a field (exam-number digit) with options downwards.
 */
export function toBubbleGrid(l: Lattice, direction: Direction, options: string[]): BubbleGrid {
  const horizontal = direction === 'horizontal';
  const along = horizontal ? l.pitch.x : l.pitch.y;
  const across = horizontal ? l.pitch.y : l.pitch.x;
  const wanted = horizontal ? l.cols : l.rows;
  const opts = options.length === wanted ? options : fitLabels(options, wanted);
  return {
    origin: { ...l.origin },
    bubble: { ...l.bubble },
    direction,
    options: opts,
    optionGap: along > 0 ? along : l.bubble.w * 2,
    fieldGap: across > 0 ? across : l.bubble.h * 2,
    count: horizontal ? l.rows : l.cols,
  };
}

/** `labels` cut or extended to `n`, continuing the letters or digits it starts with. */
function fitLabels(labels: string[], n: number): string[] {
  if (labels.length >= n) return labels.slice(0, n);
  const digits = labels.length > 0 && labels.every((l) => /^\d$/.test(l));
  return optionLabels(n, digits ? 'digits' : 'letters').map((d, i) => labels[i] ?? d);
}

/** A BubbleGrid back as a lattice (for editing rows and columns). */
export function latticeOfGrid(g: BubbleGrid): Lattice {
  const horizontal = g.direction === 'horizontal';
  return {
    origin: { ...g.origin },
    bubble: { ...g.bubble },
    rows: horizontal ? g.count : g.options.length,
    cols: horizontal ? g.options.length : g.count,
    pitch: horizontal ? { x: g.optionGap, y: g.fieldGap } : { x: g.fieldGap, y: g.optionGap },
  };
}

/** One drawn bubble: its rectangle, option label and field (question or digit) index. */
export interface Cell {
  rect: Rect;
  label: string;
  field: number;
}

/** Every bubble of a block, field by field. */
export function blockCells(block: BubbleBlock): Cell[] {
  if ('fields' in block)
    return block.fields.flatMap((f, field) =>
      f.bubbles.map((b) => ({ rect: b.rect, label: b.label, field })),
    );
  const g = block.grid;
  const out: Cell[] = [];
  for (let field = 0; field < g.count; field++) {
    g.options.forEach((label, o) => {
      const x = g.origin.x + (g.direction === 'horizontal' ? o * g.optionGap : field * g.fieldGap);
      const y = g.origin.y + (g.direction === 'horizontal' ? field * g.fieldGap : o * g.optionGap);
      out.push({ rect: { x, y, w: g.bubble.w, h: g.bubble.h }, label, field });
    });
  }
  return out;
}

export const blockBounds = (block: BubbleBlock): Rect => boundsOf(blockCells(block).map((c) => c.rect));

/** The bubbles of a lattice in reading order with the given labels (A/B marks, optional-question marks). */
export function latticeBubbles(l: Lattice, labels: string[]): Bubble[] {
  const out: Bubble[] = [];
  for (let r = 0; r < l.rows; r++)
    for (let c = 0; c < l.cols; c++) {
      const i = r * l.cols + c;
      out.push({
        label: labels[i] ?? String(i + 1),
        rect: {
          x: Math.round(l.origin.x + c * l.pitch.x),
          y: Math.round(l.origin.y + r * l.pitch.y),
          w: l.bubble.w,
          h: l.bubble.h,
        },
      });
    }
  return out;
}
