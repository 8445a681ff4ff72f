import sharp from 'sharp';
import { toSVG } from 'bwip-js/node';
import type { TemplateRect } from '@yj/contracts';
import type { Raster } from './raster';

/** Pastes an exam-number barcode sticker (Code128 or QR) into a template rectangle of the page raster. */
export async function pasteBarcode(
  r: Raster,
  rect: TemplateRect,
  k: number,
  kind: 'code128' | 'qr',
  text: string,
): Promise<void> {
  const w = Math.round(rect.w * k);
  const h = Math.round(rect.h * k);
  const svg = toSVG({
    bcid: kind === 'qr' ? 'qrcode' : 'code128',
    text,
    backgroundcolor: 'FFFFFF',
    padding: 8,
  } as Parameters<typeof toSVG>[0]);
  const { data } = await sharp(Buffer.from(svg), { density: 300 })
    .resize(w, h, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const x0 = Math.round(rect.x * k);
  const y0 = Math.round(rect.y * k);
  for (let y = 0; y < h; y++) {
    if (y0 + y < 0 || y0 + y >= r.height) continue;
    for (let x = 0; x < w; x++) {
      if (x0 + x < 0 || x0 + x >= r.width) continue;
      r.data[(y0 + y) * r.width + x0 + x] = Math.min(r.data[(y0 + y) * r.width + x0 + x]!, data[y * w + x]!);
    }
  }
}
