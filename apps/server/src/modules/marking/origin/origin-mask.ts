import type { TemplatePage, TemplateRect } from '@yj/contracts';
import { expandBlock } from '@yj/omr';

// The rule of what is masked lives here; the pixel work (regions through the registration, painted grey) with
// the paper-image service's cuts, on its worker threads (scan/image/cut-pixels.ts).
export { MASK_GREY, paint, toPixels, type PixelRect } from '../../scan/image/cut-pixels';

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
