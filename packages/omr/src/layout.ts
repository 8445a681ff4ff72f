import type { TemplatePage } from '@yj/contracts';
import { expandBlock, type Field } from './fields';
import { localMap, OUTLINE_RAYS, outlineRays } from './bubbles';
import { applyH, type Matrix3 } from './geometry';
import { px, type GreyImage } from './image';

/** Every bubble field of a page, by role, in reading order. */
export interface PageFields {
  examNumber: Field[];
  /** `leftAligned`: fewer digits than the grid has may be used, filled from the left. */
  examNumberLength: 'fixed' | 'leftAligned';
  objective: { group: string; kind: 'single' | 'multi' | 'trueFalse'; field: Field }[];
  ab: Field | null;
  absent: Field | null;
  optional: Field[];
  scores: { name: string; question: string; fields: Field[] }[];
}

/** Expands a template page into its fields. */
export function pageFields(page: TemplatePage): PageFields {
  const en = page.examNumber;
  const examNumber = en && en.kind === 'bubbles' ? expandBlock(en, (i) => `${en.name}#${i + 1}`) : [];
  const objective = page.objective.flatMap((g) => {
    const names = (i: number) => g.questions?.[i] ?? String((g.firstQuestion ?? 1) + i);
    return expandBlock(g, names).map((field) => ({ group: g.name, kind: g.kind, field }));
  });
  return {
    examNumber,
    examNumberLength: en && en.kind === 'bubbles' && en.length === 'leftAligned' ? 'leftAligned' : 'fixed',
    objective,
    ab: page.ab ? { name: page.ab.name, bubbles: page.ab.bubbles } : null,
    absent: page.absent
      ? { name: page.absent.name, bubbles: [{ label: 'absent', rect: page.absent.rect }] }
      : null,
    optional: page.optional.map((o) => ({ name: o.name, bubbles: o.bubbles })),
    scores: page.scoreBoxes.map((s) => ({
      name: s.name,
      question: s.question,
      fields: expandBlock(s, (i) => `${s.name}#${i + 1}`),
    })),
  };
}

/** All fields of a page as one list. */
export function allFields(f: PageFields): Field[] {
  return [
    ...f.examNumber,
    ...f.objective.map((o) => o.field),
    ...(f.ab ? [f.ab] : []),
    ...(f.absent ? [f.absent] : []),
    ...f.optional,
    ...f.scores.flatMap((s) => s.fields),
  ];
}

/**
 * How well printed bubble outlines appear where a transform puts them: mean darkness on the inscribed
 * ellipse of up to 120 bubbles. Tells a right-way-up registration from an upside-down one when the anchors
 * are symmetric and the card has no QR.
 */
export function layoutScore(img: GreyImage, h: Matrix3, fields: Field[]): number {
  const bubbles = fields.flatMap((f) => f.bubbles);
  if (bubbles.length === 0) return 0;
  const step = Math.max(1, Math.floor(bubbles.length / 120));
  let sum = 0;
  let n = 0;
  for (let i = 0; i < bubbles.length; i += step) {
    const r = bubbles[i]!.rect;
    const cx = r.x + r.w / 2;
    const cy = r.y + r.h / 2;
    let ring = 0;
    for (let k = 0; k < 12; k++) {
      const a = (k / 12) * Math.PI * 2;
      const q = applyH(h, { x: cx + Math.cos(a) * r.w * 0.48, y: cy + Math.sin(a) * r.h * 0.48 });
      ring += px(img, q.x - 0.5, q.y - 0.5);
    }
    sum += 255 - ring / 12;
    n++;
  }
  return sum / n;
}

/** How many bubbles of a page outlineScore looks at: enough for a steady median, few enough to try many transforms. */
const LAYOUT_BUBBLES = 120;

/**
 * How well the printed bubbles appear where a transform puts them, read as the print check reads them: each ray's
 * print on the typical bubble (the median over up to LAYOUT_BUBBLES bubbles of the darkness outlineRays finds across
 * the outline), averaged over the rays. Beside layoutScore for the registration-trust gate (trust.ts): brackets
 * ([A], print at the sides only) show here as surely as outlines, where the ring meets them at two points of
 * twelve; the darkest of five samples makes it read noise as print on grainy scans, where the ring is steadier.
 * The median, not the mean, so that pencil fills and the few bubbles a wrong transform lays on text or lines do
 * not count as print.
 */
export function outlineScore(img: GreyImage, h: Matrix3, fields: Field[]): number {
  const bubbles = fields.flatMap((f) => f.bubbles);
  if (bubbles.length === 0) return 0;
  const step = Math.max(1, Math.floor(bubbles.length / LAYOUT_BUBBLES));
  const rays = Array.from({ length: OUTLINE_RAYS }, () => [] as number[]);
  for (let i = 0; i < bubbles.length; i += step) {
    // no hidden columns: every ray has its sample (outside the image it is paper)
    const r = bubbles[i]!.rect;
    const grey = outlineRays(img, localMap(h, r), r, null)!;
    for (let k = 0; k < OUTLINE_RAYS; k++) rays[k]!.push(255 - grey[k]!);
  }
  let sum = 0;
  for (const v of rays) sum += v.sort((a, b) => a - b)[v.length >> 1]!;
  return sum / OUTLINE_RAYS;
}
