import os from 'node:os';
import { Piscina } from 'piscina';
import sharp from 'sharp';
import type { CardTemplate, ScanExceptionTypeValue } from '@yj/contracts';
import {
  recognizePage,
  recognizeWithPoints,
  type GreyImage,
  type OmrExceptionTypeValue,
  type PageResult,
  type Point,
} from '@yj/omr';
import { decodeGrey, loadZxingReader } from '@yj/omr/node';

/** A registration marked by a person on a 定位异常 page: the card page and the image points of its anchors. */
export interface ManualAnchors {
  pageIndex: number;
  points: Point[];
}

// Pages are decoded in parallel on the worker threads, each using one libvips thread.
sharp.concurrency(1);

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

/** A cut region before it is stored: JPEG bytes beside its place on the page. */
export interface Cut {
  name: string;
  question: string;
  bbox: Crop['bbox'];
  jpeg: Uint8Array;
}

export type Computed = { ok: true; result: PageResult; cuts: Cut[] } | { ok: false; reason: string };
export type PageOutcome = { ok: true; result: PageResult; crops: Crop[] } | { ok: false; reason: string };

/**
 * The CPU part of a page, run on a worker thread: decodes once (greyscale raw), recognises, and cuts the
 * subjective boxes from the same pixels.
 */
export async function computePage(
  bytes: Uint8Array,
  card: CardTemplate,
  manual?: ManualAnchors,
): Promise<Computed> {
  let grey: GreyImage;
  try {
    grey = await decodeGrey(bytes);
  } catch (err) {
    return { ok: false, reason: `图像无法读取（${(err as Error).message.slice(0, 200)}）` };
  }
  const reader = await loadZxingReader();
  const result = manual
    ? await recognizeWithPoints(grey, card, manual.pageIndex, manual.points, { reader })
    : await recognizePage(grey, card, { reader });
  const raw = { raw: { width: grey.width, height: grey.height, channels: 1 as const } };
  // JPEG without entropy optimisation: ~8 ms for a half-page box where WebP's fastest effort takes ~36 ms
  // (measured on a 940×1980 box); the files are ~2.5× larger, a fair price on the recognition hot path.
  const cut = result.subjective.map(async (box): Promise<Cut | null> => {
    const x = Math.max(0, Math.floor(box.bbox.x));
    const y = Math.max(0, Math.floor(box.bbox.y));
    const w = Math.min(grey.width - x, Math.ceil(box.bbox.w));
    const h = Math.min(grey.height - y, Math.ceil(box.bbox.h));
    if (w < 2 || h < 2) return null;
    const jpeg = await sharp(grey.data, raw)
      .extract({ left: x, top: y, width: w, height: h })
      .jpeg({ quality: 80, optimiseCoding: false })
      .toBuffer();
    return { name: box.name, question: box.question, bbox: { x, y, w, h }, jpeg: new Uint8Array(jpeg) };
  });
  return { ok: true, result, cuts: (await Promise.all(cut)).filter((c): c is Cut => c !== null) };
}

/** Where pages are computed: a pool of worker threads, so the API process's event loop stays free. */
export interface RecognizePool {
  run(bytes: Uint8Array, card: CardTemplate, manual?: ManualAnchors): Promise<Computed>;
  close(): Promise<void>;
}

/** A worker-thread pool sized to the cores (DESIGN.md §1); each thread keeps its own zxing reader. */
export function recognizePool(threads = Math.max(1, os.availableParallelism())): RecognizePool {
  // The server runs TypeScript through tsx; worker threads need the same loader (also under vitest).
  const execArgv = process.execArgv.some((a) => a.includes('tsx'))
    ? process.execArgv
    : [...process.execArgv, '--import', 'tsx'];
  const pool = new Piscina({
    filename: new URL('./recognize.worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 30_000,
    execArgv,
  });
  return {
    run: (bytes, card, manual) =>
      pool.run({ bytes, card, manual }, { transferList: [bytes.buffer as ArrayBuffer] }),
    close: () => pool.destroy(),
  };
}

/** Recognises a stored page on the pool and stores its cut regions. */
export async function recognizeStored(
  pool: RecognizePool,
  bytes: Buffer,
  card: CardTemplate,
  cropKey: (index: number) => string,
  put: (key: string, body: Buffer) => Promise<void>,
  manual?: ManualAnchors,
): Promise<PageOutcome> {
  // A copy the worker can own: storage buffers may share a pooled ArrayBuffer.
  const out = await pool.run(new Uint8Array(bytes), card, manual);
  if (!out.ok) return out;
  const crops = await Promise.all(
    out.cuts.map(async (c, i): Promise<Crop> => {
      const key = cropKey(i);
      await put(key, Buffer.from(c.jpeg.buffer, c.jpeg.byteOffset, c.jpeg.byteLength));
      return { name: c.name, question: c.question, key, bbox: c.bbox };
    }),
  );
  return { ok: true, result: out.result, crops };
}
