import type { GreyImage } from './image';

// EXIF orientation of a JPEG and turning a decoded page upright by it: the fast JPEG decoder does not
// apply the tag (sharp does, for the other formats).

/** The EXIF orientation tag (1–8) of JPEG bytes; 1 when absent or unreadable. */
export function jpegOrientation(b: Uint8Array): number {
  let p = 2;
  while (p + 4 <= b.length && b[p] === 0xff) {
    const marker = b[p + 1]!;
    const len = (b[p + 2]! << 8) | b[p + 3]!;
    // Start of scan: the headers are over.
    if (marker === 0xda) break;
    if (marker === 0xe1 && len >= 16 && String.fromCharCode(...b.subarray(p + 4, p + 8)) === 'Exif')
      return tiffOrientation(b, p + 10, p + 2 + len);
    p += 2 + len;
  }
  return 1;
}

function tiffOrientation(b: Uint8Array, t: number, end: number): number {
  const le = b[t] === 0x49;
  const u16 = (o: number) => (o + 2 > end ? 0 : le ? b[o]! | (b[o + 1]! << 8) : (b[o]! << 8) | b[o + 1]!);
  const u32 = (o: number) => (u16(le ? o + 2 : o) * 65536 + u16(le ? o : o + 2)) >>> 0;
  const ifd = t + u32(t + 4);
  const n = u16(ifd);
  for (let i = 0; i < n; i++) {
    const e = ifd + 2 + i * 12;
    if (e + 12 > end) break;
    if (u16(e) === 0x0112) {
      const v = u16(e + 8);
      return v >= 1 && v <= 8 ? v : 1;
    }
  }
  return 1;
}

/** The page as a viewer shows it under EXIF `orientation` (mirrors included); the input is not changed. */
export function orient(img: GreyImage, orientation: number): GreyImage {
  if (orientation <= 1 || orientation > 8) return img;
  const { width: W, height: H, data } = img;
  const swap = orientation >= 5;
  const w = swap ? H : W;
  const h = swap ? W : H;
  const out = new Uint8Array(W * H);
  // Source index of display pixel (x, y): start and steps along x and y.
  const at = (sx: number, sy: number) => sy * W + sx;
  const [o, dx, dy] = {
    2: [at(W - 1, 0), -1, W],
    3: [at(W - 1, H - 1), -1, -W],
    4: [at(0, H - 1), 1, -W],
    5: [at(0, 0), W, 1],
    6: [at(0, H - 1), -W, 1],
    7: [at(W - 1, H - 1), -W, -1],
    8: [at(W - 1, 0), W, -1],
  }[orientation as 2 | 3 | 4 | 5 | 6 | 7 | 8] as [number, number, number];
  for (let y = 0; y < h; y++) {
    let s = o + y * dy;
    const row = y * w;
    for (let x = 0; x < w; x++, s += dx) out[row + x] = data[s]!;
  }
  return { width: w, height: h, data: out };
}
