import type { GreyImage } from './image';

/**
 * A scanner streak (扫描竖线): dust, correction fluid or a scratch on a sheet-fed scanner's glass shades the
 * same sensor element on every line the scanner reads, so the scan carries a dark line from its top edge to its
 * bottom whatever lies under it, and every page of the batch carries it until the glass is cleaned. Through a
 * column of bubbles it darkens each one alike, and a blank question reads as the option under the line: before
 * this pass, bench:omr's `streaked` set (scan-sim dirty-glass.ts) had silent errors on 17 pages of 100.
 * `x0`…`x1` are the line's columns (inclusive) in the image as stored.
 */
export interface Streak {
  x0: number;
  x1: number;
  /**
   * Too wide to paint over (MAX_WIDTH): left on the page; bubbles are measured beside it, and a field with a
   * bubble mostly under it is raised for a person instead of read (read.ts), since it could hide a mark or make one.
   */
  wide?: true;
}

/**
 * Rows read to find streaks, spread evenly down the page: a streak is dark in every one of them, print in far
 * fewer (and never in the first and the last). Every column is read in the COARSE rows; only a column dark in
 * all but one of them is read again in the FINE rows.
 */
const COARSE_ROWS = 16;
const FINE_ROWS = 64;
/**
 * Dark in this share of the fine rows, and in the first and last rows. Nothing printed on a card runs the whole
 * height of a scan: the paper's margins and the scanner's border above and below it are blank, and a printed
 * rule (a box's side, the card's frame) stops short of them and leans with the sheet's skew.
 */
const FULL_HEIGHT = 0.95;
/** A pixel counts as dark below this share of the paper's level (noise on paper stays well above it). */
const DARK = 0.85;
/**
 * Widest line painted over, as a share of the scan's shorter side: 1.3 mm on A4 (10 pixels at 200 dpi), 1.8 mm on
 * A3. Dust and hairs are thinner; painting over a wider one could reach past a bubble's ring to the paper outside
 * it and wipe a mark. A wider one (up to an eighth of the scan) is kept as `wide`.
 */
const MAX_WIDTH = 0.006;
/**
 * A streak's edge: the optics and JPEG spread a dark line into its neighbours, which stay a little darker than
 * paper down the whole scan. Columns beside the line below this share of paper in as many rows are taken with
 * it, up to SPREAD a side; the fill then reads from the column beyond.
 */
const FAINT = 0.95;
const SPREAD = 4;

/**
 * Finds the scanner streaks of a scan: runs of neighbouring columns dark from the top of the image to its bottom,
 * with paper-coloured columns either side (so the black border of a scanner lid, which touches the image's edge,
 * is not one). Reads 16 rows, a hundred-and-fiftieth of an A4 page at 200 dpi, and 64 down the few columns
 * dark in them.
 */
export function findStreaks(img: GreyImage): Streak[] {
  const { width, height, data } = img;
  if (width < 64 || height < 64 || data.length < width * height) return [];
  const rowsOf = (n: number) => Array.from({ length: n }, (_, s) => Math.floor(((s + 0.5) * height) / n));
  const coarse = rowsOf(COARSE_ROWS);
  const fine = rowsOf(FINE_ROWS);
  // the paper's level: the 90th percentile of the coarse rows (every other pixel), as checkPage takes it
  const hist = new Uint32Array(256);
  let total = 0;
  for (const y of coarse)
    for (let k = y * width, end = k + width; k < end; k += 2) {
      hist[data[k]!]!++;
      total++;
    }
  let paper = 255;
  for (let v = 0, acc = 0; v < 256; v++) {
    acc += hist[v]!;
    if (acc >= 0.9 * total) {
      paper = v;
      break;
    }
  }
  const limit = Math.ceil(paper * DARK) | 0;
  const faint = Math.ceil(paper * FAINT) | 0;
  const dark = new Int32Array(width);
  for (const y of coarse) countDark(data, y * width, width, limit, dark);
  const need = Math.ceil(FINE_ROWS * FULL_HEIGHT);
  /** Rows of `fine` where column x is below `level`. */
  const column = (x: number, level: number) => {
    let n = 0;
    for (const y of fine) n += (data[y * width + x]! - level) >>> 31;
    return n;
  };
  const ends = (x: number) =>
    data[fine[0]! * width + x]! < limit && data[fine[FINE_ROWS - 1]! * width + x]! < limit;
  /** Dark down the whole scan: in all but one coarse row, then in nearly every fine one and at both ends. */
  const full = (x: number) => dark[x]! >= COARSE_ROWS - 1 && ends(x) && column(x, limit) >= need;
  const found: Streak[] = [];
  for (let x = 0; x < width; x++) {
    if (!full(x)) continue;
    let x1 = x;
    while (x1 + 1 < width && full(x1 + 1)) x1++;
    const core = x1 - x + 1;
    let x0 = x;
    x = x1;
    for (let n = 0; n < SPREAD && x0 > 0 && column(x0 - 1, faint) >= need; n++) x0--;
    for (let n = 0; n < SPREAD && x1 + 1 < width && column(x1 + 1, faint) >= need; n++) x1++;
    // paper either side: mostly light columns where the fill will read from
    const left = x0 - 1;
    const right = x1 + 1;
    if (left < 0 || right >= width || dark[left]! >= COARSE_ROWS / 2 || dark[right]! >= COARSE_ROWS / 2)
      continue;
    if (core <= widest(width, height)) found.push({ x0, x1 });
    else if (core <= width / 8) found.push({ x0, x1, wide: true });
  }
  return found;
}

const widest = (width: number, height: number) =>
  Math.max(3, Math.round(Math.min(width, height) * MAX_WIDTH));

/** Adds 1 to `counts[x]` for each pixel of the row at `k` darker than `limit`: (v − limit) >>> 31, no branch. */
function countDark(data: Uint8Array, k: number, width: number, limit: number, counts: Int32Array): void {
  for (let x = 0; x < width; x++) counts[x]! += (data[k + x]! - limit) >>> 31;
}

/**
 * A copy of the scan with the streaks painted over (the scan itself when there are none): row by row, the streak's
 * columns take the straight line between the pixels just outside them. A filled bubble under a thin streak stays
 * filled (both sides are dark) and an empty one stays empty (both sides are paper), as the scan would be without
 * the dust; a line narrower than a bubble's printed ring leaves the ring's sides to read from.
 */
export function withoutStreaks(img: GreyImage, streaks: readonly Streak[]): GreyImage {
  if (!streaks.length) return img;
  const { width, height } = img;
  const data = img.data.slice(0, width * height);
  for (const { x0, x1 } of streaks) {
    const left = Math.max(0, x0 - 1);
    const right = Math.min(width - 1, x1 + 1);
    const span = right - left;
    for (let y = 0; y < height; y++) {
      const k = y * width;
      const a = data[k + left]!;
      const b = data[k + right]!;
      for (let x = left + 1; x < right; x++) data[k + x] = a + ((b - a) * (x - left)) / span + 0.5;
    }
  }
  return { width, height, data };
}

/** The streaks too wide to paint over (none when the page had no streak). */
export const wideStreaks = (streaks: readonly Streak[] | undefined): Streak[] =>
  streaks?.filter((s) => s.wide) ?? [];

/**
 * The page as recognition reads it and a marker's cut shows it: the thin streaks painted over, the wide ones left
 * (nothing reliable is under them, and a person sees the line). The scan itself when there is nothing to paint.
 */
export const withoutThinStreaks = (img: GreyImage, streaks: readonly Streak[] | undefined): GreyImage =>
  withoutStreaks(img, streaks?.filter((s) => !s.wide) ?? []);
