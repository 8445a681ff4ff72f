import sharp from 'sharp';
import type { TemplatePage, TemplateRect } from '@yj/contracts';
import { applyH, type Matrix3 } from '@yj/omr';

/** Template rectangles (grown by `grow` template pixels each side) painted in one colour on a simulated scan. */
async function paint(
  jpeg: Buffer,
  rects: TemplateRect[],
  transform: Matrix3,
  background: string,
  grow: number,
): Promise<Buffer> {
  const boxes = rects.map((r) => {
    const c = [
      applyH(transform, { x: r.x - grow, y: r.y - grow }),
      applyH(transform, { x: r.x + r.w + grow, y: r.y + r.h + grow }),
    ];
    const left = Math.max(0, Math.round(Math.min(c[0]!.x, c[1]!.x)));
    const top = Math.max(0, Math.round(Math.min(c[0]!.y, c[1]!.y)));
    const width = Math.max(1, Math.round(Math.abs(c[1]!.x - c[0]!.x)));
    const height = Math.max(1, Math.round(Math.abs(c[1]!.y - c[0]!.y)));
    return { input: { create: { width, height, channels: 3 as const, background } }, left, top };
  });
  return sharp(jpeg).composite(boxes).jpeg({ quality: 90 }).toBuffer();
}

/**
 * Whites out the first `count` anchors of a simulated scan (template → image `transform` from its truth):
 * the page cannot register by itself and becomes a 定位异常 a person fixes by marking the anchors.
 */
export function coverAnchors(
  jpeg: Buffer,
  page: TemplatePage,
  transform: Matrix3,
  count = 2,
): Promise<Buffer> {
  return paint(
    jpeg,
    page.anchors.slice(0, count).map((a) => a.rect),
    transform,
    '#ffffff',
    12,
  );
}

/**
 * Fills template rectangles solid black on a simulated scan: bubbles a hand filled after the sheet was
 * printed (a second digit of a 打分栏), or an answer box blacked out (a fold, a covered area).
 */
export function blacken(jpeg: Buffer, rects: TemplateRect[], transform: Matrix3): Promise<Buffer> {
  return paint(jpeg, rects, transform, '#111111', -2);
}

/**
 * Lays correction tape (修正带) or a correction sticker over template rectangles of a simulated scan: white, a shade
 * brighter than most paper, hiding the print and pencil under it (a student whiting out an answer).
 */
export function tapeOver(jpeg: Buffer, rects: TemplateRect[], transform: Matrix3): Promise<Buffer> {
  return paint(jpeg, rects, transform, '#f4f4f4', 0);
}
