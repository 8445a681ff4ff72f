import type { CardTemplate, TemplatePage, TemplateRect } from '@yj/contracts';
import { pageFields, type Field, type Matrix3 } from '@yj/omr';
import type { SheetAnswers } from './answers';
import { drawDpi, drawScan, STUDENTS, type Difficulty, type StudentProfile } from './difficulty';
import { markBubble, strayMark, writeInk, type MarkKind, type SubjectiveInk } from './marks';
import type { PrintStyle } from './card-svg';
import { printedPage, type Raster } from './raster';
import { createRng, type Rng } from './rng';
import { multiplyH } from '@yj/omr';
import { scanPage, type ScanParams } from './scan';
import { pasteBarcode } from './sticker';
import { foldCorner, hiddenByFold, type DogEar } from './dog-ear';
import { drawPhoto, photographPage, type PhotoParams } from './photo';
import { showThrough, type ShowThrough } from './show-through';
import { stretchUnevenly, type UnevenStretch } from './stretch';

/** Everything known about a simulated scan: what was meant, what was drawn, how it was scanned. */
export interface SheetTruth {
  templateId: string;
  pageIndex: number;
  blank: boolean;
  difficulty: Difficulty;
  seed: number;
  dpi: number;
  scan: ScanParams;
  /** Set when the sheet was photographed with a phone instead of scanned (then `scan` is unused). */
  photo?: PhotoParams;
  width: number;
  height: number;
  /** Template px → image px. */
  transform: Matrix3;
  answers: SheetAnswers;
  marks: { field: string; label: string; kind: MarkKind; darkness: number }[];
  /** What each subjective box holds (blank: nothing written). */
  inks: { question: string; kind: SubjectiveInk['kind'] }[];
  /** Regions where a person is rightly needed (double marks, absent mark, missing A/B, hidden by a fold). */
  expectExceptions: string[];
  /** The corner folded over before scanning, if one was. */
  fold?: DogEar;
}

/** Options of one simulated sheet. */
export interface SimulateOptions {
  seed: number;
  difficulty: Difficulty;
  dpi?: number;
  colour?: boolean;
  /** Forces the feed rotation (otherwise drawn by difficulty). */
  feed?: ScanParams['feed'];
  /** How the sheet is printed (grey or L-shaped anchors, letters in bubbles); default: our own print. */
  print?: PrintStyle;
  /** A 1-bit scan: error-diffusion dithered to black and white, saved as PNG (`jpeg` then holds PNG bytes). */
  bitonal?: boolean;
  /** A 1-bit scan by this fixed threshold instead (scan.ts ScanParams.threshold): no dots, what is lighter is gone. */
  threshold?: number;
  /** Photographed with a phone on a desk (perspective, background, light falloff and shadow, blur) instead of scanned. */
  photo?: boolean;
  /** Stores the JPEG turned with this EXIF orientation tag (the truth stays in the displayed frame). */
  exifOrientation?: ScanParams['exifOrientation'];
  /** Lines down the scan from dirt on the scanner's glass (positions across the scan as stored). */
  streaks?: ScanParams['streaks'];
  /** How answers are marked, in place of the difficulty's weights (e.g. some options ringed, `circle`). */
  kinds?: StudentProfile['kinds'];
  /**
   * How the answers of the questions named are marked (e.g. `{ '3': 'beside' }`: ticked after the option), whatever
   * the weights say. The random draws are made either way, so the rest of the sheet does not change.
   */
  markAs?: Record<string, MarkKind>;
  /**
   * The sheet's other side, showing through thin paper (透印, show-through.ts): its page, its answers and the seed
   * its own simulated scan takes. Nothing there is to be read or raised on this side.
   */
  behind?: { pageIndex: number; answers: SheetAnswers; seed: number; through: ShowThrough };
  /** The layout stretched unevenly down or across the sheet (stretch.ts): photocopied, damp, a slipping feeder. */
  stretch?: UnevenStretch;
  /**
   * The seed of a second pass of the same marked sheet through the scanner (a sheet scanned again): the marks as
   * `seed` draws them, the scan as this seed draws it.
   */
  rescan?: number;
  /** A blank back instead of the printed page. */
  blank?: boolean;
  /** A corner folded over before scanning (dog-ear.ts): its fields are hidden, and expected to be raised. */
  fold?: DogEar;
  /** The scanner's backing where no paper lies (scan.ts ScanParams.backing): 255 white when absent, ~30 black. */
  backing?: number;
  /**
   * What to write in subjective boxes, by box question (e.g. `'41'`); a box not named keeps the random
   * choice (85 % written). The random draws are made either way, so the rest of the sheet does not change.
   */
  ink?: Record<string, SubjectiveInk>;
  title?: string;
}

function weighted<T extends string>(rng: Rng, w: Partial<Record<T, number>>): T {
  const entries = Object.entries(w) as [T, number][];
  let r = rng.next() * entries.reduce((s, [, v]) => s + v, 0);
  for (const [k, v] of entries) {
    r -= v;
    if (r <= 0) return k;
  }
  return entries[0]![0];
}

function selections(page: TemplatePage, a: SheetAnswers): { field: Field; labels: string[] }[] {
  const f = pageFields(page);
  const out: { field: Field; labels: string[] }[] = [];
  f.examNumber.forEach((d, i) => out.push({ field: d, labels: a.examNumber?.[i] ? [a.examNumber[i]!] : [] }));
  for (const o of f.objective) out.push({ field: o.field, labels: a.objective[o.field.name] ?? [] });
  if (f.ab) out.push({ field: f.ab, labels: a.ab ? [a.ab] : [] });
  if (f.absent) out.push({ field: f.absent, labels: a.absent ? ['absent'] : [] });
  for (const o of f.optional) out.push({ field: o, labels: a.optional[o.name] ? [a.optional[o.name]!] : [] });
  for (const s of f.scores) {
    const v = a.scores[s.name] ?? 0;
    const [tens, units] = s.fields;
    if (tens) out.push({ field: tens, labels: [v >= 10 ? '10' : '0'] });
    if (units) out.push({ field: units, labels: [String(v % 10)] });
  }
  return out;
}

function expected(page: TemplatePage, a: SheetAnswers): string[] {
  const f = pageFields(page);
  const out: string[] = [];
  for (const o of f.objective)
    if (o.kind !== 'multi' && (a.objective[o.field.name]?.length ?? 0) > 1) out.push(o.field.name);
  if (f.absent && a.absent) out.push(f.absent.name);
  if (f.ab && !a.ab) out.push(f.ab.name);
  return out;
}

/**
 * Regions of the fields where an option was ringed or ticked beside instead of filled (`circle`, `beside`
 * marks): a person decides whether the ring or the tick counts. A score strip's digit is raised as its strip.
 */
function ringed(page: TemplatePage, marks: SheetTruth['marks']): string[] {
  const rings = new Set(marks.filter((m) => m.kind === 'circle' || m.kind === 'beside').map((m) => m.field));
  if (rings.size === 0) return [];
  const strips = pageFields(page).scores;
  return [...rings].map((name) => strips.find((s) => s.fields.some((d) => d.name === name))?.name ?? name);
}

/**
 * Answers erased and marked again: a share of the answered fields keeps a smudge of the erased mark on
 * one of its other bubbles (`residue` × the sheet's `level`), lighter than the real mark beside it.
 */
function refills(
  raster: Raster,
  rng: Rng,
  sel: { field: Field; labels: string[] }[],
  share: [number, number],
  residue: [number, number],
  level: number,
  k: number,
  marks: SheetTruth['marks'],
): void {
  const p = rng.range(...share);
  for (const { field, labels } of sel) {
    if (labels.length === 0 || !rng.chance(p)) continue;
    const free = field.bubbles.filter((b) => !labels.includes(b.label));
    if (free.length === 0) continue;
    const b = rng.pick(free);
    const dark = level * rng.range(...residue);
    markBubble(raster, rng, b.rect, k, 'residue', dark);
    marks.push({ field: field.name, label: b.label, kind: 'residue', darkness: dark });
  }
}

function drawMarks(
  raster: Raster,
  page: TemplatePage,
  a: SheetAnswers,
  rng: Rng,
  d: Difficulty,
  k: number,
  ink: Record<string, SubjectiveInk> = {},
  inks: SheetTruth['inks'] = [],
  kinds?: StudentProfile['kinds'],
  markAs: Record<string, MarkKind> = {},
): SheetTruth['marks'] {
  const prof = STUDENTS[d];
  const marks: SheetTruth['marks'] = [];
  const sel = selections(page, a);
  const level = prof.sheetLevel ? rng.range(...prof.sheetLevel) : 0;
  for (const { field, labels } of sel) {
    for (const b of field.bubbles) {
      if (!labels.includes(b.label)) continue;
      const drawn = weighted<MarkKind>(rng, kinds ?? prof.kinds);
      const kind = markAs[field.name] ?? drawn;
      const dark = prof.sheetLevel
        ? level * rng.range(0.85, 1.15)
        : kind === 'light'
          ? rng.range(...prof.lightDarkness)
          : rng.range(...prof.darkness);
      markBubble(raster, rng, b.rect, k, kind, dark);
      marks.push({ field: field.name, label: b.label, kind, darkness: dark });
    }
  }
  if (prof.refill) refills(raster, rng, sel, prof.refill, prof.residue, level, k, marks);
  if (rng.chance(prof.erasure)) {
    const n = rng.int(1, 3);
    for (let i = 0; i < n; i++) {
      const { field, labels } = rng.pick(sel.filter((s) => s.labels.length > 0));
      const free = field.bubbles.filter((b) => !labels.includes(b.label));
      if (free.length === 0) continue;
      const b = rng.pick(free);
      const dark = rng.range(...prof.residue);
      markBubble(raster, rng, b.rect, k, 'residue', dark);
      marks.push({ field: field.name, label: b.label, kind: 'residue', darkness: dark });
    }
  }
  const scoreTop = new Set(page.scoreBoxes.map((s) => s.question));
  for (const s of page.subjective) {
    const drawn = rng.chance(0.85);
    const want: SubjectiveInk = ink[s.question] ?? { kind: drawn ? 'full' : 'blank' };
    writeInk(raster, rng, s.rect, k, scoreTop.has(s.question) ? 130 : 60, want, createRng);
    inks.push({ question: s.question, kind: want.kind });
  }
  const strays = rng.int(...prof.strayMarks);
  for (let i = 0; i < strays && page.subjective.length > 0; i++) {
    const box: TemplateRect = rng.pick(page.subjective).rect;
    strayMark(raster, rng, { x: box.x + 20, y: box.y + 140, w: box.w - 40, h: box.h - 160 }, k);
  }
  return marks;
}

/** One side of a sheet as printed and marked, before it is scanned (a blank one: paper alone). */
async function markedSide(
  card: CardTemplate,
  page: TemplatePage,
  answers: SheetAnswers,
  o: SimulateOptions,
  dpi: number,
  rng: Rng,
): Promise<{ raster: Raster; marks: SheetTruth['marks']; inks: SheetTruth['inks'] }> {
  const k = dpi / page.dpi;
  const printed = await printedPage(page, card.id, o.title ?? card.name, dpi, o.print);
  const raster: Raster = {
    width: printed.width,
    height: printed.height,
    data: o.blank ? new Uint8Array(printed.data.length).fill(255) : Uint8Array.from(printed.data),
  };
  const inks: SheetTruth['inks'] = [];
  const marks = o.blank
    ? []
    : drawMarks(raster, page, answers, rng, o.difficulty, k, o.ink, inks, o.kinds, o.markAs);
  const en = page.examNumber;
  if (!o.blank && en && en.kind !== 'bubbles' && answers.examNumber)
    await pasteBarcode(raster, en.rect, k, en.kind, answers.examNumber);
  return { raster, marks, inks };
}

/**
 * Lays the sheet's other side over `raster` as it shows through the paper. The other side is marked as its own
 * simulated scan marks it (its seed, its draws before the marks made again), at this side's resolution.
 */
async function throughFromBehind(
  raster: Raster,
  card: CardTemplate,
  o: SimulateOptions,
  behind: NonNullable<SimulateOptions['behind']>,
  dpi: number,
): Promise<void> {
  const page = card.pages.find((p) => p.index === behind.pageIndex);
  if (!page) throw new Error(`card ${card.id} has no page ${behind.pageIndex}`);
  const rng = createRng(behind.seed);
  if (o.dpi === undefined) drawDpi(rng, o.difficulty);
  drawScan(rng, o.difficulty, dpi);
  const { kinds, print, title, difficulty } = o;
  const side = await markedSide(
    card,
    page,
    behind.answers,
    {
      seed: behind.seed,
      difficulty,
      ...(kinds ? { kinds } : {}),
      ...(print ? { print } : {}),
      ...(title ? { title } : {}),
    },
    dpi,
    rng,
  );
  await showThrough(raster, side.raster, behind.through, dpi);
}

/** Renders one scanned page of `card` with `answers` marked, and its truth. Deterministic per seed. */
export async function simulateSheet(
  card: CardTemplate,
  pageIndex: number,
  answers: SheetAnswers,
  o: SimulateOptions,
): Promise<{ jpeg: Buffer; truth: SheetTruth }> {
  const page = card.pages.find((p) => p.index === pageIndex);
  if (!page) throw new Error(`card ${card.id} has no page ${pageIndex}`);
  const rng = createRng(o.seed);
  const dpi = o.dpi ?? drawDpi(rng, o.difficulty);
  const k = dpi / page.dpi;
  const drawn = drawScan(rng, o.difficulty, dpi);
  // the same marked sheet through the scanner again: its own skew, light, noise and JPEG (the marks are drawn
  // from `seed` either way, after the first pass's scan draws, so they stay stroke for stroke)
  const again = o.rescan === undefined ? null : createRng(o.rescan);
  const scan = again ? drawScan(again, o.difficulty, dpi) : drawn;
  if (o.colour !== undefined) scan.colour = o.colour;
  if (o.feed !== undefined) scan.feed = o.feed;
  if (o.exifOrientation !== undefined) scan.exifOrientation = o.exifOrientation;
  if (o.bitonal) scan.bitonal = true;
  if (o.threshold !== undefined) scan.threshold = o.threshold;
  if (o.streaks) scan.streaks = o.streaks;
  if (o.backing !== undefined) scan.backing = o.backing;
  const { raster, marks, inks } = await markedSide(card, page, answers, o, dpi, rng);
  if (o.behind && !o.blank) await throughFromBehind(raster, card, o, o.behind, dpi);
  if (o.stretch) stretchUnevenly(raster, o.stretch, dpi);
  const folded = o.fold && !o.blank ? o.fold : undefined;
  const bare = folded ? foldCorner(raster, folded, dpi) : undefined;
  // where the corner left, a dark backing shows (a white one looks as the raster's white already does)
  if (bare && o.backing !== undefined) scan.holes = [bare];
  // the photo's own draws come from their own stream: the marks above stay those of the scanned sheet
  const photo = o.photo ? drawPhoto(createRng(o.seed * 7 + 5), raster.width, raster.height) : undefined;
  const { jpeg, m, width, height } = photo
    ? await photographPage(raster, photo, rng)
    : await scanPage(raster, scan, again ?? rng);
  const transform = multiplyH(m, [k, 0, 0, 0, k, 0, 0, 0, 1]);
  const { dpi: _d, ...scanParams } = scan;
  return {
    jpeg,
    truth: {
      templateId: card.id,
      pageIndex,
      blank: !!o.blank,
      difficulty: o.difficulty,
      seed: o.seed,
      dpi,
      scan: scanParams,
      ...(photo ? { photo } : {}),
      width,
      height,
      transform,
      answers,
      marks,
      inks,
      expectExceptions: o.blank
        ? []
        : [
            ...new Set([
              ...expected(page, answers),
              ...ringed(page, marks),
              ...(folded ? hiddenByFold(page, folded) : []),
            ]),
          ],
      ...(folded ? { fold: folded } : {}),
    },
  };
}
