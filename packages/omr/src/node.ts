import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { createZxingReader, type BarcodeReader } from './barcode';
import { DecodedPictures } from './decoded-pictures';
import type { GreyImage } from './image';
import { decodeJpegLuma } from './jpeg';
import { jpegOrientation, orient } from './orientation';

// Node-side helpers for callers of the pure engine (server workers, scan agent, benches, tests): the one
// way to turn image bytes into the page the engine reads, and the one way to load the barcode reader.

/**
 * Decodes image bytes (JPEG, PNG, TIFF …) to the greyscale page the engine reads; one decode, no copy.
 * The EXIF orientation tag is applied (a phone photo or a scanner that writes the tag stores the page
 * sideways), as the template upload does, so the engine sees the page the way a viewer shows it.
 * JPEG goes through libjpeg-turbo's grey decode (jpeg.ts: native, or WebAssembly where that cannot load;
 * several times faster than sharp's);
 * whatever it cannot read (CMYK, 12-bit, a damaged or truncated file) and every other format through sharp.
 */
export async function decodeGrey(bytes: Buffer | Uint8Array): Promise<GreyImage> {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    const fast = (() => {
      try {
        return decodeJpegGrey(bytes);
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

/** libjpeg-turbo's grey (luma) decode of a JPEG, turned upright by its EXIF orientation; throws when it cannot. */
export function decodeJpegGrey(bytes: Uint8Array): GreyImage {
  return orient(decodeJpegLuma(bytes), jpegOrientation(bytes));
}

/** Pictures decoded with decodeGrey once by content key, the `keep` most recently used kept (the printed blanks). */
export function decodedPictures(keep?: number): DecodedPictures {
  return new DecodedPictures(decodeGrey, keep);
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
export { jpegDecoder, type JpegDecoder } from './jpeg';
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
