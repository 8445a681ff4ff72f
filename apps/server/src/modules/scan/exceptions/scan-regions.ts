import type { ImageBox, StoredPageResult, TemplatePage } from '@yj/contracts';
import { applyH, manualAnchorPoints, pageFields, type Field, type Matrix3 } from '@yj/omr';

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The template → image matrix a stored page result was registered with; null when it did not register. */
export function registeredMatrix(result: StoredPageResult | null): Matrix3 | null {
  return result && 'registration' in result ? (result.registration?.matrix ?? null) : null;
}

/** A template rectangle mapped through the page's matrix: the bounding box in image pixels. */
export function mapBox(m: Matrix3, r: Rect): ImageBox {
  const c = [
    applyH(m, { x: r.x, y: r.y }),
    applyH(m, { x: r.x + r.w, y: r.y }),
    applyH(m, { x: r.x + r.w, y: r.y + r.h }),
    applyH(m, { x: r.x, y: r.y + r.h }),
  ];
  const xs = c.map((p) => p.x);
  const ys = c.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return {
    x: Math.round(x),
    y: Math.round(y),
    w: Math.round(Math.max(...xs) - x),
    h: Math.round(Math.max(...ys) - y),
  };
}

const union = (rs: Rect[]): Rect | null => {
  if (!rs.length) return null;
  const x = Math.min(...rs.map((r) => r.x));
  const y = Math.min(...rs.map((r) => r.y));
  return {
    x,
    y,
    w: Math.max(...rs.map((r) => r.x + r.w)) - x,
    h: Math.max(...rs.map((r) => r.y + r.h)) - y,
  };
};

/**
 * The fields of a template page an exception's region names (a question, the exam number, A/B, absent,
 * optional, a 打分栏), or the rectangle of an answer box (主观题).
 */
export function regionFields(
  page: TemplatePage,
  region: string | null,
): { fields: Field[]; rect: Rect | null; choice?: true } {
  if (!region) return { fields: [], rect: null };
  const f = pageFields(page);
  const en = page.examNumber;
  if (en && (region === en.name || region === '考号')) {
    if (en.kind !== 'bubbles') return { fields: [], rect: en.rect };
    return { fields: f.examNumber, rect: union(f.examNumber.flatMap((x) => x.bubbles.map((b) => b.rect))) };
  }
  const answerBox = page.subjective.find((b) => b.name === region);
  if (answerBox) return { fields: [], rect: answerBox.rect };
  // a 打分栏 by its name: every digit (its fields keep their own names, 十位 / 个位)
  const strip = f.scores.find((x) => x.name === region);
  if (strip)
    return { fields: strip.fields, rect: union(strip.fields.flatMap((x) => x.bubbles.map((b) => b.rect))) };
  const all: Field[] = [
    ...f.objective.map((o) => o.field),
    ...(f.ab ? [f.ab] : []),
    ...(f.absent ? [f.absent] : []),
    ...f.optional,
  ];
  const fields = all.filter((x) => x.name === region || x.name.startsWith(`${region}#`));
  const rect = union(fields.flatMap((x) => x.bubbles.map((b) => b.rect)));
  // one choice question: what raised it may lie after its last option (a tick)
  const choice = fields.length === 1 && f.objective.some((o) => o.field === fields[0]);
  return { fields, rect, ...(choice ? { choice: true as const } : {}) };
}

/** Where to draw an exception's region on the page image, with each bubble's box and fill. */
export function highlight(
  page: TemplatePage,
  matrix: Matrix3,
  region: string | null,
  fills: number[] | null,
): { box: ImageBox; bubbles: { label: string; box: ImageBox; fill: number | null }[] } | null {
  const { fields, rect, choice } = regionFields(page, region);
  if (!rect) return null;
  // a choice question's row shows the paper after its last option too: a tick there (…有选项旁打了勾) is why
  // it was raised, and the person must see it
  const after = choice ? Math.max(...fields[0]!.bubbles.map((b) => b.rect.w)) : 0;
  const grow = { x: rect.x - 6, y: rect.y - 6, w: rect.w + 12 + after, h: rect.h + 12 };
  // one field, or several whose fills were kept in order (a 打分栏: every digit's bubbles)
  const flat = fields.flatMap((x) => x.bubbles);
  const bubbles = fields.length === 1 || (fills && fills.length === flat.length) ? flat : [];
  return {
    box: mapBox(matrix, grow),
    bubbles: bubbles.map((b, i) => ({
      label: b.label,
      box: mapBox(matrix, b.rect),
      fill: fills?.[i] ?? null,
    })),
  };
}

/** The labels a person may choose for a region (the bubbles of its one field). */
export function regionOptions(page: TemplatePage, region: string | null): string[] {
  const { fields } = regionFields(page, region);
  return fields.length === 1 ? fields[0]!.bubbles.map((b) => b.label) : [];
}

/** The anchors a person marks on a page that did not register. */
export const anchorNames = (page: TemplatePage): { name: string }[] =>
  manualAnchorPoints(page).map((a) => ({ name: a.name }));
