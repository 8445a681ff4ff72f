import type { TemplatePage, TemplateRect } from '@yj/contracts';
import { applyH, expandBlock, type Matrix3 } from '@yj/omr';

/** A rectangle of image pixels, integer, inside the image. */
export interface PixelRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

// Around a masked region, so a pen stroke or a slightly shifted scan never shows past its edge: template
// pixels (at 200 dpi, 24 px is 3 mm).
const PAD = 24;

function bounds(rects: TemplateRect[]): TemplateRect | null {
  if (!rects.length) return null;
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.w));
  const bottom = Math.max(...rects.map((r) => r.y + r.h));
  return { x, y, w: right - x, h: bottom - y };
}

/** The exam-number area of a page in template pixels: its bubbles' extent, or its barcode / QR box. */
export function examNumberRect(page: TemplatePage): TemplateRect | null {
  const en = page.examNumber;
  if (!en) return null;
  if (en.kind !== 'bubbles') return en.rect;
  return bounds(expandBlock(en, (i) => String(i)).flatMap((f) => f.bubbles.map((b) => b.rect)));
}

/**
 * The regions of a template page that identify the student, in template pixels (originPicAndAnswer: the
 * marker never sees who wrote the paper). The template names the exam-number area (bubbles, barcode or QR)
 * and the page QR but not where the name is written: cards put the name, class and seat fields in the head
 * of the column that holds the exam number, above or beside it (packages/card header.ts; third-party cards
 * alike). So the band over the exam number's column, from the top of the page (or the last answer box above
 * it) down to just below the exam number, is masked — as wide as it can go before an answer box beside it
 * (the card's subjective boxes and the block's own regions, `keep`), so an answer is never hidden. The
 * exam-number area itself is masked whatever lies near it.
 */
export function identityRegions(page: TemplatePage, keep: readonly TemplateRect[] = []): TemplateRect[] {
  const out: TemplateRect[] = [];
  if (page.identity) out.push(grow(page.identity.rect, PAD));
  const en = examNumberRect(page);
  if (!en) return out;
  out.push(grow(en, PAD));
  const boxes = [...page.subjective.map((s) => s.rect), ...keep];
  const besideEn = (r: TemplateRect) => r.y < en.y + en.h && r.y + r.h > en.y;
  const left = Math.max(0, ...boxes.filter((r) => r.x + r.w <= en.x && besideEn(r)).map((r) => r.x + r.w));
  const right = Math.min(
    page.width,
    ...boxes.filter((r) => r.x >= en.x + en.w && besideEn(r)).map((r) => r.x),
  );
  const inColumn = (r: TemplateRect) => r.x < right && r.x + r.w > left;
  const top = Math.max(0, ...boxes.filter((r) => inColumn(r) && r.y + r.h <= en.y).map((r) => r.y + r.h));
  const bottom = Math.min(
    en.y + en.h + PAD,
    ...boxes.filter((r) => inColumn(r) && r.y > en.y).map((r) => r.y),
  );
  if (right > left && bottom > top) out.push({ x: left, y: top, w: right - left, h: bottom - top });
  return out;
}

const grow = (r: TemplateRect, by: number): TemplateRect => ({
  x: r.x - by,
  y: r.y - by,
  w: r.w + 2 * by,
  h: r.h + 2 * by,
});

/** Template regions as image rectangles through the page's registration (their corners' extent). */
export function toPixels(
  regions: TemplateRect[],
  matrix: Matrix3,
  image: { width: number; height: number },
  pad = 0,
): PixelRect[] {
  const out: PixelRect[] = [];
  for (const r of regions) {
    const corners = [
      { x: r.x - pad, y: r.y - pad },
      { x: r.x + r.w + pad, y: r.y - pad },
      { x: r.x - pad, y: r.y + r.h + pad },
      { x: r.x + r.w + pad, y: r.y + r.h + pad },
    ].map((p) => applyH(matrix, p));
    const x0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.x))));
    const y0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.y))));
    const x1 = Math.min(image.width, Math.ceil(Math.max(...corners.map((c) => c.x))));
    const y1 = Math.min(image.height, Math.ceil(Math.max(...corners.map((c) => c.y))));
    if (x1 > x0 && y1 > y0) out.push({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
  }
  return out;
}

/** The grey of a masked area: plainly not paper, so nobody takes it for a blank head. */
export const MASK_GREY = 160;

/** Paints the rectangles over a greyscale image in place. */
export function paint(img: { width: number; data: Uint8Array }, rects: PixelRect[]): void {
  for (const r of rects)
    for (let y = r.y; y < r.y + r.h; y++)
      img.data.fill(MASK_GREY, y * img.width + r.x, y * img.width + r.x + r.w);
}
