import sharp from 'sharp';
import type { ImageBox } from '@yj/contracts';
import type { Storage } from '../../../infra/storage';

/**
 * How every cut image is encoded (subjective crops, block images): greyscale JPEG without entropy
 * optimisation, ~8 ms for a half-page box where WebP's fastest effort takes ~36 ms.
 */
export const CUT_JPEG = { quality: 80, optimiseCoding: false } as const;

/**
 * Cuts one region out of a stored page image as a greyscale JPEG. Regions are cut when first looked at
 * (marking, an exception screen, a block preview) rather than during recognition: encoding every
 * subjective box of every page cost ~20 ms a page on the recognition hot path, for images most of which
 * are looked at once. The box is clamped to the image; null when nothing of it is left.
 */
export async function cutJpeg(page: Buffer, box: ImageBox): Promise<Buffer | null> {
  const img = sharp(page);
  const { width = 0, height = 0 } = await img.metadata();
  const x = Math.max(0, Math.floor(box.x));
  const y = Math.max(0, Math.floor(box.y));
  const w = Math.min(width - x, Math.ceil(box.w));
  const h = Math.min(height - y, Math.ceil(box.h));
  if (w < 2 || h < 2) return null;
  return img.extract({ left: x, top: y, width: w, height: h }).greyscale().jpeg(CUT_JPEG).toBuffer();
}

/**
 * The cut image under `key`, cutting and storing it from the page on first use. Idempotent: two first
 * looks at once both cut the same bytes and the storage's rename keeps one.
 */
export async function cachedCut(
  storage: Storage,
  key: string,
  pageKey: string,
  box: ImageBox,
): Promise<Buffer | null> {
  const cached = await storage.get(key);
  if (cached) return cached;
  const page = await storage.get(pageKey);
  if (!page) return null;
  const jpeg = await cutJpeg(page, box);
  if (jpeg) await storage.put(key, jpeg, { derived: true });
  return jpeg;
}
