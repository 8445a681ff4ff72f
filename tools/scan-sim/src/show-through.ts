import sharp from 'sharp';
import type { Raster } from './raster';

/**
 * What of a sheet's other side shows through thin paper when it is scanned (透印): the back's print, fills and
 * writing, seen from the front, mirrored, spread by the paper and faint.
 */
export interface ShowThrough {
  /**
   * How the sheet was turned over between its sides: `book` round its vertical middle (the back's left edge lies
   * behind the front's right), `calendar` round its horizontal middle.
   */
  turn: 'book' | 'calendar';
  /**
   * The share of the back's darkness that reaches the front: ~0.05 through 80 g copy paper on a white lid, 0.1–0.2
   * through the thin paper many schools print cards on, with a bright lamp.
   */
  share: number;
}

/** How far light spreads sideways in paper before it leaves: about a third of a millimetre. */
const SPREAD_MM = 0.35;

/**
 * Lays what shows through from `back` (the other side as printed and marked, in its own print frame, the same
 * size as `front`) over `front`, in place: each pixel keeps `1 - share × (1 - back)` of its light (reflectances
 * multiply).
 */
export async function showThrough(front: Raster, back: Raster, s: ShowThrough, dpi: number): Promise<void> {
  if (back.width !== front.width || back.height !== front.height)
    throw new Error('the two sides of a sheet differ in size');
  let img = sharp(Buffer.from(back.data.buffer, back.data.byteOffset, back.data.length), {
    raw: { width: back.width, height: back.height, channels: 1 },
  });
  img = s.turn === 'book' ? img.flop() : img.flip();
  const seen = await img
    .blur(Math.max(0.3, (SPREAD_MM / 25.4) * dpi))
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  if (seen.length !== front.data.length) throw new Error('show-through: expected one channel');
  const d = front.data;
  for (let i = 0; i < d.length; i++) d[i] = Math.round(d[i]! * (1 - s.share * (1 - seen[i]! / 255)));
}
