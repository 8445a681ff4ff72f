import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import sharp from 'sharp';
import type { CardTemplate, ScanExceptionTypeValue } from '@yj/contracts';
import {
  createZxingReader,
  recognizePage,
  type BarcodeReader,
  type GreyImage,
  type OmrExceptionTypeValue,
  type PageResult,
} from '@yj/omr';

// libvips defaults to one thread on these machines; decoding is most of a page's cost.
sharp.concurrency(Math.max(1, os.availableParallelism()));

let reader: Promise<BarcodeReader> | null = null;

/** One zxing reader per process: its wasm loads from the package (offline), never from a CDN. */
export function zxingReader(): Promise<BarcodeReader> {
  reader ??= (async () => {
    const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    return createZxingReader(await readFile(wasm));
  })();
  return reader;
}

/** Exception kinds of the engine → the scan_exception types of DESIGN.md §4. */
export const OMR_EXCEPTION: Record<OmrExceptionTypeValue, ScanExceptionTypeValue> = {
  location: 'location',
  examNumber: 'kaohao',
  objective: 'objective',
  ab: 'ab',
  option: 'optional',
  absent: 'absent',
  blankPage: 'blank',
  wrongPage: 'wrongPage',
  imageProblem: 'image',
};

/** A subjective region cut for marking. */
export interface Crop {
  name: string;
  question: string;
  key: string;
  bbox: { x: number; y: number; w: number; h: number };
}

export type PageOutcome = { ok: true; result: PageResult; crops: Crop[] } | { ok: false; reason: string };

/** Decodes once (greyscale raw), recognises, and cuts the subjective boxes from the same pixels. */
export async function recognizeStored(
  bytes: Buffer,
  card: CardTemplate,
  cropKey: (index: number) => string,
  put: (key: string, body: Buffer) => Promise<void>,
): Promise<PageOutcome> {
  let grey: GreyImage;
  try {
    const { data, info } = await sharp(bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
    grey = {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    };
  } catch (err) {
    return { ok: false, reason: `图像无法读取（${(err as Error).message.slice(0, 200)}）` };
  }
  const result = await recognizePage(grey, card, { reader: await zxingReader() });
  const raw = { raw: { width: grey.width, height: grey.height, channels: 1 as const } };
  // Cut from the pixels already decoded, in parallel on libvips' threads; WebP at its fastest effort
  // (the default effort costs ~4× the time for a ~20 % smaller file).
  const cut = result.subjective.map(async (box, i): Promise<Crop | null> => {
    const x = Math.max(0, Math.floor(box.bbox.x));
    const y = Math.max(0, Math.floor(box.bbox.y));
    const w = Math.min(grey.width - x, Math.ceil(box.bbox.w));
    const h = Math.min(grey.height - y, Math.ceil(box.bbox.h));
    if (w < 2 || h < 2) return null;
    const webp = await sharp(grey.data, raw)
      .extract({ left: x, top: y, width: w, height: h })
      .webp({ quality: 80, effort: 0 })
      .toBuffer();
    const key = cropKey(i);
    await put(key, webp);
    return { name: box.name, question: box.question, key, bbox: { x, y, w, h } };
  });
  const crops = (await Promise.all(cut)).filter((c): c is Crop => c !== null);
  return { ok: true, result, crops };
}
