import sharp from 'sharp';
import { fitHomography, invertH, type Matrix3 } from '@yj/omr';
import type { Raster } from './raster';
import type { Rng } from './rng';

// Phone-photo mode (课堂小测 scanned with a teacher's phone): the sheet lies on a desk, photographed from
// above at a slant, under a lamp and the phone's own shadow. What a scanner never does: perspective (the
// far edge shorter), a background around the sheet, light falling off across the sheet, a soft shadow
// edge, focus blur.

/** How the phone saw the sheet. */
export interface PhotoParams {
  /** Photo size in px (the capture page sends photos at most 2400 px on the long side). */
  width: number;
  height: number;
  /** The sheet's corners in the photo, clockwise from its top left. */
  corners: { x: number; y: number }[];
  /** Paper white under full light; the desk's tone. */
  paper: number;
  desk: number;
  /** Light falling off across the photo: the darkest share lost, and the direction (radians). */
  falloff: number;
  falloffAngle: number;
  /** A soft shadow over part of the photo (0: none): its depth, edge position (share), angle, and edge width px. */
  shadow: number;
  shadowAt: number;
  shadowAngle: number;
  shadowSoft: number;
  /** Gaussian blur sigma in px (focus), sensor noise, JPEG quality. */
  blur: number;
  noise: number;
  jpegQuality: number;
}

/**
 * Draws the photo of a `pw` × `ph` sheet: the sheet covers 70–90 % of the photo's matching side, turned up
 * to ±8°, its corners moved by a keystone of up to 8 % (the phone tilted) and a jitter of 2 %.
 */
export function drawPhoto(rng: Rng, pw: number, ph: number): PhotoParams {
  const portrait = ph >= pw;
  const width = portrait ? 1800 : 2400;
  const height = portrait ? 2400 : 1800;
  const fill = rng.range(0.7, 0.9);
  const s = Math.min((width * fill) / pw, (height * fill) / ph);
  const a = (rng.range(-8, 8) * Math.PI) / 180;
  const cx = width / 2 + rng.range(-0.04, 0.04) * width;
  const cy = height / 2 + rng.range(-0.04, 0.04) * height;
  // keystone: the edge away from the phone shrinks toward the sheet's axis
  const keyTop = rng.range(-0.08, 0.08);
  const keySide = rng.range(-0.05, 0.05);
  const base = [
    { u: -0.5 * (1 - keyTop), v: -0.5 * (1 - keySide) },
    { u: 0.5 * (1 - keyTop), v: -0.5 * (1 + keySide) },
    { u: 0.5 * (1 + keyTop), v: 0.5 * (1 + keySide) },
    { u: -0.5 * (1 + keyTop), v: 0.5 * (1 - keySide) },
  ];
  const corners = base.map(({ u, v }) => {
    const x = u * pw * s + rng.range(-0.02, 0.02) * pw * s;
    const y = v * ph * s + rng.range(-0.02, 0.02) * ph * s;
    return { x: cx + x * Math.cos(a) - y * Math.sin(a), y: cy + x * Math.sin(a) + y * Math.cos(a) };
  });
  // the teacher frames the whole sheet: a sheet drawn running off the photo is brought inside a 2 % margin
  const spread = Math.max(
    ...corners.map((c) =>
      Math.max(
        Math.abs(c.x - cx) / (width * 0.48 - Math.abs(width / 2 - cx)),
        Math.abs(c.y - cy) / (height * 0.48 - Math.abs(height / 2 - cy)),
      ),
    ),
  );
  if (spread > 1)
    for (const c of corners) {
      c.x = cx + (c.x - cx) / spread;
      c.y = cy + (c.y - cy) / spread;
    }
  const shadowed = rng.chance(0.6);
  return {
    width,
    height,
    corners,
    paper: rng.range(215, 250),
    desk: rng.range(45, 125),
    falloff: rng.range(0.05, 0.3),
    falloffAngle: rng.range(0, Math.PI * 2),
    shadow: shadowed ? rng.range(0.12, 0.35) : 0,
    shadowAt: rng.range(0.2, 0.8),
    shadowAngle: rng.range(0, Math.PI * 2),
    shadowSoft: rng.range(40, 200),
    blur: rng.range(0.5, 1.6),
    noise: rng.range(2, 6),
    jpegQuality: Math.round(rng.range(75, 92)),
  };
}

/** Sheet px → photo px. */
export function photoTransform(page: Raster, p: PhotoParams): Matrix3 {
  const m = fitHomography(
    [
      { x: 0, y: 0 },
      { x: page.width, y: 0 },
      { x: page.width, y: page.height },
      { x: 0, y: page.height },
    ],
    p.corners,
  );
  if (!m) throw new Error('degenerate photo corners');
  return m;
}

const smoothstep = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));

/** Photographs a printed, marked sheet: warp onto the desk, light and shadow, noise, blur, colour JPEG. */
export async function photographPage(
  page: Raster,
  p: PhotoParams,
  rng: Rng,
): Promise<{ jpeg: Buffer; m: Matrix3; width: number; height: number }> {
  const m = photoTransform(page, p);
  const inv = invertH(m);
  const { width, height } = p;
  const out = new Uint8Array(width * height);
  const noise = new Float32Array(4096);
  for (let i = 0; i < noise.length; i++) noise[i] = rng.normal() * p.noise;
  let ni = rng.int(0, 4095);
  // the desk's grain: a coarse random field, bilinear
  const gw = 16;
  const gh = 16;
  const grain = Float32Array.from({ length: gw * gh }, () => rng.range(-18, 18));
  const fc = Math.cos(p.falloffAngle);
  const fs = Math.sin(p.falloffAngle);
  const sc = Math.cos(p.shadowAngle);
  const ss = Math.sin(p.shadowAngle);
  const diag = Math.hypot(width, height);
  const src = page.data;
  const pw = page.width;
  const ph = page.height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const X = x + 0.5;
      const Y = y + 0.5;
      const w = inv[6] * X + inv[7] * Y + inv[8];
      const u = (inv[0] * X + inv[1] * Y + inv[2]) / w - 0.5;
      const v = (inv[3] * X + inv[4] * Y + inv[5]) / w - 0.5;
      let val: number;
      const u0 = Math.floor(u);
      const v0 = Math.floor(v);
      if (u0 >= 0 && v0 >= 0 && u0 + 1 < pw && v0 + 1 < ph) {
        const fu = u - u0;
        const fv = v - v0;
        const i = v0 * pw + u0;
        const ink =
          (src[i]! * (1 - fu) + src[i + 1]! * fu) * (1 - fv) +
          (src[i + pw]! * (1 - fu) + src[i + pw + 1]! * fu) * fv;
        val = (ink / 255) * p.paper;
      } else {
        const gx = Math.min(gw - 1.001, (x / width) * (gw - 1));
        const gy = Math.min(gh - 1.001, (y / height) * (gh - 1));
        const x0 = Math.floor(gx);
        const y0 = Math.floor(gy);
        const tx = gx - x0;
        const ty = gy - y0;
        const g =
          (grain[y0 * gw + x0]! * (1 - tx) + grain[y0 * gw + x0 + 1]! * tx) * (1 - ty) +
          (grain[(y0 + 1) * gw + x0]! * (1 - tx) + grain[(y0 + 1) * gw + x0 + 1]! * tx) * ty;
        val = p.desk + g;
      }
      // light: falls off linearly across the photo, and a soft-edged shadow over one side of a line
      const t = ((X - width / 2) * fc + (Y - height / 2) * fs) / diag + 0.5;
      let light = 1 - p.falloff * Math.max(0, Math.min(1, t));
      if (p.shadow > 0) {
        const d = (X - width * p.shadowAt) * sc + (Y - height * p.shadowAt) * ss;
        light *= 1 - p.shadow * smoothstep(0.5 + d / p.shadowSoft);
      }
      ni = (ni + 1) & 4095;
      out[y * width + x] = Math.max(0, Math.min(255, val * light + noise[ni]!));
    }
  }
  // a phone photographs in colour: neutral grey through the colour JPEG path, as phones send it
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < out.length; i++, j += 3) {
    rgb[j] = out[i]!;
    rgb[j + 1] = Math.round(out[i]! * 0.99);
    rgb[j + 2] = Math.round(out[i]! * 0.96);
  }
  const jpeg = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .blur(Math.max(0.3, p.blur))
    .jpeg({ quality: p.jpegQuality, chromaSubsampling: '4:2:0' })
    .toBuffer();
  return { jpeg, m, width, height };
}
