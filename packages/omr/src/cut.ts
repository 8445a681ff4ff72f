import type { TemplateRect } from '@yj/contracts';
import type { Matrix3 } from './geometry';
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
  for (let j = 0; j < height; j++) {
    // pixel centres: output pixel (i, j) is template point (x + i + ½, y + j + ½); sampled at the image
    // point of that centre minus ½ since image pixel k covers [k, k + 1)
    const ty = r.y + j + 0.5;
    for (let i = 0; i < width; i++) {
      const tx = r.x + i + 0.5;
      const w = m[6] * tx + m[7] * ty + m[8];
      const x = (m[0] * tx + m[1] * ty + m[2]) / w - 0.5;
      const y = (m[3] * tx + m[4] * ty + m[5]) / w - 0.5;
      data[j * width + i] = Math.round(bilinear(img, x, y));
    }
  }
  return { width, height, data };
}

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
