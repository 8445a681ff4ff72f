import sharp from 'sharp';
import type { TemplatePage } from '@yj/contracts';
import { applyH, type Matrix3 } from '@yj/omr';

/**
 * Whites out the first `count` anchors of a simulated scan (template → image `transform` from its truth):
 * the page cannot register by itself and becomes a 定位异常 a person fixes by marking the anchors.
 */
export async function coverAnchors(
  jpeg: Buffer,
  page: TemplatePage,
  transform: Matrix3,
  count = 2,
): Promise<Buffer> {
  const boxes = page.anchors.slice(0, count).map((a) => {
    const c = [
      applyH(transform, { x: a.rect.x - 12, y: a.rect.y - 12 }),
      applyH(transform, { x: a.rect.x + a.rect.w + 12, y: a.rect.y + a.rect.h + 12 }),
    ];
    const left = Math.max(0, Math.round(Math.min(c[0]!.x, c[1]!.x)));
    const top = Math.max(0, Math.round(Math.min(c[0]!.y, c[1]!.y)));
    const width = Math.max(1, Math.round(Math.abs(c[1]!.x - c[0]!.x)));
    const height = Math.max(1, Math.round(Math.abs(c[1]!.y - c[0]!.y)));
    return {
      input: { create: { width, height, channels: 3 as const, background: '#ffffff' } },
      left,
      top,
    };
  });
  return sharp(jpeg).composite(boxes).jpeg({ quality: 90 }).toBuffer();
}
