import type * as MupdfModule from 'mupdf';
import sharp from 'sharp';

// The one way a scanned file of several pages (multi-page TIFF, PDF) becomes one image per page, shared by
// the server's upload and the scan agent so both cut a file into the same pages.

/** A file holds more pages than the caller takes; nothing was rendered. */
export class TooManyPages extends Error {
  constructor(readonly count: number) {
    super(`${count} pages`);
  }
}

/** A page (0-based `page`) would decode to more pixels than the caller allows; nothing of it was decoded. */
export class PageTooLarge extends Error {
  constructor(readonly page: number) {
    super(`page ${page} too large`);
  }
}

/** The one page asked for is not in the file, which holds `count` pages. */
export class NoSuchPage extends Error {
  constructor(readonly count: number) {
    super(`${count} pages`);
  }
}

export interface SplitOptions {
  /** refuse files with more pages than this (before rendering any) */
  maxPages: number;
  /** resolution PDF pages are rendered at (spec §9: scans are 200 dpi) */
  pdfDpi: number;
  /** refuse a page that would decode to more pixels (checked from the page's size, before decoding it) */
  maxPixels?: number;
  /** render this page only (0-based): the result holds just it */
  only?: number;
}

/** The pages to render: all, or the one asked for (NoSuchPage when the file is shorter). */
function wanted(count: number, opts: SplitOptions): number[] {
  if (opts.only === undefined) return Array.from({ length: count }, (_, n) => n);
  if (opts.only >= count) throw new NoSuchPage(count);
  return [opts.only];
}

function checkPixels(
  page: number,
  width: number,
  height: number,
  opts: Pick<SplitOptions, 'maxPixels'>,
): void {
  if (opts.maxPixels !== undefined && width * height > opts.maxPixels) throw new PageTooLarge(page);
}

/** Whether bytes are a TIFF or a PDF (the kinds that may hold several pages); null for anything else. */
export function pagedKind(b: Uint8Array): 'tif' | 'pdf' | null {
  const head = Buffer.from(b.subarray(0, 5)).toString('latin1');
  if (head.startsWith('II*\0') || head.startsWith('MM\0*')) return 'tif';
  if (head === '%PDF-') return 'pdf';
  return null;
}

/** The page count of a TIFF or PDF; null when the file cannot be read (or is a PDF without pages). */
export async function pageCount(data: Buffer, kind: 'tif' | 'pdf'): Promise<number | null> {
  if (kind === 'tif') {
    try {
      return (await sharp(data).metadata()).pages ?? 1;
    } catch {
      return null;
    }
  }
  const doc = await openPdf(data);
  if (!doc) return null;
  try {
    return doc.countPages() || null;
  } finally {
    doc.destroy();
  }
}

/** Page `n` of a TIFF as JPEG; PageTooLarge when its header says it is over `maxPixels`. */
export async function tiffPage(
  data: Buffer,
  n: number,
  opts: Pick<SplitOptions, 'maxPixels'>,
): Promise<Buffer> {
  // the header gives the page's size: a 16,000² page is refused before its gigabyte of pixels exists
  const meta = await sharp(data, { page: n }).metadata();
  checkPixels(n, meta.width ?? 0, meta.height ?? 0, opts);
  const limitInputPixels = opts.maxPixels ?? true;
  return sharp(data, { page: n, limitInputPixels }).jpeg({ quality: 90 }).toBuffer();
}

async function tiffPages(data: Buffer, opts: SplitOptions): Promise<Buffer[] | null> {
  const count = await pageCount(data, 'tif');
  if (count === null) return null;
  if (count > opts.maxPages) throw new TooManyPages(count);
  const out: Buffer[] = [];
  for (const n of wanted(count, opts)) out.push(await tiffPage(data, n, opts));
  return out;
}

type Mupdf = typeof MupdfModule;
/** An open PDF (mupdf's document). */
export type PdfDocument = InstanceType<Mupdf['Document']>;

// mupdf is a large wasm module: loaded only when a PDF arrives
let mupdfModule: Promise<Mupdf> | null = null;
const mupdf = (): Promise<Mupdf> => (mupdfModule ??= import('mupdf'));

/** Loads the PDF renderer (a large WebAssembly module) ahead of the first page. */
export async function pdfRendererLoaded(): Promise<void> {
  await mupdf();
}

/** Opens a PDF; null when it cannot be read. The caller destroys it. */
export async function openPdf(data: Buffer | Uint8Array): Promise<PdfDocument | null> {
  const m = await mupdf();
  try {
    const doc = m.Document.openDocument(data, 'application/pdf');
    doc.countPages();
    return doc;
  } catch {
    return null;
  }
}

/** A grey page: one byte a pixel, rows packed. */
export interface GreyPage {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * Page `n` of an open PDF rendered grey at `dpi`; PageTooLarge when its size at that resolution is over
 * `maxPixels` (nothing rendered). The time it takes is the page's content: the renderer paints every path and fill
 * it draws (a thousand full-page fills are a thousand passes over the page's pixels), so a caller bounds it.
 * Pure WebAssembly: a thread may be ended while it runs.
 */
export async function pdfPageGrey(
  doc: PdfDocument,
  n: number,
  opts: Pick<SplitOptions, 'pdfDpi' | 'maxPixels'>,
): Promise<GreyPage> {
  const m = await mupdf();
  const scale = opts.pdfDpi / 72;
  const page = doc.loadPage(n);
  try {
    const [x0, y0, x1, y1] = page.getBounds();
    checkPixels(n, Math.ceil((x1 - x0) * scale), Math.ceil((y1 - y0) * scale), opts);
    const pix = page.toPixmap(m.Matrix.scale(scale, scale), m.ColorSpace.DeviceGray, false, true);
    try {
      const width = pix.getWidth();
      const height = pix.getHeight();
      const stride = pix.getStride();
      const samples = pix.getPixels();
      // copied out of the renderer's memory, row by row when rows are padded
      const data = new Uint8Array(width * height);
      if (stride === width) data.set(samples.subarray(0, width * height));
      else
        for (let y = 0; y < height; y++)
          data.set(samples.subarray(y * stride, y * stride + width), y * width);
      return { data, width, height };
    } finally {
      pix.destroy();
    }
  } finally {
    page.destroy();
  }
}

/**
 * A grey page as JPEG, by libjpeg-turbo (sharp): mupdf's own encoder (WebAssembly) took 3 s for an A3 page at
 * 200 dpi, more than the rendering itself — why a scanned PDF page cost seconds (issue 28).
 */
export const greyJpeg = (g: GreyPage): Promise<Buffer> =>
  sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } })
    .jpeg({ quality: 90 })
    .toBuffer();

/** Page `n` of an open PDF rendered grey at `dpi`, as JPEG (see `pdfPageGrey`). */
export async function pdfPage(
  doc: PdfDocument,
  n: number,
  opts: Pick<SplitOptions, 'pdfDpi' | 'maxPixels'>,
): Promise<Buffer> {
  return greyJpeg(await pdfPageGrey(doc, n, opts));
}

async function pdfPages(data: Buffer, opts: SplitOptions): Promise<Buffer[] | null> {
  const doc = await openPdf(data);
  if (!doc) return null;
  try {
    const count = doc.countPages();
    if (count === 0) return null;
    if (count > opts.maxPages) throw new TooManyPages(count);
    const out: Buffer[] = [];
    for (const n of wanted(count, opts)) out.push(await pdfPage(doc, n, opts));
    return out;
  } finally {
    doc.destroy();
  }
}

/**
 * The pages of a TIFF or PDF as JPEG images, in file order. Null when the file cannot be read (or is a PDF
 * without pages): the caller keeps it whole so recognition reports it as an image exception. Throws
 * TooManyPages above `maxPages`, PageTooLarge for a page over `maxPixels`, NoSuchPage when `only` is past the end.
 */
export function splitFilePages(
  data: Buffer,
  kind: 'tif' | 'pdf',
  opts: SplitOptions,
): Promise<Buffer[] | null> {
  return kind === 'tif' ? tiffPages(data, opts) : pdfPages(data, opts);
}
