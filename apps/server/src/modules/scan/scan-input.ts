import { createHash } from 'node:crypto';
import path from 'node:path';
import JSZip from 'jszip';
import { splitFilePages, TooManyPages } from '@yj/omr/node';
import { fail } from '../../errors';

/** One uploaded file, as received. */
export interface InputFile {
  name: string;
  data: Buffer;
}

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

const unsupported = (name: string) =>
  fail(`文件“${name}”不是支持的格式，请上传 jpg、png、tif、pdf 图片或 zip 压缩包`);

/** Base name without folders and extension (for the digits-only rule of spec §5). */
export const stem = (name: string): string => path.basename(name).replace(/\.[^.]*$/, '');

const byName = new Intl.Collator('zh-CN', { numeric: true });

async function unzip(file: InputFile): Promise<InputFile[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(file.data);
  } catch {
    throw fail(`压缩包“${file.name}”无法打开`);
  }
  const entries = Object.values(zip.files)
    .filter((e) => !e.dir && !e.name.startsWith('__MACOSX/') && !path.basename(e.name).startsWith('.'))
    .sort((a, b) => byName.compare(a.name, b.name));
  const out: InputFile[] = [];
  let total = 0;
  for (const e of entries) {
    const data = await e.async('nodebuffer');
    total += data.length;
    if (total > SCAN_LIMITS.unzippedBytes) throw fail(`压缩包“${file.name}”解压后过大`);
    out.push({ name: e.name, data });
  }
  return out;
}

/**
 * The pages of a multi-page TIFF or PDF (the same split as the scan agent's, from @yj/omr/node). A file that
 * cannot be read is kept as one page, so recognition reports it as an image exception.
 */
async function filePages(file: InputFile, kind: 'tif' | 'pdf'): Promise<PageImage[]> {
  const whole = sha256(file.data);
  let images: Buffer[] | null;
  try {
    images = await splitFilePages(file.data, kind, {
      maxPages: SCAN_LIMITS.pagesPerFile,
      pdfDpi: SCAN_LIMITS.pdfDpi,
    });
  } catch (e) {
    if (e instanceof TooManyPages) throw fail(`文件“${file.name}”超过 ${SCAN_LIMITS.pagesPerFile} 页`);
    throw e;
  }
  if (!images) return [{ fileName: file.name, pageInFile: 0, data: file.data, ext: kind, sha256: whole }];
  return images.map((data, n) => ({
    fileName: file.name,
    pageInFile: n,
    data,
    ext: 'jpg',
    sha256: sha256(`${whole}:${n}`),
  }));
}

/**
 * Turns uploaded files into pages in upload order: images as they are, zip entries by name,
 * TIFF and PDF pages one by one. A file of another kind refuses the whole upload (nothing is stored).
 */
export async function expandFiles(files: InputFile[], nested = false): Promise<PageImage[]> {
  const pages: PageImage[] = [];
  for (const file of files) {
    const kind = sniff(file.data);
    if (!kind || (nested && kind === 'zip')) throw unsupported(file.name);
    if (kind === 'zip') pages.push(...(await expandFiles(await unzip(file), true)));
    else if (kind === 'tif' || kind === 'pdf') pages.push(...(await filePages(file, kind)));
    else
      pages.push({
        fileName: file.name,
        pageInFile: 0,
        data: file.data,
        ext: kind,
        sha256: sha256(file.data),
      });
    if (pages.length > SCAN_LIMITS.pages) throw fail(`一次最多上传 ${SCAN_LIMITS.pages} 页，请分批上传`);
  }
  return pages;
}
