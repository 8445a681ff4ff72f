import type { TemplatePage } from '@yj/contracts';
import { applyH, type Matrix3 } from './geometry';
import type { GreyImage } from './image';

// What a student wrote on a page, as a print of one physical sheet (DESIGN.md §4, "One sheet in two papers").
// Two sheets pulled through a feeder together on a scanner without a double-feed sensor give the first sheet's
// front and the second's back: each card page once, one exam number, and the first student is scored on the
// second's back. When the second sheet is scanned again (its student shows as not scanned), its back is in two
// papers. Scans of one sheet carry the same writing in the same places; two students' writing differs. The
// print is the writing alone: the page's darkening below the printed blank (the template picture), in cells
// laid over the answer boxes, so the card's own print — the same on every sheet — is not in it.

/** Side of a cell, in mm: a stroke or two of handwriting (2, 3 and 5 measured: `npm run bench:ink-print`). */
export const CELL_MM = 2;
/** Samples per side of a cell. */
const SAMPLES = 4;
/**
 * Darkening (grey levels, mean over a cell) that is not writing: the paper's grain, the scanner's uneven light and
 * the print a pixel off its blank stay under it (`bench:ink-print` prints the blank boxes' cells). A cell keeps
 * only what lies above it, so two scans compare their writing, not their noise.
 */
export const INKED = 20;
/** Least written cells for a print: a page with less writing looks like many others (a blank back, a dash). */
export const MIN_INKED = 12;

export interface InkPrint {
  /** each cell's mean darkening below the blank beyond INKED, grey levels (0: nothing written there) */
  cells: Uint8Array;
  /** cells written (> 0) */
  inked: number;
}

/** A high percentile of grey levels (whole levels 0 … 255, by histogram): the paper's own level round them. */
function paperLevel(values: Float32Array, from: number, to: number): number {
  const hist = new Uint32Array(256);
  for (let i = from; i < to; i++) hist[Math.max(0, Math.min(255, Math.round(values[i]!)))]!++;
  let left = Math.floor((to - from) * 0.1);
  for (let v = 255; v >= 0; v--) {
    left -= hist[v]!;
    if (left < 0) return v;
  }
  return 255;
}

/**
 * The ink print of a registered page: `h` maps template px to image px, `blank` is the page's printed blank in
 * template px. Null without a blank (the card's print cannot be told from writing) or with too little writing.
 * Pure; 16 samples a cell, some 19,000 cells on an A3 page of answer boxes (`bench:ink-print` times it).
 */
export function inkPrint(
  img: GreyImage,
  h: Matrix3,
  page: Pick<TemplatePage, 'dpi' | 'subjective'>,
  blank: GreyImage | undefined,
  cellMm = CELL_MM,
  floor = INKED,
): InkPrint | null {
  if (!blank || !page.subjective.length) return null;
  const side = (cellMm / 25.4) * page.dpi;
  const per = SAMPLES * SAMPLES;
  const grids = page.subjective.map(({ rect: r }) => {
    const nx = Math.max(1, Math.round((r.w * 0.92) / side));
    const ny = Math.max(1, Math.round((r.h * 0.92) / side));
    return { r, nx, ny };
  });
  const total = grids.reduce((n, g) => n + g.nx * g.ny, 0) * per;
  const pageGrey = new Float32Array(total);
  const blankGrey = new Float32Array(total);
  const cells = new Uint8Array(total / per);
  let at = 0;
  let inked = 0;
  for (const { r, nx, ny } of grids) {
    const from = at;
    // the inner 92 % of the box: its printed frame is not counted (a frame a pixel off is dark in one scan only)
    const x0 = r.x + r.w * 0.04;
    const y0 = r.y + r.h * 0.04;
    const cw = (r.w * 0.92) / nx;
    const ch = (r.h * 0.92) / ny;
    for (let cy = 0; cy < ny; cy++)
      for (let cx = 0; cx < nx; cx++)
        for (let j = 0; j < SAMPLES; j++)
          for (let i = 0; i < SAMPLES; i++) {
            const t = { x: x0 + cw * (cx + (i + 0.5) / SAMPLES), y: y0 + ch * (cy + (j + 0.5) / SAMPLES) };
            const p = applyH(h, t);
            pageGrey[at] = sample(img, p.x, p.y);
            blankGrey[at++] = sample(blank, t.x, t.y);
          }
    // the blank as this scan shows it here: scanners differ in how white they make the paper, and their light
    // is uneven across a sheet, so each box is levelled against its own paper
    const scale = paperLevel(pageGrey, from, at) / Math.max(1, paperLevel(blankGrey, from, at));
    for (let c = from / per; c < at / per; c++) {
      let sum = 0;
      for (let s = c * per; s < (c + 1) * per; s++) sum += blankGrey[s]! * scale - pageGrey[s]!;
      const v = Math.max(0, Math.min(255, Math.round(sum / per - floor)));
      cells[c] = v;
      if (v > 0) inked++;
    }
  }
  return inked >= MIN_INKED ? { cells, inked } : null;
}

/** Bilinear grey at (x, y); paper white outside the image. */
function sample(img: GreyImage, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= img.width || y0 + 1 >= img.height) return 255;
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * img.width + x0;
  const d = img.data;
  const top = d[i]! + (d[i + 1]! - d[i]!) * fx;
  const bottom = d[i + img.width]! + (d[i + img.width + 1]! - d[i + img.width]!) * fx;
  return top + (bottom - top) * fy;
}

/**
 * How alike two prints of the same card page are: the weighted Jaccard of their cells (Σ min / Σ max), 0 … 1.
 * Scans of one sheet differ by the scanner's noise and a pixel of registration; two students' writing overlaps
 * where both wrote, and not stroke for stroke.
 */
export function printLikeness(a: Pick<InkPrint, 'cells'>, b: Pick<InkPrint, 'cells'>): number {
  if (a.cells.length !== b.cells.length) return 0;
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < a.cells.length; i++) {
    const x = a.cells[i]!;
    const y = b.cells[i]!;
    lo += Math.min(x, y);
    hi += Math.max(x, y);
  }
  return hi > 0 ? lo / hi : 0;
}

/**
 * Likeness at which two prints are one sheet scanned twice. Between the ranges `bench:ink-print` measured on the
 * simulator's typical and hard scans (20 sheets a page, 2 mm cells): one sheet scanned twice 0.61 at the lowest
 * on typical scans, 0.38 on hard ones; two students 0.24 at the highest. What it decides is raised for a person to
 * look at, never settled alone: a pair wrongly taken for one sheet costs a look, a pair missed is what there was
 * before the check.
 */
export const SAME_SHEET = 0.32;

/** Whether two prints of the same card page are one physical sheet scanned twice. */
export const sameSheet = (a: Pick<InkPrint, 'cells'>, b: Pick<InkPrint, 'cells'>): boolean =>
  printLikeness(a, b) >= SAME_SHEET;
