import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import sharp from 'sharp';
import type { SplitOptions } from '@yj/omr/node';
import { AppError, fail } from '../../errors';
import { declaredZipSize, writeZipEntry, ZipEntryTooLarge } from '../../lib/zip-read';
import type { SplitOutcome } from './scan-pages';

/** What cuts a file into pages: the page pool, bound to the uploader and request (`PagePool.split` with a job). */
export interface PageSplitter {
  split(data: Buffer, kind: 'tif' | 'pdf', opts: SplitOptions): Promise<SplitOutcome>;
}

/** One uploaded file: in memory (a zip entry) or where the upload streamed it to disk. */
export type InputFile = { name: string } & ({ data: Buffer } | { path: string });

const bytesOf = (f: InputFile): Promise<Buffer> => ('data' in f ? Promise.resolve(f.data) : readFile(f.path));

/** One page to store: an image the browser can show, and the hash that makes a re-upload a duplicate. */
export interface PageImage {
  fileName: string;
  pageInFile: number;
  data: Buffer;
  ext: 'jpg' | 'png' | 'tif' | 'pdf';
  sha256: string;
}

export type FileKind = 'jpg' | 'png' | 'tif' | 'pdf' | 'zip';

export const SCAN_LIMITS = {
  /** pages of one upload request */
  pages: 2000,
  /** pages of one PDF or TIFF */
  pagesPerFile: 500,
  /** bytes of everything unpacked from one zip */
  unzippedBytes: 1024 * 1024 * 1024,
  /** bytes of one file unpacked from a zip (as for one uploaded file) */
  zipEntryBytes: 200 * 1024 * 1024,
  /**
   * pixels of one page: an A4 sheet at 600 dpi is 35 M. Larger pages are refused from their header, before decoding:
   * a 16,000² TIFF of 800 KB would otherwise take 1.5 GB to decode.
   */
  pagePixels: 40_000_000,
  /** PDF pages are rendered at the default scan resolution (spec §9) */
  pdfDpi: 200,
};

const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

/** The kind of a file by its first bytes (names lie); null when it is none we take. */
export function sniff(b: Buffer): FileKind | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    b.length >= 4 &&
    (b.subarray(0, 4).equals(Buffer.from('II*\0')) || b.subarray(0, 4).equals(Buffer.from('MM\0*')))
  )
    return 'tif';
  if (b.length >= 5 && b.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) return 'zip';
  return null;
}

const unsupported = (name: string) => fail('fileFormatUnsupported', { name });

/** Base name without folders and extension (for the digits-only rule of spec §5). */
export const stem = (name: string): string => path.basename(name).replace(/\.[^.]*$/, '');

const byName = new Intl.Collator('zh-CN', { numeric: true });

const zipTooLarge = (name: string) => fail('zipTooLarge', { name });

/**
 * The entries of a zip, each unpacked to a file in `dir` (never held in memory), in name order. Refused before
 * anything is inflated when the sizes the zip declares are over the limits; while inflating, an entry is stopped
 * past its declared size or the budget, and at its first bytes when it is no image or PDF we take.
 */
async function unzip(name: string, data: Buffer, dir: string): Promise<InputFile[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch {
    throw fail('zipUnreadable', { name });
  }
  const entries = Object.values(zip.files)
    .filter((e) => !e.dir && !e.name.startsWith('__MACOSX/') && !path.basename(e.name).startsWith('.'))
    .sort((a, b) => byName.compare(a.name, b.name));
  if (entries.length > SCAN_LIMITS.pages) throw fail('uploadTooManyPages', { max: SCAN_LIMITS.pages });
  const declared = entries.map((e) => declaredZipSize(e) ?? 0);
  if (
    declared.some((n) => n > SCAN_LIMITS.zipEntryBytes) ||
    declared.reduce((a, b) => a + b, 0) > SCAN_LIMITS.unzippedBytes
  )
    throw zipTooLarge(name);
  const out: InputFile[] = [];
  let total = 0;
  for (const e of entries) {
    const file = path.join(dir, String(out.length));
    // each entry read within what is left of the zip's budget: a lying or huge entry stops the read there
    const budget = Math.min(SCAN_LIMITS.zipEntryBytes, SCAN_LIMITS.unzippedBytes - total);
    total += await writeZipEntry(e, file, budget, (head) => {
      const kind = sniff(head);
      if (!kind || kind === 'zip') throw unsupported(e.name);
    }).catch((err: unknown) => {
      if (err instanceof ZipEntryTooLarge) throw zipTooLarge(name);
      if (err instanceof AppError) throw err;
      throw fail('zipCorrupt', { name });
    });
    out.push({ name: e.name, path: file });
  }
  return out;
}

const pageTooLarge = (name: string, page: number) => fail('filePageTooLarge', { name, page: page + 1 });

/** A single image: refused from its header when decoding it would take more than the page pixel cap. */
async function checkImagePixels(name: string, data: Buffer): Promise<void> {
  // the header only (sharp's own pixel limit would fail this read, and the image be kept as unreadable)
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  // unreadable images are kept: recognition reports them as image exceptions
  if (meta?.width && meta.height && meta.width * meta.height > SCAN_LIMITS.pagePixels)
    throw pageTooLarge(name, 0);
}

/**
 * The pages of a multi-page TIFF or PDF (the same split as the scan agent's, from @yj/omr/node), cut on the page pool's
 * worker threads. A file that cannot be read is kept as one page, so recognition reports it as an image exception.
 * `only` renders just that page (the template builder needs one).
 */
export async function filePages(
  pool: PageSplitter,
  file: { name: string; data: Buffer },
  kind: 'tif' | 'pdf',
  only?: number,
): Promise<PageImage[]> {
  const whole = sha256(file.data);
  const out = await pool.split(file.data, kind, {
    maxPages: SCAN_LIMITS.pagesPerFile,
    pdfDpi: SCAN_LIMITS.pdfDpi,
    maxPixels: SCAN_LIMITS.pagePixels,
    only,
  });
  if (!out.ok) {
    if (out.reason === 'tooLarge') throw pageTooLarge(file.name, out.page);
    if (out.reason === 'tooMany')
      throw fail('fileTooManyPages', { name: file.name, max: SCAN_LIMITS.pagesPerFile });
    if (out.reason === 'overBudget') throw fail('pageRenderOverBudget', { name: file.name });
    if (out.reason === 'uploaderBudget') throw fail('uploaderRenderBudget');
    throw fail('fileLacksPage', { count: out.count, page: (only ?? 0) + 1 });
  }
  if (!out.images) return [{ fileName: file.name, pageInFile: 0, data: file.data, ext: kind, sha256: whole }];
  return out.images.map((data, i) => {
    const n = only ?? i;
    return {
      fileName: file.name,
      pageInFile: n,
      data: Buffer.from(data),
      ext: 'jpg',
      sha256: sha256(`${whole}:${n}`),
    };
  });
}

/**
 * Turns uploaded files into pages in upload order: images as they are, zip entries by name,
 * TIFF and PDF pages one by one. A file of another kind refuses the whole upload (nothing is stored).
 */
export async function expandFiles(
  pool: PageSplitter,
  files: InputFile[],
  nested = false,
): Promise<PageImage[]> {
  const pages: PageImage[] = [];
  for (const file of files) {
    const data = await bytesOf(file);
    const kind = sniff(data);
    if (!kind || (nested && kind === 'zip')) throw unsupported(file.name);
    if (kind === 'zip') pages.push(...(await zipPages(pool, file.name, data)));
    else if (kind === 'tif' || kind === 'pdf')
      pages.push(...(await filePages(pool, { name: file.name, data }, kind)));
    else {
      await checkImagePixels(file.name, data);
      pages.push({ fileName: file.name, pageInFile: 0, data, ext: kind, sha256: sha256(data) });
    }
    if (pages.length > SCAN_LIMITS.pages) throw fail('uploadTooManyPages', { max: SCAN_LIMITS.pages });
  }
  return pages;
}

/** A zip's pages: its entries unpacked to a temporary folder, read one at a time, the folder removed after. */
async function zipPages(pool: PageSplitter, name: string, data: Buffer): Promise<PageImage[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'yj-unzip-'));
  try {
    return await expandFiles(pool, await unzip(name, data, dir), true);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
