import type { SubjectiveBox } from '@yj/contracts';
import { applyH, type Matrix3 } from './geometry';
import type { GreyImage } from './image';
import type { MappedBox, OmrException } from './types';

/** Share of a box's area that may fall off the image (a few pixels of a box drawn to the page edge). */
const OFF_IMAGE = 0.03;
/** A pixel this dark is ink, toner or shadow, never paper (0 black … 255 white). */
const DARK = 80;
/** Dense handwriting covers well under a third of an answer box; more than this is a cover or a fold. */
const COVERED = 0.6;
/** Samples per side of the grid laid over a box. */
const GRID = 40;

/**
 * Why an answer box cannot be marked from this image, if it cannot: cut off by the scan (part of the box
 * lies outside the image) or mostly black (a fold, a covered or blackened area, a scanner streak). Cheap:
 * a 40 × 40 grid of samples per box. Writing itself never trips either rule, so a box a marker sees whole
 * is never raised.
 */
export function subjectiveProblem(
  img: GreyImage,
  h: Matrix3,
  box: SubjectiveBox,
  mapped: MappedBox,
): string | null {
  const b = mapped.bbox;
  const area = b.w * b.h;
  if (area <= 0) return '主观题区域无法定位';
  const ix = Math.max(0, Math.min(img.width, b.x + b.w) - Math.max(0, b.x));
  const iy = Math.max(0, Math.min(img.height, b.y + b.h) - Math.max(0, b.y));
  if (1 - (ix * iy) / area > OFF_IMAGE) return '主观题区域超出图像，扫描不完整，作答可能缺失';
  const r = box.rect;
  // the inner 92 % of the box: its printed frame is not counted
  const mx = r.w * 0.04;
  const my = r.h * 0.04;
  let dark = 0;
  for (let j = 0; j < GRID; j++)
    for (let i = 0; i < GRID; i++) {
      const p = applyH(h, {
        x: r.x + mx + ((r.w - 2 * mx) * (i + 0.5)) / GRID,
        y: r.y + my + ((r.h - 2 * my) * (j + 0.5)) / GRID,
      });
      const xi = Math.round(p.x);
      const yi = Math.round(p.y);
      if (xi >= 0 && yi >= 0 && xi < img.width && yi < img.height && img.data[yi * img.width + xi]! < DARK)
        dark++;
    }
  if (dark / (GRID * GRID) > COVERED) return '主观题区域大面积涂黑或被遮挡，请检查图像';
  return null;
}

/** The 主观题 image doubts of a registered page, one per box that cannot be marked from the image. */
export function subjectiveExceptions(
  img: GreyImage,
  h: Matrix3,
  boxes: SubjectiveBox[],
  mapped: MappedBox[],
): OmrException[] {
  const out: OmrException[] = [];
  boxes.forEach((box, i) => {
    const reason = subjectiveProblem(img, h, box, mapped[i]!);
    if (reason) out.push({ type: 'subjective', region: box.name, reason });
  });
  return out;
}
