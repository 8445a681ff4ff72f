import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeGrey, decodeJpegGrey } from './node';
import { jpegOrientation } from './orientation';

// The fast JPEG path turns pages upright itself: every EXIF orientation (mirrors too) must give what
// sharp's own auto-orientation gives.

async function pattern(): Promise<Buffer> {
  // An asymmetric picture: a gradient with a dark block near one corner, so any wrong turn shows.
  const w = 96;
  const h = 64;
  const px = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) px[y * w + x] = x < 20 && y < 12 ? 10 : 60 + x + y;
  return sharp(px, { raw: { width: w, height: h, channels: 1 } })
    .png()
    .toBuffer();
}

describe('EXIF orientation on the fast JPEG path', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('orientation %i matches sharp’s auto-orientation', async (o) => {
    const jpeg = await sharp(await pattern())
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: o })
      .toBuffer();
    expect(jpegOrientation(jpeg)).toBe(o);
    const fast = decodeJpegGrey(jpeg);
    const ref = await sharp(jpeg, { autoOrient: true })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([fast.width, fast.height]).toEqual([ref.info.width, ref.info.height]);
    let worst = 0;
    for (let i = 0; i < fast.data.length; i++)
      worst = Math.max(worst, Math.abs(fast.data[i]! - ref.data[i]!));
    // Luma against sharp's greyscale conversion: a few levels apart, never a turned picture.
    expect(worst).toBeLessThan(12);
  });

  it('falls back to sharp for other formats', async () => {
    const png = await pattern();
    const img = await decodeGrey(png);
    expect([img.width, img.height]).toEqual([96, 64]);
    expect(img.data[0]).toBe(10);
  });

  it('reads damaged JPEGs through sharp or refuses them, and decodes again afterwards', async () => {
    const good = await sharp(await pattern())
      .jpeg({ quality: 90 })
      .toBuffer();
    const cut = good.subarray(0, Math.floor(good.length / 2));
    const junk = Buffer.concat([good.subarray(0, 20), Buffer.alloc(500, 0x5a)]);
    const header = good.subarray(0, 2);
    for (const bad of [cut, junk, header]) {
      expect(() => decodeJpegGrey(bad)).toThrow();
      await decodeGrey(bad).catch((e: unknown) => expect(e).toBeInstanceOf(Error));
    }
    // after refusals the decoder is whole again (a thrown error leaves no broken state behind)
    for (let i = 0; i < 50; i++) expect(() => decodeJpegGrey(junk)).toThrow();
    const img = decodeJpegGrey(good);
    expect([img.width, img.height]).toEqual([96, 64]);
  });
});
