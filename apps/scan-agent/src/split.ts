import { pagedKind, splitFilePages, TooManyPages } from '@yj/omr/node';
import { DEFAULT_DPI } from './codes';
import type { ScannedImage } from './drivers';

/** Pages of one file the agent takes (the server refuses more in one file, so the upload would never pass). */
export const MAX_PAGES_PER_FILE = 500;

export interface Expanded {
  pages: ScannedImage[];
  /** files left out, with why (shown as the scan problem) */
  refused: string[];
}

/**
 * Scanned files → pages in scan order: a multi-page TIFF or a PDF becomes one JPEG per page (the same split
 * as the server's upload, from @yj/omr/node), named `file#pN`; other images pass as they are. A file that
 * cannot be read stays whole and reaches the server as an image exception.
 */
export async function expandScanned(images: ScannedImage[]): Promise<Expanded> {
  const out: Expanded = { pages: [], refused: [] };
  for (const img of images) {
    const kind = pagedKind(img.bytes);
    if (!kind) {
      out.pages.push(img);
      continue;
    }
    let split: Buffer[] | null;
    try {
      split = await splitFilePages(img.bytes, kind, { maxPages: MAX_PAGES_PER_FILE, pdfDpi: DEFAULT_DPI });
    } catch (e) {
      if (e instanceof TooManyPages) {
        out.refused.push(
          `文件“${img.name}”有 ${e.count} 页，超过 ${MAX_PAGES_PER_FILE} 页，请分成几个文件扫描`,
        );
        continue;
      }
      // a page that will not render: the file goes whole, and the server reports it as an image exception
      split = null;
    }
    if (!split) out.pages.push(img);
    else if (split.length === 1) out.pages.push({ name: img.name, bytes: split[0]! });
    else split.forEach((bytes, n) => out.pages.push({ name: `${img.name}#p${n + 1}`, bytes }));
  }
  return out;
}
