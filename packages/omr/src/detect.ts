import { isCornerMark } from './anchors';
import {
  binarize,
  boxBlur,
  components,
  isBitonal,
  isLetteredRing,
  isRing,
  rectOf,
  turnedFill,
} from './detect-pixels';
import type { GreyImage, IRect } from './image';

// Auto-recognition for the template builder (issue 5): from a scan of a card — ours or a third party's —
// propose the regions a person would otherwise draw: corner anchors, other solid black marks, bubble
// grids (rows × columns of printed circles or rectangles, filled or not) and framed answer boxes.
// Proposals only: the person confirms them on screen, so this favours precision over recall.

/** A group of equally sized bubbles on a regular lattice, in image pixels. */
export interface DetectedGrid {
  rect: IRect;
  rows: number;
  cols: number;
  /** Median bubble size. */
  bubble: { w: number; h: number };
  /** Centre-to-centre distance between columns and between rows (0 when there is only one). */
  pitch: { x: number; y: number };
  /** Bubble rectangles, row by row. */
  cells: IRect[][];
}

export interface DetectedLayout {
  width: number;
  height: number;
  /** Solid blocks nearest the corners, in the order top-left, top-right, bottom-left, bottom-right. */
  anchors: { corner: 'tl' | 'tr' | 'bl' | 'br'; rect: IRect }[];
  /** Other solid black marks (timing marks, black bars). */
  marks: IRect[];
  grids: DetectedGrid[];
  /** Bubbles standing alone (absent mark, a single option). */
  singles: IRect[];
  /** Large thin frames: answer boxes for subjective questions. */
  boxes: IRect[];
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;

/**
 * Two grids printed side by side with the same bubbles (a course code beside the exam number) make one
 * row of bubbles whose spacing breaks where one ends: a gap that is not a whole number of the row's pitch
 * (a whole number is a bubble missing from the row — filled, smudged) ends the run.
 */
function splitAtPitchBreaks(run: IRect[], cx: (r: IRect) => number): IRect[][] {
  if (run.length < 3) return [run];
  const gaps = run.slice(1).map((b, i) => cx(b) - cx(run[i]!));
  const pitch = median(gaps);
  const out: IRect[][] = [[run[0]!]];
  gaps.forEach((g, i) => {
    const steps = g / pitch;
    if (steps > 1.25 && Math.abs(steps - Math.round(steps)) > 0.2) out.push([]);
    out[out.length - 1]!.push(run[i + 1]!);
  });
  return out;
}

/** Bubble candidates inside another one are what is printed in it (a letter such as O, D, 0, 8). */
function dropNested(bubbles: IRect[]): IRect[] {
  const inside = (a: IRect, b: IRect) =>
    a !== b && a.x >= b.x - 1 && a.y >= b.y - 1 && a.x + a.w <= b.x + b.w + 1 && a.y + a.h <= b.y + b.h + 1;
  return bubbles.filter((a) => !bubbles.some((b) => b.w * b.h > a.w * a.h && inside(a, b)));
}

/**
 * Groups equally sized bubbles into rows, rows into lattices. `slope` is the page's skew (dy/dx of its
 * top edge): rows and columns are followed along it, so a skewed scan still gives whole rows.
 */
function gridsOf(bubbles: IRect[], slope: number): { grids: DetectedGrid[]; singles: IRect[] } {
  const grids: DetectedGrid[] = [];
  const used = new Set<IRect>();
  const x = (r: IRect) => r.x + r.w / 2;
  const y = (r: IRect) => r.y + r.h / 2;
  // Coordinates along the page's rows (cx) and columns (cy).
  const cx = (r: IRect) => x(r) + slope * y(r);
  const cy = (r: IRect) => y(r) - slope * x(r);
  // Size classes: a card uses one or two bubble sizes; mixing them would break the lattice.
  const classes: IRect[][] = [];
  for (const b of [...bubbles].sort((a, z) => a.w * a.h - z.w * z.h)) {
    const cls = classes.find(
      (c) => Math.abs(c[0]!.w - b.w) <= c[0]!.w * 0.25 && Math.abs(c[0]!.h - b.h) <= c[0]!.h * 0.25,
    );
    if (cls) cls.push(b);
    else classes.push([b]);
  }
  for (const cls of classes) {
    const bw = median(cls.map((b) => b.w));
    const bh = median(cls.map((b) => b.h));
    // Rows: centres within half a bubble height.
    const rows: { at: number; members: IRect[] }[] = [];
    for (const b of [...cls].sort((a, z) => cy(a) - cy(z))) {
      const row = rows.find((r) => Math.abs(r.at - cy(b)) < bh * 0.5);
      if (!row) rows.push({ at: cy(b), members: [b] });
      else {
        row.members.push(b);
        row.at += (cy(b) - row.at) / row.members.length;
      }
    }
    // Runs: neighbours in a row closer than four bubble widths belong together.
    const rowRuns: IRect[][] = [];
    for (const { members: row } of rows) {
      row.sort((a, z) => cx(a) - cx(z));
      let run: IRect[] = [row[0]!];
      for (let i = 1; i < row.length; i++) {
        const gap = cx(row[i]!) - cx(row[i - 1]!);
        // Printed options keep clear of each other; glyphs of a line of text and ruled write-in boxes do not.
        const edgeGap = gap - (row[i]!.w + row[i - 1]!.w) / 2;
        if (gap > bw * 4 || edgeGap < bw * 0.25) {
          rowRuns.push(run);
          run = [];
        }
        run.push(row[i]!);
      }
      rowRuns.push(run);
    }
    const runs = rowRuns.flatMap((r) => splitAtPitchBreaks(r, cx));
    // Lattices, seeded by the longest runs: runs above and below whose bubbles sit on the columns of the
    // lattice's nearest row (a filled or smudged bubble may be missing from a run) at an even row pitch.
    // Each row is matched against its neighbour, not against the seed: when `slope` is not quite the
    // print's direction (anchors printed off one line, a scan skewed unevenly) a column drifts a little in
    // (cx, cy) from row to row, and measured from the seed that drift added up until a row of a uniform
    // lattice fell outside the tolerance and started a lattice of its own (30 questions proposed as 23 + 7).
    const byLength = [...runs].sort((a, z) => z.length - a.length || cy(a[0]!) - cy(z[0]!));
    const taken = new Set<IRect[]>();
    for (const seed of byLength) {
      if (taken.has(seed)) continue;
      taken.add(seed);
      const cols = seed.length;
      const hitAt = (run: IRect[], c: number) => run.find((b) => Math.abs(cx(b) - c) < bw * 0.4);
      const fits = (run: IRect[], columns: number[]) =>
        run.length >= Math.max(1, Math.ceil(cols / 2)) &&
        run.every((b) => columns.some((c) => Math.abs(cx(b) - c) < bw * 0.4));
      const rowAt = (run: IRect[]) => run.reduce((t, b) => t + cy(b), 0) / run.length;
      // Rows top to bottom, each with its column positions (a missing bubble's from the row it was matched to).
      const stack: { run: IRect[]; columns: number[] }[] = [{ run: seed, columns: seed.map(cx) }];
      let pitch = 0;
      // Grow one row at a time, up or down, taking the nearest fitting run at the expected pitch.
      for (let grown = true; grown;) {
        grown = false;
        const first = stack[0]!;
        const last = stack[stack.length - 1]!;
        const top = rowAt(first.run);
        const bottom = rowAt(last.run);
        let best: { run: IRect[]; dy: number; next: typeof first } | null = null;
        for (const run of runs) {
          if (taken.has(run)) continue;
          const at = rowAt(run);
          const below = at > bottom;
          const next = below ? last : first;
          const dy = below ? at - bottom : top - at;
          if (dy <= bh * 0.5) continue;
          if (pitch === 0 ? dy > bh * 4 : Math.abs(dy - pitch) > pitch * 0.25) continue;
          if (!fits(run, next.columns)) continue;
          if (!best || dy < best.dy) best = { run, dy, next };
        }
        if (best) {
          if (pitch === 0) pitch = best.dy;
          const row = {
            run: best.run,
            columns: best.next.columns.map((c) => {
              const hit = hitAt(best!.run, c);
              return hit ? cx(hit) : c;
            }),
          };
          if (best.next === last) stack.push(row);
          else stack.unshift(row);
          taken.add(best.run);
          grown = true;
        }
      }
      if (cols * stack.length < 2) continue;
      // Every cell of the lattice: the bubble found there, or its place from the row and column.
      const cells = stack.map(({ run, columns }) => {
        const at = rowAt(run);
        return columns.map((c) => {
          const hit = hitAt(run, c);
          if (hit) return hit;
          const px = c - slope * at;
          const py = at + slope * c;
          return { x: Math.round(px - bw / 2), y: Math.round(py - bh / 2), w: bw, h: bh };
        });
      });
      for (const { run } of stack) for (const b of run) used.add(b);
      const all = cells.flat();
      const x0 = Math.min(...all.map((b) => b.x));
      const y0 = Math.min(...all.map((b) => b.y));
      const x1 = Math.max(...all.map((b) => b.x + b.w));
      const y1 = Math.max(...all.map((b) => b.y + b.h));
      grids.push({
        rect: { x: x0, y: y0, w: x1 - x0, h: y1 - y0 },
        rows: stack.length,
        cols,
        bubble: { w: bw, h: bh },
        pitch: {
          x: cols > 1 ? (cx(seed[cols - 1]!) - cx(seed[0]!)) / (cols - 1) : 0,
          y:
            stack.length > 1
              ? (rowAt(stack[stack.length - 1]!.run) - rowAt(stack[0]!.run)) / (stack.length - 1)
              : 0,
        },
        cells,
      });
    }
  }
  return { grids: mergeColumns(grids), singles: bubbles.filter((b) => !used.has(b)) };
}

/**
 * Bubbles printed edge to edge (common on third-party sheets) come out as single columns: columns with the
 * same rows at an even spacing are one grid.
 */
function mergeColumns(grids: DetectedGrid[]): DetectedGrid[] {
  const out: DetectedGrid[] = [];
  const cols = grids.filter((g) => g.cols === 1 && g.rows >= 2).sort((a, z) => a.rect.x - z.rect.x);
  const done = new Set<DetectedGrid>();
  for (const g of cols) {
    if (done.has(g)) continue;
    const run = [g];
    done.add(g);
    for (const next of cols) {
      if (done.has(next)) continue;
      const last = run[run.length - 1]!;
      const dx = next.rect.x - last.rect.x;
      const step = run.length > 1 ? run[1]!.rect.x - run[0]!.rect.x : dx;
      if (
        next.rows === g.rows &&
        Math.abs(next.rect.y - g.rect.y) < g.bubble.h * 0.5 &&
        Math.abs(next.pitch.y - g.pitch.y) < g.pitch.y * 0.1 &&
        dx > 0 &&
        dx < g.bubble.w * 2.5 &&
        Math.abs(dx - step) < step * 0.2
      ) {
        run.push(next);
        done.add(next);
      }
    }
    if (run.length === 1) {
      out.push(g);
      continue;
    }
    const cells = g.cells.map((_, r) => run.map((c) => c.cells[r]![0]!));
    const x1 = Math.max(...run.map((c) => c.rect.x + c.rect.w));
    const y1 = Math.max(...run.map((c) => c.rect.y + c.rect.h));
    const x0 = g.rect.x;
    const y0 = Math.min(...run.map((c) => c.rect.y));
    out.push({
      rect: { x: x0, y: y0, w: x1 - x0, h: y1 - y0 },
      rows: g.rows,
      cols: run.length,
      bubble: g.bubble,
      pitch: { x: (run[run.length - 1]!.rect.x - x0) / (run.length - 1), y: g.pitch.y },
      cells,
    });
  }
  return [...grids.filter((g) => !done.has(g)), ...out];
}

/** Proposes anchors, marks, bubble grids and answer boxes on a scanned card page (`dpi` of the scan). */
export function detectLayout(scan: GreyImage, opts: { dpi?: number } = {}): DetectedLayout {
  const k = (opts.dpi ?? 200) / 200;
  // A 1-bit dithered scan turns solid marks into dots: read it smoothed, as the eye does.
  const img = isBitonal(scan) ? boxBlur(scan, Math.max(1, Math.round(2 * k))) : scan;
  const { width: w, height: h } = img;
  const bin = binarize(img, Math.round(61 * k));
  const labels = new Int32Array(w * h);
  const comps = components(bin, w, h, labels);
  const solids: IRect[] = [];
  let bubbles: IRect[] = [];
  const boxes: IRect[] = [];
  // QR codes and barcodes: dense, half-dark blocks whose finder squares would pass for bubbles.
  const codes: IRect[] = [];
  // L-shaped corner marks: candidates for the corner anchors only.
  const cornerMarks: IRect[] = [];
  const askew: IRect[] = [];
  const minSolid = 14 * k;
  const maxSolid = 120 * k;
  for (const c of comps) {
    const r = rectOf(c);
    const fill = c.n / (r.w * r.h);
    const aspect = r.w / r.h;
    const solidSize = r.w >= minSolid && r.h >= minSolid && r.w <= maxSolid && r.h <= maxSolid;
    if (
      solidSize &&
      fill > 0.3 &&
      fill < 0.8 &&
      aspect > 0.6 &&
      aspect < 1.7 &&
      isCornerMark(labels, w, c, c.id)
    ) {
      cornerMarks.push(r);
      continue;
    }
    if (r.w > 300 * k && r.h > 150 * k && fill < 0.08) {
      boxes.push(r);
      continue;
    }
    if (r.w > 60 * k && r.h > 60 * k && r.w < 500 * k && r.h < 500 * k && fill > 0.25 && fill < 0.8) {
      codes.push(r);
      continue;
    }
    if (r.w < 10 * k || r.h < 8 * k || r.w > 90 * k || r.h > 70 * k) {
      if (fill > 0.85 && r.w >= minSolid && r.h >= minSolid && r.w <= maxSolid && r.h <= maxSolid)
        solids.push(r);
      continue;
    }
    if (fill > 0.85 && aspect > 0.6 && aspect < 1.7 && r.w >= minSolid && r.h >= minSolid) {
      solids.push(r);
      continue;
    }
    // A solid square fed askew (hard scans turn a few degrees; a dithered scan's smoothing rounds its
    // corners) fills less of its upright box: a corner anchor candidate, still read as a bubble otherwise.
    if (fill > 0.7 && aspect > 0.6 && aspect < 1.7 && solidSize && turnedFill(labels, w, c) > 0.86)
      askew.push(r);
    // A filled bubble: a solid ellipse (π/4 of its box) or rounded rectangle.
    if (fill > 0.55 && fill <= 0.85 && aspect > 0.8 && aspect < 3.2 && r.w >= 14 * k) {
      bubbles.push(r);
      continue;
    }
    if (fill < 0.55 && aspect > 0.6 && aspect < 3.2 && (isRing(labels, w, c) || isLetteredRing(labels, w, c)))
      bubbles.push(r);
  }
  const corners = [
    { corner: 'tl' as const, x: 0, y: 0 },
    { corner: 'tr' as const, x: w, y: 0 },
    { corner: 'bl' as const, x: 0, y: h },
    { corner: 'br' as const, x: w, y: h },
  ];
  const anchors: DetectedLayout['anchors'] = [];
  const reach = Math.min(w, h) * 0.2;
  for (const c of corners) {
    let best: IRect | null = null;
    let bestD = Infinity;
    for (const s of [...solids, ...cornerMarks, ...askew]) {
      const d = Math.hypot(s.x + s.w / 2 - c.x, s.y + s.h / 2 - c.y);
      if (d < bestD && d < reach) {
        best = s;
        bestD = d;
      }
    }
    if (best) anchors.push({ corner: c.corner, rect: best });
  }
  const pad = 12 * k;
  const inCode = (b: IRect) =>
    codes.some(
      (c) =>
        b.x >= c.x - pad && b.y >= c.y - pad && b.x + b.w <= c.x + c.w + pad && b.y + b.h <= c.y + c.h + pad,
    );
  const anchorSet = new Set(anchors.map((a) => a.rect));
  // an askew anchor was also taken for a bubble
  bubbles = dropNested(bubbles.filter((b) => !inCode(b) && !anchorSet.has(b)));
  const tl = anchors.find((a) => a.corner === 'tl')?.rect;
  const tr = anchors.find((a) => a.corner === 'tr')?.rect;
  const slope = tl && tr ? (tr.y + tr.h / 2 - (tl.y + tl.h / 2)) / (tr.x + tr.w / 2 - (tl.x + tl.w / 2)) : 0;
  const { grids, singles } = gridsOf(bubbles, slope);
  return {
    width: w,
    height: h,
    anchors,
    marks: solids.filter((s) => !anchorSet.has(s) && !inCode(s)),
    grids: grids.sort((a, z) => a.rect.y - z.rect.y || a.rect.x - z.rect.x),
    singles,
    boxes,
  };
}

/**
 * A detected lattice as a template bubble grid: `horizontal` when each row is one question (options left
 * to right), `vertical` when each column is one field (exam-number digits 0–9 downwards).
 */
export function toBubbleGrid(
  grid: DetectedGrid,
  direction: 'horizontal' | 'vertical',
  options: string[],
): {
  origin: { x: number; y: number };
  bubble: { w: number; h: number };
  direction: 'horizontal' | 'vertical';
  options: string[];
  optionGap: number;
  fieldGap: number;
  count: number;
} {
  const first = grid.cells[0]![0]!;
  const along = direction === 'horizontal' ? grid.pitch.x : grid.pitch.y;
  const across = direction === 'horizontal' ? grid.pitch.y : grid.pitch.x;
  return {
    origin: { x: first.x, y: first.y },
    bubble: grid.bubble,
    direction,
    options,
    optionGap: along || grid.bubble.w * 2,
    fieldGap: across || grid.bubble.h * 2,
    count: direction === 'horizontal' ? grid.rows : grid.cols,
  };
}
