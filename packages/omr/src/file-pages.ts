import sharp from 'sharp';

// The one way a scanned file of several pages (multi-page TIFF, PDF) becomes one image per page, shared by
// the server's upload and the scan agent so both cut a file into the same pages.

/** A file holds more pages than the caller takes; nothing was rendered. */
export class TooManyPages extends Error {
  constructor(readonly count: number) {
    super(`${count} pages`);
  }
}

export interface SplitOptions {
  /** refuse files with more pages than this (before rendering any) */
  maxPages: number;
  /** resolution PDF pages are rendered at (spec §9: scans are 200 dpi) */
  pdfDpi: number;
}

/** Whether bytes are a TIFF or a PDF (the kinds that may hold several pages); null for anything else. */
export function pagedKind(b: Uint8Array): 'tif' | 'pdf' | null {
  const head = Buffer.from(b.subarray(0, 5)).toString('latin1');
  if (head.startsWith('II*\0') || head.startsWith('MM\0*')) return 'tif';
  if (head === '%PDF-') return 'pdf';
  return null;
}

async function tiffPages(data: Buffer, opts: SplitOptions): Promise<Buffer[] | null> {
  let count: number;
  try {
    count = (await sharp(data).metadata()).pages ?? 1;
  } catch {
    return null;
  }
  if (count > opts.maxPages) throw new TooManyPages(count);
  const out: Buffer[] = [];
  for (let n = 0; n < count; n++) out.push(await sharp(data, { page: n }).jpeg({ quality: 90 }).toBuffer());
  return out;
}

async function pdfPages(data: Buffer, opts: SplitOptions): Promise<Buffer[] | null> {
  // mupdf is a large wasm module: loaded only when a PDF arrives
  const mupdf = await import('mupdf');
  let doc: InstanceType<typeof mupdf.Document>;
  let count: number;
  try {
    doc = mupdf.Document.openDocument(data, 'application/pdf');
    count = doc.countPages();
  } catch {
    return null;
  }
  try {
    if (count === 0) return null;
    if (count > opts.maxPages) throw new TooManyPages(count);
    const scale = opts.pdfDpi / 72;
    const out: Buffer[] = [];
    for (let n = 0; n < count; n++) {
      const page = doc.loadPage(n);
      const pix = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, true);
      out.push(Buffer.from(pix.asJPEG(90)));
      pix.destroy();
      page.destroy();
    }
    return out;
  } finally {
    doc.destroy();
  }
}

/**
 * The pages of a TIFF or PDF as JPEG images, in file order. Null when the file cannot be read (or is a PDF
 * without pages): the caller keeps it whole so recognition reports it as an image exception. Throws
 * TooManyPages above `maxPages`.
 */
export function splitFilePages(
  data: Buffer,
  kind: 'tif' | 'pdf',
  opts: SplitOptions,
): Promise<Buffer[] | null> {
  return kind === 'tif' ? tiffPages(data, opts) : pdfPages(data, opts);
}
