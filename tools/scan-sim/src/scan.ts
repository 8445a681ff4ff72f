import sharp from 'sharp';
import type { Matrix3 } from '@yj/omr';
import { invertH, multiplyH } from '@yj/omr';
import { inTriangle } from './dog-ear';
import type { Raster } from './raster';
import type { Rng } from './rng';

/** How the scanner saw the sheet. */
export interface ScanParams {
  /** Feed rotation in degrees clockwise (180 = upside-down). */
  feed: 0 | 90 | 180 | 270;
  skewDeg: number;
  scale: number;
  shift: { x: number; y: number };
  /** Perspective terms (tiny; a flatbed barely has any). */
  perspective: { x: number; y: number };
  /** Print jitter: where the printer put the card on the sheet (px offset, and stretch along / across feed). */
  print: { dx: number; dy: number; sx: number; sy: number };
  paper: number;
  lighting: number;
  texture: number;
  noise: number;
  blur: number;
  colour: boolean;
  jpegQuality: number;
  /**
   * EXIF orientation tag written with the JPEG (2–8; absent = none): the pixels are stored turned (and
   * mirrored for 2, 4, 5, 7) so that a viewer applying the tag shows the scan as drawn, as phones and some
   * scanners do.
   */
  exifOrientation?: 2 | 3 | 4 | 5 | 6 | 7 | 8;
  /** A 1-bit scan: dithered to black and white (Floyd–Steinberg) and saved losslessly as PNG. */
  bitonal?: boolean;
  /**
   * A 1-bit scan by a fixed threshold, no dither (a scanner's 黑白 mode set not to dither): a pixel
   * darker than this (0–255, after the optics' blur) is black, any other white; saved losslessly as PNG.
   */
  threshold?: number;
  /** Dirt on the glass of a sheet-fed scanner: lines down the whole scan, whatever the sheet's skew or feed. */
  streaks?: ScanStreak[];
  /**
   * What the scanner shows where no paper lies (0–255, 255 when absent): many sheet-fed scanners have a black
   * backing plate (for finding the sheet's edges), so round a skewed sheet and where a corner is gone the scan is
   * black, not white.
   */
  backing?: number;
  /** Parts of the sheet that are gone (a folded or torn corner), as triangles in page pixels: the backing shows. */
  holes?: { x: number; y: number }[][];
}

/**
 * One streak: dust or a scratch over one place of the scanner's line sensor shades those columns on every line
 * read. `x` is where across the scan (0 left edge, 1 right), `width` its width in scan pixels, `darkness` the share
 * of light it takes (0.8: paper white 235 comes out 47, a filled bubble darker still).
 */
export interface ScanStreak {
  x: number;
  width: number;
  darkness: number;
}

// Clockwise turn that stores a displayed image under each tag (the viewer undoes it).
// How the pixels are stored for each tag: a turn, then a mirror (sharp applies rotate before flip/flop).
const STORE_TURN = {
  2: [0, 'flop'],
  3: [180, null],
  4: [0, 'flip'],
  5: [90, 'flip'],
  6: [270, null],
  7: [90, 'flop'],
  8: [90, null],
} as const;

/** The page px → output px transform the scan applies, and the output size. */
export function scanTransform(page: Raster, p: ScanParams): { m: Matrix3; width: number; height: number } {
  const swap = p.feed === 90 || p.feed === 270;
  const pw = swap ? page.height : page.width;
  const ph = swap ? page.width : page.height;
  // A skewed sheet still lies inside the scanner's frame: the output grows to the rotated page's box.
  const sk = (Math.abs(p.skewDeg) * Math.PI) / 180;
  const width = Math.round(Math.max(pw, (pw * Math.cos(sk) + ph * Math.sin(sk)) * p.scale));
  const height = Math.round(Math.max(ph, (ph * Math.cos(sk) + pw * Math.sin(sk)) * p.scale));
  const a = ((p.feed + p.skewDeg) * Math.PI) / 180;
  const c = Math.cos(a) * p.scale;
  const s = Math.sin(a) * p.scale;
  const pr = p.print;
  const toCentre: Matrix3 = [pr.sx, 0, pr.dx - page.width / 2, 0, pr.sy, pr.dy - page.height / 2, 0, 0, 1];
  const persp: Matrix3 = [1, 0, 0, 0, 1, 0, p.perspective.x / page.width, p.perspective.y / page.height, 1];
  const rot: Matrix3 = [c, -s, width / 2 + p.shift.x, s, c, height / 2 + p.shift.y, 0, 0, 1];
  return { m: multiplyH(rot, multiplyH(persp, toCentre)), width, height };
}

// Low-resolution gain map: uneven lighting (a gradient) and paper texture (blotches).
function gainMap(rng: Rng, p: ScanParams, gw: number, gh: number): Float32Array {
  const g = new Float32Array(gw * gh);
  const ang = rng.range(0, Math.PI * 2);
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      const t = ((x / gw - 0.5) * Math.cos(ang) + (y / gh - 0.5) * Math.sin(ang)) * 2;
      g[y * gw + x] = (1 - p.lighting * (0.5 + 0.5 * t)) * (1 + p.texture * rng.normal());
    }
  }
  return g;
}

/** Scans a page raster: warp, paper tone, lighting, texture, noise, blur, then JPEG (grey or colour). */
export async function scanPage(
  page: Raster,
  p: ScanParams,
  rng: Rng,
): Promise<{ jpeg: Buffer; m: Matrix3; width: number; height: number }> {
  const { m, width, height } = scanTransform(page, p);
  const inv = invertH(m);
  const out = new Uint8Array(width * height);
  const gw = 24;
  const gh = 18;
  const gain = gainMap(rng, p, gw, gh);
  const noise = new Float32Array(4096);
  for (let i = 0; i < noise.length; i++) noise[i] = rng.normal() * p.noise;
  let ni = rng.int(0, 4095);
  const pw = page.width;
  const ph = page.height;
  const src = page.data;
  const row = new Float32Array(gw);
  const backing = p.backing ?? 255;
  // each hole with its bounding box: most pixels are outside every box and skip the triangle test
  const holes = (p.holes ?? []).map((t) => ({
    t,
    x0: Math.min(...t.map((q) => q.x)),
    x1: Math.max(...t.map((q) => q.x)),
    y0: Math.min(...t.map((q) => q.y)),
    y1: Math.max(...t.map((q) => q.y)),
  }));
  const inHole = (x: number, y: number) =>
    holes.some((h) => x >= h.x0 && x <= h.x1 && y >= h.y0 && y <= h.y1 && inTriangle(h.t, x, y));
  for (let y = 0; y < height; y++) {
    // Bilinear gain: lighting and texture vary smoothly, never in tiles.
    const gy = Math.min(gh - 1.001, (y / height) * (gh - 1));
    const g0 = Math.floor(gy);
    const fy = gy - g0;
    for (let i = 0; i < gw; i++) row[i] = gain[g0 * gw + i]! * (1 - fy) + gain[(g0 + 1) * gw + i]! * fy;
    for (let x = 0; x < width; x++) {
      const X = x + 0.5;
      const Y = y + 0.5;
      const w = inv[6] * X + inv[7] * Y + inv[8];
      const u = (inv[0] * X + inv[1] * Y + inv[2]) / w - 0.5;
      const v = (inv[3] * X + inv[4] * Y + inv[5]) / w - 0.5;
      let val = backing;
      const u0 = Math.floor(u);
      const v0 = Math.floor(v);
      if (
        u0 >= 0 &&
        v0 >= 0 &&
        u0 + 1 < pw &&
        v0 + 1 < ph &&
        (holes.length === 0 || !inHole(u + 0.5, v + 0.5))
      ) {
        const fu = u - u0;
        const fv = v - v0;
        const i = v0 * pw + u0;
        val =
          (src[i]! * (1 - fu) + src[i + 1]! * fu) * (1 - fv) +
          (src[i + pw]! * (1 - fu) + src[i + pw + 1]! * fu) * fv;
      }
      const gx = (x / width) * (gw - 1);
      const gi = Math.min(gw - 2, Math.floor(gx));
      const g = row[gi]! + (row[gi + 1]! - row[gi]!) * (gx - gi);
      ni = (ni + 1) & 4095;
      out[y * width + x] = Math.max(0, Math.min(255, (val / 255) * p.paper * g + noise[ni]!));
    }
  }
  for (const st of p.streaks ?? []) {
    const x0 = Math.max(0, Math.round(st.x * width - st.width / 2));
    const x1 = Math.min(width, x0 + Math.max(1, Math.round(st.width)));
    for (let y = 0; y < height; y++)
      for (let x = x0; x < x1; x++) out[y * width + x] = out[y * width + x]! * (1 - st.darkness);
  }
  if (p.bitonal || p.threshold !== undefined) {
    if (p.blur >= 0.3) blurInPlace(out, width, height);
    if (p.bitonal) dither(out, width, height);
    else for (let i = 0; i < out.length; i++) out[i] = out[i]! < p.threshold! ? 0 : 255;
    const png = await sharp(out, { raw: { width, height, channels: 1 } })
      .png({ palette: true, colours: 2 })
      .toBuffer();
    return { jpeg: png, m, width, height };
  }
  let img = p.colour
    ? sharp(tint(out), { raw: { width, height, channels: 3 } })
    : sharp(out, { raw: { width, height, channels: 1 } });
  if (p.blur >= 0.3) img = img.blur(p.blur);
  if (p.exifOrientation) {
    // rotate() runs before blur in sharp's pipeline either way; blur is isotropic, so the order is moot.
    const [turn, mirror] = STORE_TURN[p.exifOrientation];
    img = img.rotate(turn);
    if (mirror === 'flip') img = img.flip();
    if (mirror === 'flop') img = img.flop();
    img = img.withMetadata({ orientation: p.exifOrientation });
  }
  const jpeg = await img.jpeg({ quality: p.jpegQuality, chromaSubsampling: '4:2:0' }).toBuffer();
  return { jpeg, m, width, height };
}

// Colour scans: slightly warm paper, neutral graphite.
function tint(grey: Uint8Array): Uint8Array {
  const rgb = new Uint8Array(grey.length * 3);
  for (let i = 0, j = 0; i < grey.length; i++, j += 3) {
    const v = grey[i]!;
    rgb[j] = v;
    rgb[j + 1] = Math.round(v * 0.985);
    rgb[j + 2] = Math.round(v * (0.93 + 0.07 * (1 - v / 255)));
  }
  return rgb;
}

// Floyd–Steinberg error diffusion to 0/255: what a 1-bit scanner's "dither" setting does; grey becomes dots.
function dither(g: Uint8Array, w: number, h: number): void {
  const e = new Float32Array(g);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const v = e[i]! < 128 ? 0 : 255;
      const err = e[i]! - v;
      g[i] = v;
      if (x + 1 < w) e[i + 1]! += (err * 7) / 16;
      if (y + 1 < h) {
        if (x > 0) e[i + w - 1]! += (err * 3) / 16;
        e[i + w]! += (err * 5) / 16;
        if (x + 1 < w) e[i + w + 1]! += err / 16;
      }
    }
  }
}

// A 3×3 box blur (optics before the 1-bit threshold).
function blurInPlace(g: Uint8Array, w: number, h: number): void {
  const src = Uint8Array.from(g);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      let s = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) s += src[(y + dy) * w + x + dx]!;
      g[y * w + x] = Math.round(s / 9);
    }
}
