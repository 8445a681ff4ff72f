import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { createZxingReader, type BarcodeReader } from './barcode';
import type { GreyImage } from './image';

// Node-side helpers for callers of the pure engine (server workers, scan agent, benches, tests): the one
// way to turn image bytes into the page the engine reads, and the one way to load the barcode reader.

/**
 * Decodes image bytes (JPEG, PNG, TIFF …) to the greyscale page the engine reads; one decode, no copy.
 * The EXIF orientation tag is applied (a phone photo or a scanner that writes the tag stores the page
 * sideways), as the template upload does, so the engine sees the page the way a viewer shows it.
 */
export async function decodeGrey(bytes: Buffer | Uint8Array): Promise<GreyImage> {
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
