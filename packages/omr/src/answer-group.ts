import { darkMask, dilate, paperOf } from './blank';
import { components } from './detect-pixels';
import type { GreyImage } from './image';

// 相同答案归组 (issue 14): short answers of a fill-in blank grouped by how their ink looks, so a marker scores a
// whole group at once. The signature is the ink (print removed) inside its own bounding box, scaled to a
// SIDE × SIDE grid of ink shares: where the answer sits in the box and how big it is written do not matter,
// its shape does. Two answers are alike when their grids differ by less than a threshold on average.
//
// Only short answers are grouped (issue 29: groups of 8, 3 and 2 held different long written answers and a
// group was scored at once). A grid of a few cells cannot tell two paragraphs apart — lines of handwriting
// shrunk into 16 × 16 all look like stripes — so an answer is grouped only when it is written on one line and
// no wider than MAX_SHORT_ASPECT times its height (a number, a word, a formula of a few characters: where
// grouping pays). Every other answer is left to ordinary marking.

export const SIDE = 16;

export interface AnswerSignature {
  /** SIDE × SIDE ink shares 0…1, row-major; empty when nothing is written */
  grid: Float32Array;
  /** width / height of the ink's bounding box (a "1" and a "—" have the same grid when stretched) */
  aspect: number;
  /** ink pixels */
  ink: number;
  /** lines of writing: bands of rows with ink, split by an empty band at least half as tall as the tallest */
  lines: number;
}

/** Widest one-line answer still grouped, as width / height of its ink: about five handwritten characters. */
export const MAX_SHORT_ASPECT = 6;

/** Whether an answer is short enough to be grouped: something written, on one line, a few characters wide. */
export function isShortAnswer(s: AnswerSignature): boolean {
  return s.grid.length > 0 && s.lines === 1 && s.aspect <= MAX_SHORT_ASPECT;
}

/**
 * Lines of writing in the answer's frame: runs of rows holding ink, where an empty gap splits two lines only
 * when it is at least half as tall as the tallest run (the gap inside a "=" or above an "i" is not a line).
 */
function linesOf(rowInk: Uint32Array): number {
  const runs: Array<{ from: number; to: number }> = [];
  for (let y = 0; y < rowInk.length; y++) {
    if (!rowInk[y]) continue;
    const last = runs[runs.length - 1];
    if (last && last.to === y - 1) last.to = y;
    else runs.push({ from: y, to: y });
  }
  if (runs.length <= 1) return runs.length;
  const tallest = Math.max(...runs.map((r) => r.to - r.from + 1));
  let lines = 1;
  for (let i = 1; i < runs.length; i++) if (runs[i]!.from - runs[i - 1]!.to - 1 >= tallest / 2) lines++;
  return lines;
}

interface Blob {
  pixels: number[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The 8-connected marks of an ink mask (the layout detector's components), each with its pixels and box. */
function blobsOf(m: Uint8Array, w: number, h: number): Blob[] {
  const labels = new Int32Array(w * h);
  const byId = new Map<number, Blob>();
  for (const c of components(m, w, h, labels))
    byId.set(c.id, { pixels: [], x0: c.x0, y0: c.y0, x1: c.x1, y1: c.y1 });
  for (let p = 0; p < labels.length; p++) if (labels[p]) byId.get(labels[p]!)!.pixels.push(p);
  return [...byId.values()];
}

/** Marks of fewer pixels are noise; marks further than GAP px from the answer are stray (a pencil slip). */
const MIN_BLOB = 12;
const GAP = 40;

/**
 * The signature of a cut answer region, print of the blank region removed (same size, template scale). The
 * answer is the largest mark and the marks near it (characters of one answer sit close together); a stray
 * mark elsewhere in the box does not stretch the answer's frame.
 */
export function answerSignature(cut: GreyImage, blank: GreyImage, slack = 3): AnswerSignature {
  const { width: w, height: h } = cut;
  const c = paperOf(cut);
  const b = paperOf(blank);
  const ink = darkMask(cut, c.paper, Math.max(28, 4 * c.noise));
  const printed = dilate(darkMask(blank, b.paper, Math.max(20, 4 * b.noise)), w, h, slack);
  for (let i = 0; i < ink.length; i++) if (printed[i]) ink[i] = 0;
  const blobs = blobsOf(ink, w, h)
    .filter((x) => x.pixels.length >= MIN_BLOB)
    .sort((p, q) => q.pixels.length - p.pixels.length);
  if (!blobs.length) return { grid: new Float32Array(0), aspect: 1, ink: 0, lines: 0 };
  const frame = { ...blobs[0]! };
  const taken = [blobs[0]!];
  let rest = blobs.slice(1);
  for (let grew = true; grew;) {
    grew = false;
    rest = rest.filter((x) => {
      const near =
        x.x0 <= frame.x1 + GAP && x.x1 >= frame.x0 - GAP && x.y0 <= frame.y1 + GAP && x.y1 >= frame.y0 - GAP;
      if (!near) return true;
      taken.push(x);
      frame.x0 = Math.min(frame.x0, x.x0);
      frame.x1 = Math.max(frame.x1, x.x1);
      frame.y0 = Math.min(frame.y0, x.y0);
      frame.y1 = Math.max(frame.y1, x.y1);
      grew = true;
      return false;
    });
  }
  const bw = frame.x1 - frame.x0 + 1;
  const bh = frame.y1 - frame.y0 + 1;
  const grid = new Float32Array(SIDE * SIDE);
  const cell = (x: number, y: number) =>
    Math.min(SIDE - 1, Math.floor(((y - frame.y0) * SIDE) / bh)) * SIDE +
    Math.min(SIDE - 1, Math.floor(((x - frame.x0) * SIDE) / bw));
  let n = 0;
  const rowInk = new Uint32Array(bh);
  for (const t of taken)
    for (const p of t.pixels) {
      const x = p % w;
      const y = (p - x) / w;
      grid[cell(x, y)]!++;
      rowInk[y - frame.y0]!++;
      n++;
    }
  // ink share of each cell's area
  const area = (bw * bh) / (SIDE * SIDE);
  for (let g = 0; g < grid.length; g++) grid[g] = grid[g]! / Math.max(1, area);
  return { grid, aspect: bw / bh, ink: n, lines: linesOf(rowInk) };
}

/**
 * How unlike two answers are, 0 (the same) and up: the mean absolute difference of the grids (made
 * comparable by their own densest cell) plus how far the aspects differ (log scale; how thick the pen is does not count). Blank against written is
 * never alike (Infinity).
 */
export function signatureDistance(a: AnswerSignature, b: AnswerSignature): number {
  if (!a.grid.length || !b.grid.length) return a.grid.length === b.grid.length ? 0 : Infinity;
  const ma = Math.max(...a.grid) || 1;
  const mb = Math.max(...b.grid) || 1;
  let s = 0;
  for (let i = 0; i < a.grid.length; i++) s += Math.abs(a.grid[i]! / ma - b.grid[i]! / mb);
  return s / a.grid.length + 0.25 * Math.abs(Math.log(a.aspect / b.aspect));
}

/** Default threshold of `groupAnswers`: on scan-sim answers the same text stays within 0.12, different texts 0.29 apart (answer-group.test.ts). */
export const GROUP_THRESHOLD = 0.2;

/**
 * Groups short answers (isShortAnswer) whose signatures are within `threshold` of the group's first answer (in
 * the order given: the same input gives the same groups). Blank and long answers are left out. Returns groups
 * of indices, largest first; a group of one is an answer like no other.
 */
export function groupAnswers(sigs: AnswerSignature[], threshold = GROUP_THRESHOLD): number[][] {
  const groups: { head: AnswerSignature; members: number[] }[] = [];
  sigs.forEach((s, i) => {
    if (!isShortAnswer(s)) return;
    let best: (typeof groups)[number] | null = null;
    let bestD = threshold;
    for (const g of groups) {
      const d = signatureDistance(g.head, s);
      if (d < bestD) {
        bestD = d;
        best = g;
      }
    }
    if (best) best.members.push(i);
    else groups.push({ head: s, members: [i] });
  });
  return groups.map((g) => g.members).sort((a, b) => b.length - a.length || a[0]! - b[0]!);
}
