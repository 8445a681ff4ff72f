import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { createZxingReader, type BarcodeReader } from './barcode';
import { DecodedPictures } from './decoded-pictures';
import type { GreyImage } from './image';
import { decodeJpegLuma, jpegDecoder, type PixelSlot } from './jpeg';
import { jpegOrientation, orient } from './orientation';
import { straightenPhoto } from './photo';
import type { CardTemplate } from '@yj/contracts';

// Node-side helpers for callers of the pure engine (server workers, scan agent, benches, tests): the one
// way to turn image bytes into the page the engine reads, and the one way to load the barcode reader.

/**
 * Decodes image bytes (JPEG, PNG, TIFF …) to the greyscale page the engine reads; one decode, no copy.
 * The EXIF orientation tag is applied (a phone photo or a scanner that writes the tag stores the page
 * sideways), as the template upload does, so the engine sees the page the way a viewer shows it.
 * JPEG goes through libjpeg-turbo's grey decode (jpeg.ts: native, or WebAssembly where that cannot load;
 * several times faster than sharp's; `accurate`: WebAssembly with the accurate IDCT);
 * whatever it cannot read (CMYK, 12-bit, a damaged or truncated file) and every other format through sharp.
 */
export async function decodeGrey(
  bytes: Buffer | Uint8Array,
  accurate = false,
  slot?: PixelSlot,
): Promise<GreyImage> {
  if (isJpeg(bytes)) {
    const fast = (() => {
      try {
        return decodeJpegGrey(bytes, accurate, slot);
      } catch {
        return null;
      }
    })();
    if (fast) return fast;
  }
  const { data, info } = await sharp(bytes, { autoOrient: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height),
  };
}

const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8;

/** libjpeg-turbo's grey (luma) decode of a JPEG, turned upright by its EXIF orientation; throws when it cannot. */
export function decodeJpegGrey(bytes: Uint8Array, accurate = false, slot?: PixelSlot): GreyImage {
  return orient(decodeJpegLuma(bytes, accurate, slot), jpegOrientation(bytes));
}

const freeSlots: PixelSlot[] = [];
/** The largest buffer kept for the next page: an A3 page at 300 dpi (35 MB) is; a rare huge one is not. */
const KEPT_BYTES = 48 * 1024 * 1024;

/**
 * Runs `use` with a slot to decode a page into (decodeGrey's `slot`), free again for another page once
 * `use` has settled: the page's pixels must not be kept past it (results, cuts and crops are copies). A
 * fresh 3.8 MB buffer a page (A4, 200 dpi) made the native decode cost up to twice its time on a loaded
 * machine, minutes at a time (13 ms against 6.6 on sample6: faulting in new memory, collecting the last
 * pages'); decoded into a buffer used before, it stayed at 6.6. Each page in flight has a slot of its own.
 */
export async function withPageSlot<T>(use: (slot: PixelSlot) => Promise<T>): Promise<T> {
  const slot = freeSlots.pop() ?? {};
  try {
    return await use(slot);
  } finally {
    // as many as were ever in flight at once, a few at the most (a worker thread reads one page at a time)
    if (freeSlots.length < 4 && (slot.buf?.byteLength ?? 0) <= KEPT_BYTES) freeSlots.push(slot);
  }
}

/**
 * A page's reading from the fast decode, made good: when that decode was the native decoder's fast IDCT and
 * the reading raises anything, the page is decoded again with the accurate IDCT and read again, and that
 * reading stands (jpeg.ts: the pixels recognition is tuned on). A page read without exceptions costs one
 * fast decode; a raised one a second decode and reading.
 */
export async function readAgainIfRaised<R extends { exceptions: readonly unknown[] }>(
  bytes: Buffer | Uint8Array,
  first: R,
  read: (img: GreyImage) => Promise<R>,
): Promise<R> {
  if (first.exceptions.length === 0 || !isJpeg(bytes) || jpegDecoder() !== 'native') return first;
  return read(await decodeGrey(bytes, true));
}

/**
 * Decodes a page and reads it with `read` (recognition) as the scan worker does (computePage): into a reused
 * slot (withPageSlot), raised pages again accurately (readAgainIfRaised). The reading, not the pixels.
 */
export function readPage<R extends { exceptions: readonly unknown[] }>(
  bytes: Buffer | Uint8Array,
  read: (img: GreyImage) => Promise<R>,
): Promise<R> {
  return withPageSlot(async (slot) =>
    readAgainIfRaised(bytes, await read(await decodeGrey(bytes, false, slot)), read),
  );
}

/** Pictures decoded with decodeGrey once by content key, the `keep` most recently used kept (the printed blanks). */
export function decodedPictures(keep?: number): DecodedPictures {
  // references the pages are compared with: decoded accurately, once each
  return new DecodedPictures((bytes) => decodeGrey(bytes, true), keep);
}

/**
 * A phone photo as the page the scan path stores (issue 33): decoded upright, the sheet found, straightened
 * to the card's page size and its light evened (photo.ts), as grey JPEG. A photo whose sheet is not found
 * comes back unchanged with the reason: recognition then makes it a 定位异常 with the photo as its picture.
 */
export async function photoAsPage(
  bytes: Buffer,
  card: CardTemplate,
): Promise<{ bytes: Buffer; straightened: boolean; reason?: string }> {
  const page = straightenPhoto(await decodeGrey(bytes, true), card);
  if (!page.ok) return { bytes, straightened: false, reason: page.reason };
  const jpeg = await sharp(page.image.data, {
    raw: { width: page.image.width, height: page.image.height, channels: 1 },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { bytes: jpeg, straightened: true };
}

let reader: Promise<BarcodeReader> | null = null;

/** zxing-wasm reader with its wasm read from node_modules (the default fetches it from a CDN), one per thread. */
export function loadZxingReader(): Promise<BarcodeReader> {
  reader ??= (async () => {
    const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    return createZxingReader(await readFile(wasm));
  })();
  return reader;
}

export { DecodedPictures } from './decoded-pictures';
export { encodeJpegGreyNative, jpegDecoder, type JpegDecoder, type PixelSlot } from './jpeg';
export { decodeJpegLumaWasm, type DctScale } from './jpeg-wasm';
export {
  NoSuchPage,
  openPdf,
  pageCount,
  pagedKind,
  greyJpeg,
  pdfPage,
  pdfPageGrey,
  type GreyPage,
  pdfRendererLoaded,
  tiffPage,
  type PdfDocument,
  PageTooLarge,
  splitFilePages,
  TooManyPages,
  type SplitOptions,
} from './file-pages';
