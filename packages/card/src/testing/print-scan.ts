import type { CardTemplate, TemplatePage } from '@yj/contracts';
import { pageFields, type Field } from '@yj/omr';
import { decodeGrey } from '@yj/omr/node';
import { createRng, type Difficulty, type Rng, type SheetAnswers } from '@yj/scan-sim';
// The simulator's pencil and scanner models, applied to our own printed PDF page instead of its SVG print.
import { drawScan, STUDENTS } from '../../../../tools/scan-sim/src/difficulty';
import { markBubble, scribble, type MarkKind } from '../../../../tools/scan-sim/src/marks';
import type { Raster } from '../../../../tools/scan-sim/src/raster';
import { scanPage } from '../../../../tools/scan-sim/src/scan';

// Test helpers for the round trip: chosen answers for a page, the PDF page rasterised with mupdf,
// filled with pencil marks and scanned by the simulator.

/** Deterministic, complete answers for one page: every question answered, exam number, A/B, 选做, scores. */
export function chosenAnswers(page: TemplatePage, seed: number, examNumber: string): SheetAnswers {
  const rng = createRng(seed);
  const f = pageFields(page);
  const objective: Record<string, string[]> = {};
  for (const o of f.objective) {
    const labels = o.field.bubbles.map((b) => b.label);
    if (o.kind !== 'multi') objective[o.field.name] = [rng.pick(labels)];
    else {
      const chosen = labels.filter(() => rng.chance(0.5));
      objective[o.field.name] = chosen.length ? chosen : [labels[0]!];
    }
  }
  const optional: Record<string, string | null> = {};
  for (const o of f.optional) optional[o.name] = rng.pick(o.bubbles.map((b) => b.label));
  // The simulator marks tens as "10" (or nothing) and units as the last digit: keep within what the strip offers.
  const scores: Record<string, number> = {};
  for (const s of f.scores) {
    const hasTens = s.fields.length > 1 && s.fields[0]!.bubbles[0]!.label === '10';
    const units = s.fields[hasTens ? 1 : 0]!.bubbles.length - 1;
    scores[s.name] = hasTens ? rng.int(0, 10 + units) : 0;
  }
  return {
    examNumber: f.examNumber.length || page.examNumber ? examNumber : null,
    objective,
    ab: f.ab ? 'A' : null,
    absent: false,
    optional,
    scores,
  };
}

function selections(page: TemplatePage, a: SheetAnswers): { field: Field; labels: string[] }[] {
  const f = pageFields(page);
  const out: { field: Field; labels: string[] }[] = [];
  f.examNumber.forEach((d, i) => out.push({ field: d, labels: a.examNumber?.[i] ? [a.examNumber[i]!] : [] }));
  for (const o of f.objective) out.push({ field: o.field, labels: a.objective[o.field.name] ?? [] });
  if (f.ab && a.ab) out.push({ field: f.ab, labels: [a.ab] });
  for (const o of f.optional) out.push({ field: o, labels: a.optional[o.name] ? [a.optional[o.name]!] : [] });
  for (const s of f.scores) {
    const v = a.scores[s.name] ?? 0;
    const [tens, units] = s.fields.length > 1 ? s.fields : [undefined, s.fields[0]];
    if (tens && v >= 10) out.push({ field: tens, labels: ['10'] });
    if (units) out.push({ field: units, labels: [String(v % 10)] });
  }
  return out;
}

function kindOf(rng: Rng, w: Partial<Record<MarkKind, number>>): MarkKind {
  const entries = Object.entries(w) as [MarkKind, number][];
  let r = rng.next() * entries.reduce((s, [, v]) => s + v, 0);
  for (const [k, v] of entries) {
    r -= v;
    if (r <= 0) return k;
  }
  return entries[0]![0];
}

/** Page `index` of a PDF rendered at `dpi` as greyscale (mupdf). */
export async function rasterisePdf(pdf: Uint8Array, index: number, dpi: number): Promise<Raster> {
  const mupdf = await import('mupdf');
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const pix = doc
    .loadPage(index)
    .toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceGray, false);
  const width = pix.getWidth();
  const height = pix.getHeight();
  const stride = pix.getStride();
  const src = pix.getPixels();
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) data.set(src.subarray(y * stride, y * stride + width), y * width);
  return { width, height, data };
}

/** Fills a printed page raster with pencil marks for `answers`, then scans it: JPEG like a scanner's. */
export async function fillAndScan(
  printed: Raster,
  page: TemplatePage,
  answers: SheetAnswers,
  o: { seed: number; difficulty: Difficulty; dpi: number },
): Promise<Buffer> {
  const rng = createRng(o.seed);
  const k = o.dpi / page.dpi;
  const raster: Raster = {
    width: printed.width,
    height: printed.height,
    data: Uint8Array.from(printed.data),
  };
  const prof = STUDENTS[o.difficulty];
  for (const { field, labels } of selections(page, answers)) {
    for (const b of field.bubbles) {
      if (!labels.includes(b.label)) continue;
      const kind = kindOf(rng, prof.kinds);
      const dark = kind === 'light' ? rng.range(...prof.lightDarkness) : rng.range(...prof.darkness);
      markBubble(raster, rng, b.rect, k, kind, dark);
    }
  }
  const scored = new Set(page.scoreBoxes.map((s) => s.question));
  for (const s of page.subjective) scribble(raster, rng, s.rect, k, scored.has(s.question) ? 130 : 60);
  const scan = drawScan(rng, o.difficulty, o.dpi);
  return (await scanPage(raster, scan, rng)).jpeg;
}

/** A JPEG as the greyscale image recognition takes. */
export const greyImage = decodeGrey;

/** Template page by index. */
export function templatePage(card: CardTemplate, index: number): TemplatePage {
  const p = card.pages.find((x) => x.index === index);
  if (!p) throw new Error(`no page ${index}`);
  return p;
}
