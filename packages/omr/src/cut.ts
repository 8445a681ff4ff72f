import type { TemplateRect } from '@yj/contracts';
import { applyH, type Matrix3 } from './geometry';
import { bilinear, type GreyImage } from './image';

/**
 * Cuts a template rectangle out of a scanned page through its registration (`m`: template → image), so
 * the cut is deskewed and at template scale whatever the skew, rotation or resolution of the scan: each
 * output pixel is the template point it stands for, mapped into the page and sampled bilinearly. Outside
 * the page reads as white paper. A bounding-box crop of the mapped corners would keep the skew and the
 * neighbouring answers in the corners, which a marker should not see.
 */
export function cutRegion(img: GreyImage, m: Matrix3, r: TemplateRect): GreyImage {
  const width = Math.max(1, Math.round(r.w));
  const height = Math.max(1, Math.round(r.h));
  const data = new Uint8Array(width * height);
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = m;
  const d = img.data;
  const iw = img.width;
  const ih = img.height;
  // Cutting ahead of marking decodes, cuts and encodes every paper's blocks: a point mapped by two divisions
  // and sampled through bilinear() cost 22 ms for 1.3 million pixels (a page's blocks), this loop 7 — the
  // map's terms stepped along the row, one reciprocal, the four pixels read in place. The sample may differ
  // from the two divisions' in its last bits: rounded to a grey level, at most 5 pixels in a million came out
  // one level apart (40 simulated pages, 5 maps from identity to a quarter turn, regions across the edges).
  for (let j = 0; j < height; j++) {
    // pixel centres: output pixel (i, j) is template point (x + i + ½, y + j + ½); sampled at the image
    // point of that centre minus ½ since image pixel k covers [k, k + 1)
    const ty = r.y + j + 0.5;
    const tx = r.x + 0.5;
    let nx = m0 * tx + m1 * ty + m2;
    let ny = m3 * tx + m4 * ty + m5;
    let nw = m6 * tx + m7 * ty + m8;
    const row = j * width;
    for (let i = 0; i < width; i++) {
      const q = 1 / nw;
      const x = nx * q - 0.5;
      const y = ny * q - 0.5;
      nx += m0;
      ny += m3;
      nw += m6;
      // four pixels inside the page (x, y ≥ 0: truncation is the floor); the edge, the outside and a
      // degenerate map (w = 0) through bilinear(), which reads the outside as white paper
      if (x >= 0 && y >= 0 && x < iw - 1 && y < ih - 1) {
        const x0 = x | 0;
        const y0 = y | 0;
        const fx = x - x0;
        const fy = y - y0;
        const k = y0 * iw + x0;
        const top = d[k]! + (d[k + 1]! - d[k]!) * fx;
        const bot = d[k + iw]! + (d[k + iw + 1]! - d[k + iw]!) * fx;
        // ≥ 0: adding ½ and truncating (the byte store) rounds as Math.round does
        data[row + i] = top + (bot - top) * fy + 0.5;
      } else data[row + i] = Math.round(bilinear(img, x, y));
    }
  }
  return { width, height, data };
}

/** Between two regions of a block's cut: a white strip, so the marker sees where one region ends. */
export const CUT_GAP = 12;

/** Stacks greyscale images top to bottom, left-aligned, on white (a block cut from several regions). */
export function stackImages(parts: GreyImage[], gap = 0): GreyImage {
  const width = Math.max(1, ...parts.map((p) => p.width));
  const height = Math.max(1, parts.reduce((s, p) => s + p.height, 0) + gap * Math.max(0, parts.length - 1));
  const data = new Uint8Array(width * height).fill(255);
  let top = 0;
  for (const p of parts) {
    for (let j = 0; j < p.height; j++)
      data.set(p.data.subarray(j * p.width, (j + 1) * p.width), (top + j) * width);
    top += p.height + gap;
  }
  return { width, height, data };
}

/**
 * Where a point of a block's stacked cut (`cutRegion` of each region, `stackImages` with `gap`) lies on the
 * scanned pages: the region it falls in (a point in a gap or beyond goes to the nearest region) and the page
 * pixel through that region's page registration. The cut's point is given as fractions of the cut's width and
 * height (how markers' annotations are kept); `scale` is how many page pixels one cut pixel spans there (for a
 * circle's radius). Null when the cut has no regions or the region's page has no registration.
 */
export function cutPointOnPage<R extends TemplateRect & { page: number }>(
  regions: readonly R[],
  gap: number,
  fx: number,
  fy: number,
  matrixOf: (page: number) => Matrix3 | null,
): { region: number; page: number; x: number; y: number; scale: number } | null {
  if (!regions.length) return null;
  const sizes = regions.map((r) => ({ w: Math.max(1, Math.round(r.w)), h: Math.max(1, Math.round(r.h)) }));
  const width = Math.max(1, ...sizes.map((s) => s.w));
  const height = Math.max(1, sizes.reduce((a, s) => a + s.h, 0) + gap * (regions.length - 1));
  const cx = fx * width;
  const cy = fy * height;
  let top = 0;
  let at = regions.length - 1;
  for (const [i, s] of sizes.entries()) {
    // a point in the gap below a region belongs to the nearer of the two
    if (cy < top + s.h + gap / 2) {
      at = i;
      break;
    }
    top += s.h + gap;
  }
  const r = regions[at]!;
  const s = sizes[at]!;
  const m = matrixOf(r.page);
  if (!m) return null;
  const tx = r.x + Math.min(Math.max(cx, 0), s.w);
  const ty = r.y + Math.min(Math.max(cy - top, 0), s.h);
  const p = applyH(m, { x: tx, y: ty });
  const q = applyH(m, { x: tx + 1, y: ty });
  return { region: at, page: r.page, x: p.x, y: p.y, scale: Math.hypot(q.x - p.x, q.y - p.y) };
}
