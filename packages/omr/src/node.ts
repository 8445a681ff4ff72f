import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as JpegTurbo from '@julusian/jpeg-turbo';
import sharp from 'sharp';
import { createZxingReader, type BarcodeReader } from './barcode';
import type { GreyImage } from './image';
import { jpegOrientation, orient } from './orientation';

// Node-side helpers for callers of the pure engine (server workers, scan agent, benches, tests): the one
// way to turn image bytes into the page the engine reads, and the one way to load the barcode reader.

// libjpeg-turbo through its N-API binding (prebuilt binaries ship in the package): asked for grey, it
// decodes the luma plane only — no chroma upsampling, no colour conversion — like OpenCV's
// imread(GRAYSCALE). CommonJS that fills its exports at run time: loaded by require. Off unless
// YJ_JPEG_TURBO=1: in one test run the binding ended a worker process with an uncaught native exception
// ("terminate called after throwing an instance of 'Napi::Error'"), which in a recognition worker would take
// pages down with it; until that is understood every JPEG goes through sharp (slower, the same pixels), as it
// also does where the package is not installed (the packaged scan agent).
const jpegTurbo = ((): typeof JpegTurbo | null => {
  if (process.env.YJ_JPEG_TURBO !== '1') return null;
  try {
    return createRequire(import.meta.url)('@julusian/jpeg-turbo') as typeof JpegTurbo;
  } catch {
    return null;
  }
})();
/** Whether JPEGs are decoded by libjpeg-turbo (YJ_JPEG_TURBO=1 and the package loads) rather than sharp. */
export const JPEG_TURBO = jpegTurbo !== null;

/**
 * Decodes image bytes (JPEG, PNG, TIFF …) to the greyscale page the engine reads; one decode, no copy.
 * The EXIF orientation tag is applied (a phone photo or a scanner that writes the tag stores the page
 * sideways), as the template upload does, so the engine sees the page the way a viewer shows it.
 * JPEG goes through libjpeg-turbo's grey decode (several times faster than sharp's); whatever it cannot
 * read (CMYK, 12-bit, a damaged file) and every other format through sharp.
 */
export async function decodeGrey(bytes: Buffer | Uint8Array): Promise<GreyImage> {
  if (jpegTurbo && bytes[0] === 0xff && bytes[1] === 0xd8) {
    const fast = await decodeJpegGrey(bytes).catch(() => null);
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

/** libjpeg-turbo's grey (luma) decode of a JPEG, turned upright by its EXIF orientation. */
export async function decodeJpegGrey(bytes: Buffer | Uint8Array): Promise<GreyImage> {
  if (!jpegTurbo) throw new Error('@julusian/jpeg-turbo is not installed');
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = await jpegTurbo.decompress(buf, { format: jpegTurbo.FORMAT_GRAY });
  const img = {
    width: out.width,
    height: out.height,
    data: new Uint8Array(out.data.buffer, out.data.byteOffset, out.width * out.height),
  };
  return orient(img, jpegOrientation(bytes));
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

export {
  NoSuchPage,
  pagedKind,
  PageTooLarge,
  splitFilePages,
  TooManyPages,
  type SplitOptions,
} from './file-pages';
