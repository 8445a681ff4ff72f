import os from 'node:os';
import sharp from 'sharp';
import type {
  BlockRegion,
  CardTemplate,
  ScanExceptionTypeValue,
  StoredCrop,
  StoredManualAnchors,
} from '@yj/contracts';
import {
  inkPrint,
  recognizePage,
  recognizeWithPoints,
  withoutThinStreaks,
  type GreyImage,
  type OmrExceptionTypeValue,
  type PageResult,
} from '@yj/omr';
import { decodeGrey, loadZxingReader, readAgainIfRaised, withPageSlot } from '@yj/omr/node';
import { threadPool } from '../../../infra/threads';
import { workerEntry, workerExecArgv } from '../../../server-root';
import { cutRegions } from '../image/cut-pixels';
import { blankImages, type BlankPicture } from './scan-blanks';

/** A registration marked by a person on a 定位异常 page: the card page and the image points of its anchors. */
export type ManualAnchors = StoredManualAnchors;

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
  subjective: 'subjective',
  blankPage: 'blank',
  wrongPage: 'wrongPage',
  imageProblem: 'image',
};

/**
 * A subjective region of a recognised page: its place in image pixels (clamped to the image) and the
 * storage key its cut image gets when first looked at (scan-cut.ts). Nothing is cut during recognition.
 */
export type Crop = StoredCrop;

/**
 * The block cuts made from a page while it is decoded: one per block asked for, null for a block this page
 * cannot give whole (a region on another page, or the page did not register).
 */
export type PageCuts = (Uint8Array | null)[];

export type Computed =
  | { ok: true; result: PageResult; size: { width: number; height: number }; cuts?: PageCuts }
  | { ok: false; reason: string };
export type PageOutcome =
  { ok: true; result: PageResult; crops: Crop[]; cuts?: PageCuts } | { ok: false; reason: string };

/**
 * The marking images of the blocks lying wholly on this page (issue 13: cut at recognition, where the page is
 * decoded already — a cut then costs the crop and the JPEG, not another decode, and no marker waits for it). The
 * pixels are those an on-demand cut would decode (cut-pixels.ts), so the bytes are the same.
 */
async function cutsOf(grey: GreyImage, result: PageResult, blocks: BlockRegion[][]): Promise<PageCuts> {
  const at = result.pageIndex;
  const matrix = result.registration?.matrix;
  // the page as recognition read it (thin streaks painted over), once for all its blocks
  const img = withoutThinStreaks(grey, result.streaks);
  const out: PageCuts = [];
  for (const regions of blocks) {
    if (at === null || !matrix || !regions.length || regions.some((r) => r.page !== at)) out.push(null);
    else out.push(new Uint8Array(await cutRegions(regions, async () => ({ img, matrix }))));
  }
  return out;
}

/**
 * The CPU part of a page, run on a worker thread: decodes once (greyscale raw, into a buffer reused from page
 * to page: withPageSlot), recognises, cuts its blocks. Nothing returned is a view of the pixels.
 */
export function computePage(
  bytes: Uint8Array,
  card: CardTemplate,
  manual?: ManualAnchors,
  blanks?: BlankPicture[],
  blocks?: BlockRegion[][],
): Promise<Computed> {
  return withPageSlot(async (slot): Promise<Computed> => {
    let grey: GreyImage;
    try {
      grey = await decodeGrey(bytes, false, slot);
    } catch (err) {
      // a PDF or TIFF reaches here only when splitting it into pages failed at upload (empty or damaged)
      if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46)
        return { ok: false, reason: 'PDF 文件没有页面或已损坏，无法读取' };
      return { ok: false, reason: `图像无法读取（${(err as Error).message.slice(0, 200)}）` };
    }
    const read = (img: GreyImage) => readGrey(img, card, manual, blanks);
    // decoded fast; a page that raises anything is decoded again accurately and read again. The cuts below
    // come from the first decode, as an on-demand cut decodes the page.
    const result = await readAgainIfRaised(bytes, await read(grey), read);
    const size = { width: grey.width, height: grey.height };
    if (!blocks?.length) return { ok: true, result, size };
    return { ok: true, result, size, cuts: await cutsOf(grey, result, blocks) };
  });
}

/**
 * A decoded page read as recognition reads it: registered by the anchors a person marked, or found, with the
 * card's printed blanks (decoded once per thread). On a worker thread.
 */
async function readGrey(
  img: GreyImage,
  card: CardTemplate,
  manual?: ManualAnchors,
  blanks?: BlankPicture[],
): Promise<PageResult> {
  const opts = { reader: await loadZxingReader(), blanks: await blankImages(blanks) };
  return manual
    ? recognizeWithPoints(img, card, manual.pageIndex, manual.points, opts)
    : recognizePage(img, card, opts);
}

/**
 * The ink print of a stored page (packages/omr ink-print.ts), run on a worker thread: decoded and registered as
 * recognition does it, then printed against the page's printed blank. Null where the page does not register, the
 * card has no picture for it, or too little is written on it. Only the one-sheet-in-two-papers check asks for it
 * (same-sheet.ts), for a few pages of a late paper: recognition itself never pays for it.
 */
export function printPage(
  bytes: Uint8Array,
  card: CardTemplate,
  manual?: ManualAnchors,
  blanks?: BlankPicture[],
): Promise<Uint8Array | null> {
  return withPageSlot(async (slot) => {
    const grey = await decodeGrey(bytes, false, slot).catch(() => null);
    if (!grey) return null;
    const result = await readGrey(grey, card, manual, blanks);
    const page = card.pages.find((p) => p.index === result.pageIndex);
    if (!page || !result.registration) return null;
    const blank = (await blankImages(blanks))[page.index];
    return inkPrint(grey, result.registration.matrix, page, blank)?.cells ?? null;
  });
}

/** The subjective boxes of a result as crops: whole pixels inside the image; boxes off the image dropped. */
export function cropsOf(
  result: PageResult,
  size: { width: number; height: number },
  cropKey: (index: number) => string,
): Crop[] {
  const crops: Crop[] = [];
  for (const box of result.subjective) {
    const x = Math.max(0, Math.floor(box.bbox.x));
    const y = Math.max(0, Math.floor(box.bbox.y));
    const w = Math.min(size.width - x, Math.ceil(box.bbox.w));
    const h = Math.min(size.height - y, Math.ceil(box.bbox.h));
    if (w < 2 || h < 2) continue;
    crops.push({ name: box.name, question: box.question, key: cropKey(crops.length), bbox: { x, y, w, h } });
  }
  return crops;
}

/** Where pages are computed: a pool of worker threads, so the API process's event loop stays free. */
export interface RecognizePool {
  run(
    bytes: Uint8Array,
    card: CardTemplate,
    manual?: ManualAnchors,
    blanks?: BlankPicture[],
    blocks?: BlockRegion[][],
  ): Promise<Computed>;
  /** a stored page's ink print (printPage) */
  print(
    bytes: Uint8Array,
    card: CardTemplate,
    manual?: ManualAnchors,
    blanks?: BlankPicture[],
  ): Promise<Uint8Array | null>;
  close(): Promise<void>;
}

/** A worker-thread pool sized to the cores (DESIGN.md §1); each thread keeps its own zxing reader. */
export function recognizePool(threads = Math.max(1, os.availableParallelism())): RecognizePool {
  const pool = threadPool({
    filename: workerEntry('modules/scan/recognition/recognize.worker.ts'),
    maxThreads: threads,
    idleTimeout: 30_000,
    execArgv: workerExecArgv(),
  });
  return {
    // a copy of the page's bytes moves to the thread (made again if the page goes to another thread); the
    // template pictures are copied (the job side keeps them)
    run: (bytes, card, manual, blanks, blocks) =>
      pool.run<Computed>(() => {
        const own = new Uint8Array(bytes);
        return { task: { bytes: own, card, manual, blanks, blocks }, transferList: [own.buffer] };
      }),
    print: (bytes, card, manual, blanks) =>
      pool.run<Uint8Array | null>(() => {
        const own = new Uint8Array(bytes);
        return { task: { print: true, bytes: own, card, manual, blanks }, transferList: [own.buffer] };
      }),
    // waits for the pages in flight: a thread ended inside a native JPEG decode aborts the process (threads.ts)
    close: () => pool.close(),
  };
}

/** Recognises a stored page on the pool; its subjective regions are named, not yet cut. */
export async function recognizeStored(
  pool: RecognizePool,
  bytes: Buffer,
  card: CardTemplate,
  cropKey: (index: number) => string,
  manual?: ManualAnchors,
  blanks?: BlankPicture[],
  blocks?: BlockRegion[][],
): Promise<PageOutcome> {
  const out = await pool.run(bytes, card, manual, blanks, blocks);
  if (!out.ok) return out;
  const crops = cropsOf(out.result, out.size, cropKey);
  return { ok: true, result: out.result, crops, ...(out.cuts ? { cuts: out.cuts } : {}) };
}
