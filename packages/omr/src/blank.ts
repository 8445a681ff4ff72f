import type { GreyImage } from './image';
import { components } from './detect-pixels';

// 智能判空 (issue 14): is anything written in a cut answer region? The cut (template scale, registered) is
// compared with the printed blank region — the template picture, or the printed background estimated from
// the block's own cuts (`printedBackground`). Ink is what the cut has and the blank region does not, after
// allowing for the registration's error; specks of scanner noise are not ink. The decision leans to
// "written": a written answer called blank loses a student marks, a blank one called written costs a marker
// a few seconds.

export interface BlankOptions {
  /** registration tolerance: ink within this many px of print counts as print (default 3) */
  slack?: number;
  /** least darkening below the paper that is ink, in grey levels (default 28; the noise raises it) */
  minContrast?: number;
  /** least pixels of one connected mark that count as ink (default 12: specks of noise and dust are less) */
  minBlob?: number;
  /** ink pixels at which an answer is written (default 24: two specks; faint pencil leaves hundreds) */
  maxInk?: number;
  /**
   * paper noise (grey levels, σ) above which no region is called blank (default 7.5): on a grainy scan the ink
   * threshold rises over the darkness of a light pencil, so a faint answer could vanish into the paper
   */
  maxNoise?: number;
  /** extra dark mass over the blank region at which an answer is written, as a share of the area (default 0.004) */
  maxExcess?: number;
  /**
   * share of the blank region's print the cut may lack before the region counts as covered (default 0.01; scans
   * with nothing over them lack none, blank.test.ts): paper over the answer (a folded corner, a sticker) hides the
   * print with whatever was written, and a corner of a box hides a few hundredths of its print
   */
  maxCovered?: number;
}

export interface InkMeasure {
  /** pixels of ink not explained by print (in marks of at least minBlob pixels) */
  ink: number;
  /** connected marks counted */
  marks: number;
  /** the cut's dark mass over the blank region's, as a share of the area (grey levels / 255 per pixel) */
  excess: number;
  /**
   * share of the blank region's print the cut does not show, judged only where the ink says blank (0 elsewhere, and
   * where the region has too little print to say)
   */
  covered: number;
  /** the paper white and the noise the contrast was judged against */
  paper: number;
  noise: number;
  /** true: nothing written (safe to score 0 after a leader's check) */
  blank: boolean;
}

/** The grey value at quantile q of the image (histogram). */
function quantile(img: GreyImage, q: number): number {
  const h = new Uint32Array(256);
  for (let i = 0; i < img.data.length; i++) h[img.data[i]!]!++;
  const target = q * img.data.length;
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += h[v]!;
    if (acc >= target) return v;
  }
  return 255;
}

/** Paper white (the 90th percentile) and the noise of the paper (median absolute deviation of light pixels). */
export function paperOf(img: GreyImage): { paper: number; noise: number } {
  const paper = Math.max(1, quantile(img, 0.9));
  const h = new Uint32Array(256);
  let n = 0;
  for (let i = 0; i < img.data.length; i++) {
    const v = img.data[i]!;
    // only pixels near the paper: print and ink would swamp the deviation
    if (v >= paper - 40) {
      h[Math.min(255, Math.abs(v - paper))]!++;
      n++;
    }
  }
  let acc = 0;
  let mad = 0;
  for (let d = 0; d < 256; d++) {
    acc += h[d]!;
    if (acc >= n / 2) {
      mad = d;
      break;
    }
  }
  return { paper, noise: mad * 1.4826 };
}

/** A mask of pixels darker than the paper by `contrast` (grey relative to the image's own paper). */
export function darkMask(img: GreyImage, paper: number, contrast: number): Uint8Array {
  const m = new Uint8Array(img.data.length);
  for (let i = 0; i < img.data.length; i++) if (img.data[i]! < paper - contrast) m[i] = 1;
  return m;
}

/** Dilation by a square of radius r (two passes of a running window: O(pixels) whatever r). */
export function dilate(m: Uint8Array, w: number, h: number, r: number): Uint8Array {
  if (r <= 0) return m;
  const tmp = new Uint8Array(m.length);
  for (let y = 0; y < h; y++) {
    let count = 0;
    const row = y * w;
    for (let x = 0; x < Math.min(w, r); x++) count += m[row + x]!;
    for (let x = 0; x < w; x++) {
      if (x + r < w) count += m[row + x + r]!;
      if (x - r - 1 >= 0) count -= m[row + x - r - 1]!;
      tmp[row + x] = count > 0 ? 1 : 0;
    }
  }
  const out = new Uint8Array(m.length);
  for (let x = 0; x < w; x++) {
    let count = 0;
    for (let y = 0; y < Math.min(h, r); y++) count += tmp[y * w + x]!;
    for (let y = 0; y < h; y++) {
      if (y + r < h) count += tmp[(y + r) * w + x]!;
      if (y - r - 1 >= 0) count -= tmp[(y - r - 1) * w + x]!;
      out[y * w + x] = count > 0 ? 1 : 0;
    }
  }
  return out;
}

/** Darkness below the paper summed over the image, per pixel, in units of full black (0…1). */
function darkMass(img: GreyImage, paper: number, floor: number): number {
  let s = 0;
  for (let i = 0; i < img.data.length; i++) {
    const d = paper - img.data[i]!;
    if (d > floor) s += d;
  }
  return s / 255 / img.data.length;
}

/** Print pixels below which a region's print says nothing of what covers it (a box with no frame, no number). */
const MIN_PRINT = 200;
/** The registration error (px each way) looked for between the blank region's print and the cut's. */
const ALIGN = 4;

/**
 * Share of the blank region's print (`print`, undilated) that the cut does not show: print shows however light
 * the scan (half the ink contrast); paper laid over it shows none. The print is first moved to where its inner
 * part (numbers, text: thin strokes that match only at the right place) lies on the cut's, the registration's
 * error up to ALIGN px; print that this moves out of the cut is left out (a box's frame lies on its cut's edge, and
 * a pixel or two of error takes a side of it out, which is no evidence). A region with too little inner print to
 * align by is not judged.
 */
function printLost(
  print: Uint8Array,
  cut: GreyImage,
  paper: number,
  contrast: number,
  slack: number,
): number {
  const { width: w, height: h } = cut;
  const m = ALIGN + 2;
  const xs: number[] = [];
  const ys: number[] = [];
  let inner = 0;
  // the inner print first, then the rest: the alignment reads the first `inner` entries
  for (const pass of [true, false])
    for (let y = 0, i = 0; y < h; y++)
      for (let x = 0; x < w; x++, i++) {
        if (!print[i] || (x >= m && y >= m && x < w - m && y < h - m) !== pass) continue;
        xs.push(x);
        ys.push(y);
        if (pass) inner++;
      }
  if (xs.length < MIN_PRINT || inner < MIN_PRINT / 2) return 0;
  const mask = darkMask(cut, paper, contrast);
  // the move under which the most inner print lies on the cut's print (inner print stays inside at any move)
  let best = { dx: 0, dy: 0, shown: -1 };
  for (let dy = -ALIGN; dy <= ALIGN; dy++)
    for (let dx = -ALIGN; dx <= ALIGN; dx++) {
      let shown = 0;
      for (let k = 0; k < inner; k++) shown += mask[(ys[k]! + dy) * w + xs[k]! + dx]!;
      const closer = Math.abs(dx) + Math.abs(dy) < Math.abs(best.dx) + Math.abs(best.dy);
      if (shown > best.shown || (shown === best.shown && closer)) best = { dx, dy, shown };
    }
  const near = dilate(mask, w, h, slack);
  let inside = 0;
  let shown = 0;
  for (let k = 0; k < xs.length; k++) {
    const x = xs[k]! + best.dx;
    const y = ys[k]! + best.dy;
    if (x < 0 || y < 0 || x >= w || y >= h) continue;
    inside++;
    shown += near[y * w + x]!;
  }
  return inside < MIN_PRINT ? 0 : 1 - shown / inside;
}

/**
 * The ink of a cut answer region against its printed blank region (same size: both at template scale). A
 * region is blank when it has fewer than `maxInk` ink pixels AND its dark mass exceeds the blank region's by
 * less than `maxExcess` (the second catches writing over printed lines, which the first forgives as print)
 * AND its paper is quiet enough that light pencil would show (`maxNoise`) AND it shows its print (`maxCovered`:
 * under a folded corner or a sticker the scan is paper whatever was written; the marker sees the flap, and the
 * sheet holds the answer). Measured on scan-sim sets
 * (blank.test.ts, `npm run bench:intelligent`): faint pencil on a hard scan disappears above noise ≈ 10.
 */
export function measureInk(cut: GreyImage, blank: GreyImage, o: BlankOptions = {}): InkMeasure {
  if (cut.width !== blank.width || cut.height !== blank.height)
    throw new Error(`cut ${cut.width}×${cut.height} and blank region ${blank.width}×${blank.height} differ`);
  const slack = o.slack ?? 3;
  const minBlob = o.minBlob ?? 12;
  const maxInk = o.maxInk ?? 24;
  const maxNoise = o.maxNoise ?? 7.5;
  const maxExcess = o.maxExcess ?? 0.004;
  const maxCovered = o.maxCovered ?? 0.01;
  const { width: w, height: h } = cut;
  const c = paperOf(cut);
  const b = paperOf(blank);
  // ink must stand out of the paper's own noise (a grainy scan raises the bar), but never less than the floor
  const contrast = Math.max(o.minContrast ?? 28, 4 * c.noise);
  const print = darkMask(blank, b.paper, Math.max(20, 4 * b.noise));
  const printed = dilate(print, w, h, slack);
  const ink = darkMask(cut, c.paper, contrast);
  for (let i = 0; i < ink.length; i++) if (printed[i]) ink[i] = 0;
  const blobs = components(ink, w, h, new Int32Array(w * h))
    .map((c) => c.n)
    .filter((s) => s >= minBlob);
  const inkPx = blobs.reduce((a, s) => a + s, 0);
  const excess = darkMass(cut, c.paper, contrast / 2) - darkMass(blank, b.paper, contrast / 2);
  const inkSaysBlank = inkPx < maxInk && excess < maxExcess && c.noise <= maxNoise;
  // only a region the ink calls blank is looked at for paper over it: the rest goes to a marker anyway
  const covered = inkSaysBlank ? printLost(print, cut, c.paper, contrast / 2, slack) : 0;
  return {
    ink: inkPx,
    marks: blobs.length,
    excess: Math.round(excess * 1e5) / 1e5,
    covered: Math.round(covered * 1000) / 1000,
    paper: c.paper,
    noise: Math.round(c.noise * 10) / 10,
    blank: inkSaysBlank && covered < maxCovered,
  };
}

/**
 * The printed blank region estimated from cuts of many papers (all the same size, registered): per pixel the
 * grey that `share` of the papers are at least as dark as — print is dark on nearly every paper, writing on
 * few at any one pixel. Used when the template stores no picture of the card. With fewer than 5 cuts the
 * estimate is refused (one student's writing would pass as print).
 */
export function printedBackground(cuts: GreyImage[], share = 0.8): GreyImage {
  if (cuts.length < 5) throw new Error('at least 5 cuts are needed to estimate the printed background');
  const { width, height } = cuts[0]!;
  if (cuts.some((c) => c.width !== width || c.height !== height)) throw new Error('cuts differ in size');
  const n = cuts.length;
  // the k-th lightest of the n values: dark there only when at least `share` of the papers are dark
  const k = Math.min(n - 1, Math.max(0, Math.ceil(share * n) - 1));
  const out = new Uint8Array(width * height);
  const v = new Uint8Array(n);
  for (let i = 0; i < out.length; i++) {
    for (let j = 0; j < n; j++) v[j] = cuts[j]!.data[i]!;
    v.sort();
    out[i] = v[k]!;
  }
  return { width, height, data: out };
}
