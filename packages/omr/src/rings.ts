import type { TemplateRect } from '@yj/contracts';
import { hiddenAt, localMap, type HiddenColumns, type LocalMap } from './bubbles';
import type { Field } from './fields';
import type { Matrix3 } from './geometry';
import type { GreyImage } from './image';

// An option ringed (圈选) instead of filled, as on a paper test: a pencil or pen line round the bubble, little
// of it inside. Read by its fill alone the bubble is empty, and the answer the student gave was lost without a
// word (bench:omr's `ringed` set, one answer in ten ringed: 204 silent errors on 100 pages before this). Here
// the paper round each bubble is looked at along RAYS rays: a ring darkens nearly all of them, where print
// beside a bubble (a question number, the next bubble of a tight grid) or a stray stroke darkens a few. A field
// with a ringed bubble that is not read as filled is raised, never read as empty: whether the ring counts is
// the school's rule.
//
// An option ticked (打勾) after it instead of filled leaves its pencil line in the paper between it and the next
// option: a few rays on the bubble's right, far darker than the same rays round the bubbles at the same place of
// the other questions (which carry the same print). Read by fills the question was unanswered, silently
// (bench:omr's `ticked` set); it is raised the same way.

const RAYS = 16;
/**
 * Along each ray, this share of the inscribed ellipse's radius: outside the printed outline (up to 1.13 on a
 * stadium's diagonals) and inside the reach of a ring drawn round the bubble (simulated at 1.2–2.2 across,
 * 1.35–2.0 up and down, from one hugging the print to a loose one: looked at only to 1.9, 19 of bench:omr's 204
 * ringed answers stayed silent). What lies in another bubble's print is left out (neighbours).
 */
const STEPS = [1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 2.0, 2.1, 2.2, 2.3, 2.4];
const COS = Array.from({ length: RAYS }, (_, k) => Math.cos(((k + 0.5) / RAYS) * 2 * Math.PI));
const SIN = Array.from({ length: RAYS }, (_, k) => Math.sin(((k + 0.5) / RAYS) * 2 * Math.PI));
/** Another bubble's rectangle grown by this share of its smaller side (at least 2 template px): its print. */
const NEIGHBOUR_GROW = 0.15;
/**
 * Darkness over the usual level along the same ray (the page's, or the print of its place or field: printAround)
 * that makes a ray inked. Unmarked bubbles of 30 pages each of the typical, hard (stray marks, erased smudges,
 * ticks) and light sets show at most 7 of 16 rays inked, the neighbour of a ringed option up to 10; ringed options
 * 14–16 (79 of them).
 */
const INKED = 0.25;
/** Share of the rays seen (not in another bubble's print, not under a wide streak) that a ring darkens. */
const RING_SHARE = 0.75;
/** The rays on a bubble's right, from 34° above the row to 56° below: where a tick after the option lies. */
const RIGHT_RAYS = [14, 15, 0, 1, 2];
/**
 * A tick is looked for from STEPS[OUTER_FROM] (1.5 radii) out: past a bubble's own print with a pixel or two of
 * registration error (a stadium's corners reach 1.13 on the diagonals, the arms of a bracket [A] about 1.3, and
 * rays grazing them come out dark on some pages and not on others: no median is their print). A tick after an
 * option starts about 0.7 radii right of its centre and runs past 2.4.
 */
const OUTER_FROM = 3;
/**
 * For the tick look another bubble's print is grown by this share of its smaller side, not NEIGHBOUR_GROW: a
 * neighbour's fill runs past its print (a full fill to 1.23 radii, a phone picture's blur further), and read as a
 * line before a filled option it raised answered questions (bench:omr's phone set).
 */
const TICK_CLEAR = 0.35;
/**
 * Darkness over the median of the same ray's outer part round the bubbles at the same place (the same option of
 * fields of as many options) that makes a ray crossed by a pencil line. Simulated ticks after an option show
 * 0.55–0.95 on their darkest right ray (37 ticks on 16 pages); the unmarked options of 16 pages each of the
 * typical, hard, light and bracket-printed sets stay below 0.15.
 */
const STROKE = 0.35;
/**
 * On the printed blank a ray's darkest sample is taken over a square of this share of the bubble's smaller side
 * each way (2 px of a 20 px bubble): the scan's print lies a pixel or two off where the template puts it, and
 * a thin line must not fall between the blank's samples where the scan's land on it.
 */
const BLANK_REACH = 0.1;
/**
 * A place of at least this many bubbles has print for its median whatever a student ticks (a student ticking
 * after every answer puts a quarter of a four-option place's bubbles in doubt, not half): as printed.ts trusts a
 * label's level from the page from eight bubbles on.
 */
const MANY = 8;
/** A place or a field (printAround) of this many bubbles seeing a ray shows its own print along it… */
const PLACE_MIN = 4;
/** …in its lightest quarter: what every bubble there carries, not what a ring on some of them adds. */
const PLACE_AT = 0.25;
/** Fewer rays seen than this (a grid too tight to leave paper round its bubbles) says nothing. */
const MIN_RAYS = 8;
/** The paper level round a bubble: this quantile of its own samples (a ring takes a few steps of each ray). */
const PAPER_AT = 0.75;

const hist = new Uint16Array(256);

/** The PAPER_AT quantile of the samples counted into `hist` (`n` of them), counted down from white. */
function paperOf(n: number): number {
  for (let v = 255, acc = 0; v >= 0; v--) {
    acc += hist[v]!;
    if (acc >= n * (1 - PAPER_AT)) return v;
  }
  return 255;
}

/**
 * Each bubble's print as a box grown by NEIGHBOUR_GROW (x0, y0, x1, y1 at 4i), and the bubbles in order of x0:
 * what a ray round another bubble must not take for paper.
 */
function printBoxes(
  all: TemplateRect[],
  grow = NEIGHBOUR_GROW,
): { box: Float64Array; byX: Int32Array; widest: number } {
  const box = new Float64Array(all.length * 4);
  let widest = 0;
  all.forEach((r, i) => {
    const g = Math.max(2, grow * Math.min(r.w, r.h));
    box[4 * i] = r.x - g;
    box[4 * i + 1] = r.y - g;
    box[4 * i + 2] = r.x + r.w + g;
    box[4 * i + 3] = r.y + r.h + g;
    widest = Math.max(widest, r.w + 2 * g);
  });
  const byX = Int32Array.from(all.keys()).sort((a, b) => box[4 * a]! - box[4 * b]!);
  return { box, byX, widest };
}

/** The other bubbles whose grown print lies within reach of the rays of bubble `self`: a sweep along x. */
function neighbours(p: ReturnType<typeof printBoxes>, self: number, r: TemplateRect): number[] {
  const { box, byX, widest } = p;
  const reach = STEPS[STEPS.length - 1]!;
  const x0 = r.x + (r.w / 2) * (1 - reach);
  const x1 = r.x + (r.w / 2) * (1 + reach);
  const y0 = r.y + (r.h / 2) * (1 - reach);
  const y1 = r.y + (r.h / 2) * (1 + reach);
  const out: number[] = [];
  // the first box whose left edge could lie within a box's width of x0
  let lo = 0;
  let hi = byX.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (box[4 * byX[mid]!]! < x0 - widest) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < byX.length; i++) {
    const j = byX[i]!;
    if (box[4 * j]! > x1) break;
    if (j === self || box[4 * j + 2]! < x0 || box[4 * j + 1]! > y1 || box[4 * j + 3]! < y0) continue;
    out.push(j);
  }
  return out;
}

/** Whether template point (x, y) lies in one of the boxes `near` names. */
function inBoxes(near: number[], box: Float64Array, x: number, y: number): boolean {
  for (const j of near)
    if (x >= box[4 * j]! && x <= box[4 * j + 2]! && y >= box[4 * j + 1]! && y <= box[4 * j + 3]!) return true;
  return false;
}

/**
 * A bubble looked round: its field and index (and its index among all bubbles), its map and paper, the darkness
 * along its rays (NaN: not seen).
 */
interface Looked {
  field: number;
  bubble: number;
  index: number;
  rect: TemplateRect;
  at: LocalMap;
  near: number[];
  paper: number;
  rays: Float32Array;
}

/**
 * The darkest grey along rays `ks` round a bubble into `mins`, and from STEPS[OUTER_FROM] out
 * into `outer` where given (256 where nothing was seen: in another bubble's print, a hidden column); every sample
 * is counted into `hist`. Returns the samples taken.
 */
function sampleRays(
  img: GreyImage,
  b: Pick<Looked, 'rect' | 'at' | 'near'>,
  box: Float64Array,
  hidden: HiddenColumns,
  ks: readonly number[],
  mins: Float32Array,
  outer?: Float32Array,
): number {
  const { o, ux, uy } = b.at;
  const { rect: r, near } = b;
  const { width, height, data } = img;
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  let n = 0;
  for (const k of ks) {
    const dx = (COS[k]! * r.w) / 2;
    const dy = (SIN[k]! * r.h) / 2;
    const ix = ux.x * dx + uy.x * dy;
    const iy = ux.y * dx + uy.y * dy;
    let min = 256;
    let out = 256;
    for (let si = 0; si < STEPS.length; si++) {
      const s = STEPS[si]!;
      if (near.length > 0 && inBoxes(near, box, cx + dx * s, cy + dy * s)) continue;
      // the pixel under the point (px() rounds v − 0.5: floor); off the page's left or top, paper
      const fx = o.x + ix * s;
      const fy = o.y + iy * s;
      const x = fx | 0;
      const y = fy | 0;
      if (hidden.length > 0 && hiddenAt(hidden, fx - 0.5)) continue;
      const v = fx < 0 || fy < 0 || x >= width || y >= height ? 255 : data[y * width + x]!;
      hist[v]!++;
      n++;
      if (v < min) min = v;
      if (si >= OUTER_FROM && v < out) out = v;
    }
    mins[k] = min;
    if (outer) outer[k] = out;
  }
  return n;
}

/**
 * The printed blank (the template's picture, in template pixels) along rays `ks` of a bubble from
 * STEPS[OUTER_FROM] out: each ray's darkest sample, the darkest pixel within BLANK_REACH of each point, as
 * darkness against the blank's own paper round the bubble (NaN where nothing was seen), into `out`.
 */
function blankRays(
  blank: GreyImage,
  r: TemplateRect,
  near: number[],
  box: Float64Array,
  ks: readonly number[],
  out: Float32Array,
): void {
  const { width, height, data } = blank;
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  const reach = Math.max(1, Math.round(BLANK_REACH * Math.min(r.w, r.h)));
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= width || y >= height ? 255 : data[y * width + x]!;
  hist.fill(0);
  let n = 0;
  for (const k of ks) {
    const dx = (COS[k]! * r.w) / 2;
    const dy = (SIN[k]! * r.h) / 2;
    let min = 256;
    for (let si = 0; si < STEPS.length; si++) {
      const s = STEPS[si]!;
      const tx = cx + dx * s;
      const ty = cy + dy * s;
      if (near.length > 0 && inBoxes(near, box, tx, ty)) continue;
      const x = tx | 0;
      const y = ty | 0;
      hist[at(x, y)]!++;
      n++;
      if (si < OUTER_FROM) continue;
      for (let j = y - reach; j <= y + reach; j++)
        for (let i = x - reach; i <= x + reach; i++) {
          const v = at(i, j);
          if (v < min) min = v;
        }
    }
    out[k] = min;
  }
  darkness(out, Math.max(40, paperOf(n)), ks);
}

/** Grey minima of rays `ks` as darkness against `paper` (NaN where nothing was seen). */
function darkness(rays: Float32Array, paper: number, ks: readonly number[]): void {
  for (const k of ks) rays[k] = rays[k]! < 256 ? Math.max(0, 1 - rays[k]! / paper) : Number.NaN;
}

/** The median over bubbles of rays `ks` (of their whole length or their outer part), in 1/255 steps, into `usual`. */
function medians(
  looked: Looked[],
  usual: Float32Array,
  ks: readonly number[],
  of: (b: Looked) => Float32Array = (b) => b.rays,
): void {
  quantiles(looked, usual, ks, 0.5, 1, of);
}

/**
 * The `q` quantile over bubbles of rays `ks`, in 1/255 steps, into `usual` (NaN rays left out; 0 where fewer than
 * `least` bubbles give a value). Returns the rays with `least` values or more.
 */
function quantiles(
  looked: Looked[],
  usual: Float32Array,
  ks: readonly number[],
  q: number,
  least = 1,
  of: (b: Looked) => Float32Array = (b) => b.rays,
): number[] {
  const given: number[] = [];
  for (const k of ks) {
    hist.fill(0);
    let n = 0;
    for (const b of looked) {
      const d = of(b)[k]!;
      if (Number.isNaN(d)) continue;
      hist[Math.round(d * 255)]!++;
      n++;
    }
    usual[k] = 0;
    if (n < least) continue;
    given.push(k);
    for (let v = 0, acc = 0; v < 256; v++) {
      acc += hist[v]!;
      if (acc > n * q) {
        usual[k] = v / 255;
        break;
      }
    }
  }
  return given;
}

const EVEN_RAYS = Array.from({ length: RAYS / 2 }, (_, i) => 2 * i);
const ODD_RAYS = EVEN_RAYS.map((k) => k + 1);

/** Rays of `first`, `first` + 2, … seen, and of those the ones darker than usual by INKED. */
function inkedRays(b: Looked, usual: Float32Array, first: 0 | 1 | 'all'): { seen: number; inked: number } {
  let seen = 0;
  let inked = 0;
  for (let k = first === 'all' ? 0 : first; k < RAYS; k += first === 'all' ? 1 : 2) {
    const d = b.rays[k]!;
    if (Number.isNaN(d)) continue;
    seen++;
    if (d - usual[k]! >= INKED) inked++;
  }
  return { seen, inked };
}

/** Bubbles of some fields, by field: index lists into each field's bubbles. */
export type MarkedBubbles = Map<Field, number[]>;

/** A bubble's place: its option index among fields of as many options (the same print round it, field to field). */
const placeOf = (fields: Field[], b: Looked) => `${fields[b.field]!.bubbles.length}:${b.bubble}`;

/** Appends `value` to the list `map` keeps under `key` (a new list for a new key). */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The bubbles of the `choices` fields with a pencil line on their right far darker than the bubbles at the same
 * place (a field's option index, among fields of as many options) show there: the median of each ray at a place
 * is its print (a question number before A, the next column after the last option), what lies over it is a
 * student's. The rays are looked along from OUTER_FROM out, other bubbles' print grown by TICK_CLEAR (`clear`).
 *
 * The median is the print only while most bubbles at the place are unmarked. A student who marks 判断 as on a
 * paper test ticks after every one, and a card has a few 判断: the F of most of them is ticked, the median is a
 * tick, and every tick at the place read as print — the questions unanswered, silently. With the printed blank
 * (`blank`, the template's picture) a ray whose median is darker than the blank's median there by a pencil
 * line is not print: each bubble's ray is held against the blank's own along it instead — unless a place of
 * MANY bubbles is off the blank along the same ray, which says the page's print lies off the template there.
 * Without a blank (a template saved from a layout alone) such a place still reads as print.
 */
function tickedBeside(
  img: GreyImage,
  looked: Looked[],
  fields: Field[],
  choices: ReadonlySet<Field>,
  clear: ReturnType<typeof printBoxes>,
  hidden: HiddenColumns,
  blank?: GreyImage,
): MarkedBubbles {
  const places = new Map<string, Looked[]>();
  const outer = new Map<Looked, { rays: Float32Array; near: number[] }>();
  const scratch = new Float32Array(RAYS);
  for (const b of looked) {
    if (!choices.has(fields[b.field]!)) continue;
    const near = neighbours(clear, b.index, b.rect);
    const o = new Float32Array(RAYS);
    // only the right-hand rays: the others say nothing of a tick after the option
    sampleRays(img, { rect: b.rect, at: b.at, near }, clear.box, hidden, RIGHT_RAYS, scratch, o);
    darkness(o, b.paper, RIGHT_RAYS);
    outer.set(b, { rays: o, near });
    pushTo(places, placeOf(fields, b), b);
  }
  // Each place's median along each ray, and where a blank is given, the rays along which the median is darker
  // than the blank's by a pencil line (only a median as dark as a stroke can be) with each bubble's blank rays.
  const seen = [...places.values()].map((place) => {
    const usual = new Float32Array(RAYS);
    medians(place, usual, RIGHT_RAYS, (b) => outer.get(b)!.rays);
    if (!blank || !RIGHT_RAYS.some((k) => usual[k]! >= STROKE))
      return { place, usual, off: [] as number[], prints: null };
    const prints = new Map<Looked, Float32Array>();
    for (const b of place) {
      const p = new Float32Array(RAYS);
      blankRays(blank, b.rect, outer.get(b)!.near, clear.box, RIGHT_RAYS, p);
      prints.set(b, p);
    }
    const printed = new Float32Array(RAYS);
    medians(place, printed, RIGHT_RAYS, (b) => prints.get(b)!);
    return { place, usual, off: RIGHT_RAYS.filter((k) => usual[k]! - printed[k]! >= STROKE), prints };
  });
  // A place of many bubbles cannot have pencil for its median. Where one is off the blank along a ray, the page's
  // print lies off the template there (a stretched layout, a fit a little off: a bubble's own outline moved into
  // the ray), and along that ray no place's median is taken for pencil.
  const misfit = new Set(seen.filter((x) => x.place.length >= MANY).flatMap((x) => x.off));
  const out: MarkedBubbles = new Map();
  for (const { place, usual, off, prints } of seen) {
    const pencil = off.filter((k) => !misfit.has(k));
    for (const b of place) {
      const rays = outer.get(b)!.rays;
      const usualOf = (k: number) => (prints && pencil.includes(k) ? prints.get(b)![k]! : usual[k]!);
      if (RIGHT_RAYS.some((k) => rays[k]! - usualOf(k) >= STROKE)) pushTo(out, fields[b.field]!, b.bubble);
    }
  }
  return out;
}

/**
 * Each bubble's usual darkness along its even rays: the page's (`usual`), or where more is printed round it, the
 * print of its place (the same option of fields of as many options) or of its field (of MANY options or more). A
 * group's print along a ray is the lightest PLACE_AT of its bubbles that see the ray, PLACE_MIN or more: what every
 * one of them carries, the rule of a table over the first digit of every exam-number column and under the last
 * (the place), beside the outer columns' every digit (the field). Read against the page's bubbles alone, whose most
 * lie mid-table, those rules inked most of the few rays a tight grid leaves seen round such a bubble: on sample6's
 * real sheets a fit moved 1–1.5 px raised an exam-number column as ringed in 7 of 48 reads. Rings on fewer than
 * three quarters of a group leave its lightest quarter paper; a place inked along three quarters of its rays, as
 * rings on most of it ink them (a student who ringed one option all down the page), has no print.
 */
function printAround(looked: Looked[], fields: Field[], usual: Float32Array): Map<Looked, Float32Array> {
  const out = new Map<Looked, Float32Array>(looked.map((b) => [b, Float32Array.from(usual)]));
  const groupings = [
    { keyOf: (b: Looked) => placeOf(fields, b), least: PLACE_MIN, ringable: true },
    // a field of MANY options is an exam-number column (one digit each) or a long list: no student rings three
    // quarters of it, and the rules beside it, as the fit moves them into its rays, are its print
    { keyOf: (b: Looked) => String(b.field), least: MANY, ringable: false },
  ];
  for (const { keyOf, least, ringable } of groupings) {
    const groups = new Map<string, Looked[]>();
    for (const b of looked) pushTo(groups, keyOf(b), b);
    for (const group of groups.values()) {
      if (group.length < least) continue;
      const u = new Float32Array(RAYS);
      const seen = quantiles(group, u, EVEN_RAYS, PLACE_AT, PLACE_MIN);
      if (ringable && seen.filter((k) => u[k]! - usual[k]! >= INKED).length >= RING_SHARE * seen.length)
        continue;
      for (const b of group) {
        const own = out.get(b)!;
        for (const k of seen) own[k] = Math.max(own[k]!, u[k]!);
      }
    }
  }
  return out;
}

/**
 * The bubbles of `fields` with a ring drawn round them (`ringed`), and of the `choices` fields (the choice
 * questions: an exam-number column is not ticked, and its print differs column to column) those with a tick after
 * them (`ticked`). Fields in `skip` (raised already: under a wide streak, paper over their print) are not looked at.
 * `blank`: the page's printed blank, for the places where most ticks are (tickedBeside).
 */
export function marksRoundBubbles(
  img: GreyImage,
  h: Matrix3,
  fields: Field[],
  skip: ReadonlySet<Field>,
  hidden: HiddenColumns = [],
  choices: ReadonlySet<Field> = new Set(),
  blank?: GreyImage,
): { ringed: MarkedBubbles; ticked: MarkedBubbles } {
  const all = fields.flatMap((f) => f.bubbles.map((b) => b.rect));
  const prints = printBoxes(all);
  // First every other ray of every bubble (half the samples): the page's usual level along them, and the few
  // bubbles a ring could be round. A ring leaves at most a quarter of all 16 rays uninked, so at most that many
  // of the even ones: the bubbles with more uninked are done with.
  const looked: Looked[] = [];
  let i = 0;
  fields.forEach((f, fi) => {
    if (skip.has(f)) {
      i += f.bubbles.length;
      return;
    }
    f.bubbles.forEach((b, bi) => {
      const index = i++;
      const near = neighbours(prints, index, b.rect);
      const at = localMap(h, b.rect);
      const rays = new Float32Array(RAYS);
      hist.fill(0);
      const n = sampleRays(img, { rect: b.rect, at, near }, prints.box, hidden, EVEN_RAYS, rays);
      // the PAPER_AT quantile of its samples (the paper lies near it)
      const paper = paperOf(n);
      const looks: Looked = {
        field: fi,
        bubble: bi,
        index,
        rect: b.rect,
        at,
        near,
        paper: Math.max(40, paper),
        rays,
      };
      darkness(rays, looks.paper, EVEN_RAYS);
      looked.push(looks);
    });
  });
  const usual = new Float32Array(RAYS);
  medians(looked, usual, EVEN_RAYS);
  const printed = printAround(looked, fields, usual);
  const candidates = looked.filter((b) => {
    const { seen, inked } = inkedRays(b, printed.get(b)!, 0);
    return seen - inked <= (1 - RING_SHARE) * (seen + RAYS / 2);
  });
  // Then the odd rays of those; their usual level is the darker of their neighbours' (a few bubbles give no median;
  // a rule across one ray crosses the next, and half its darkness made the ray beside printed rays inked)
  for (const b of candidates) {
    sampleRays(img, b, prints.box, hidden, ODD_RAYS, b.rays);
    darkness(b.rays, b.paper, ODD_RAYS);
    const u = printed.get(b)!;
    for (let k = 1; k < RAYS; k += 2) u[k] = Math.max(u[k - 1]!, u[(k + 1) % RAYS]!);
  }
  const ringed: MarkedBubbles = new Map();
  for (const b of candidates) {
    const { seen, inked } = inkedRays(b, printed.get(b)!, 'all');
    if (seen < MIN_RAYS || inked < RING_SHARE * seen) continue;
    pushTo(ringed, fields[b.field]!, b.bubble);
  }
  const clear = choices.size > 0 ? printBoxes(all, TICK_CLEAR) : prints;
  return { ringed, ticked: tickedBeside(img, looked, fields, choices, clear, hidden, blank) };
}
