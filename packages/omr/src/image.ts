// Greyscale page access. Pixel 0 is black, 255 is paper white.

/** A greyscale page: one byte per pixel, row-major. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Pixel value with clamping at the borders (outside the page counts as white paper). */
export function px(img: GreyImage, x: number, y: number): number {
  const xi = Math.round(x);
  const yi = Math.round(y);
  if (xi < 0 || yi < 0 || xi >= img.width || yi >= img.height) return 255;
  return img.data[yi * img.width + xi]!;
}

/** Bilinear sample; outside the page reads as white. */
export function bilinear(img: GreyImage, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= img.width || y0 + 1 >= img.height) return px(img, x, y);
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * img.width + x0;
  const d = img.data;
  const top = d[i]! * (1 - fx) + d[i + 1]! * fx;
  const bot = d[i + img.width]! * (1 - fx) + d[i + img.width + 1]! * fx;
  return top * (1 - fy) + bot * fy;
}

/** Axis-aligned integer rectangle in image pixels. */
export interface IRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Clips a rectangle to the image; null when nothing is left. */
export function clipRect(img: GreyImage, r: IRect): IRect | null {
  const x0 = Math.max(0, Math.floor(r.x));
  const y0 = Math.max(0, Math.floor(r.y));
  const x1 = Math.min(img.width, Math.ceil(r.x + r.w));
  const y1 = Math.min(img.height, Math.ceil(r.y + r.h));
  if (x1 - x0 < 2 || y1 - y0 < 2) return null;
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** Copies a rectangle out of the image. */
export function crop(img: GreyImage, r: IRect): GreyImage {
  const out = new Uint8Array(r.w * r.h);
  for (let y = 0; y < r.h; y++) {
    const s = (r.y + y) * img.width + r.x;
    out.set(img.data.subarray(s, s + r.w), y * r.w);
  }
  return { width: r.w, height: r.h, data: out };
}

/** Value at quantile q (0..1) of a sample of bytes, via a histogram. */
export function quantileOfHistogram(hist: Uint32Array, total: number, q: number): number {
  const target = q * total;
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v]!;
    if (acc >= target) return v;
  }
  return 255;
}

/** Histogram of a rectangle sampled every `step` pixels. */
export function histogram(img: GreyImage, r: IRect, step: number): { hist: Uint32Array; total: number } {
  // Four interleaved counts: paper pixels hit one bin again and again, and each increment would wait for
  // the previous one's store. Summed at the end: the same counts.
  const parts = new Uint32Array(4 * 256);
  const d = img.data;
  let total = 0;
  for (let y = r.y; y < r.y + r.h; y += step) {
    const row = y * img.width;
    let x = r.x;
    for (; x + 3 * step < r.x + r.w; x += 4 * step) {
      parts[d[row + x]!]!++;
      parts[256 + d[row + x + step]!]!++;
      parts[512 + d[row + x + 2 * step]!]!++;
      parts[768 + d[row + x + 3 * step]!]!++;
      total += 4;
    }
    for (; x < r.x + r.w; x += step) {
      parts[d[row + x]!]!++;
      total++;
    }
  }
  const hist = new Uint32Array(256);
  for (let v = 0; v < 256; v++) hist[v] = parts[v]! + parts[256 + v]! + parts[512 + v]! + parts[768 + v]!;
  return { hist, total };
}
