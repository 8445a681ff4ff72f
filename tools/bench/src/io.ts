import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { createZxingReader, type BarcodeReader, type GreyImage } from '@yj/omr';

const require = createRequire(import.meta.url);

/** Decodes an image file's bytes to the greyscale page the engine reads. */
export async function decodeGrey(bytes: Buffer): Promise<GreyImage> {
  const { data, info } = await sharp(bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height),
  };
}

/** zxing-wasm reader with its wasm loaded from node_modules (never from the CDN). */
export async function loadReader(): Promise<BarcodeReader> {
  const wasmPath = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
  return createZxingReader(await readFile(wasmPath));
}
