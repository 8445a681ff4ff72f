import { NoSuchPage, PageTooLarge, splitFilePages, TooManyPages, type SplitOptions } from '@yj/omr/node';
import type { SplitOutcome } from './scan-pages';

// Worker thread of the page pool: cut a PDF or multi-page TIFF into JPEG pages off the API's event loop.
// Errors become values: a class thrown here would reach the caller as a plain Error.
export default async function split(task: {
  bytes: Uint8Array;
  kind: 'tif' | 'pdf';
  opts: SplitOptions;
}): Promise<SplitOutcome> {
  const data = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  try {
    const images = await splitFilePages(data, task.kind, task.opts);
    return { ok: true, images };
  } catch (e) {
    if (e instanceof TooManyPages) return { ok: false, reason: 'tooMany', count: e.count };
    if (e instanceof NoSuchPage) return { ok: false, reason: 'noSuchPage', count: e.count };
    if (e instanceof PageTooLarge) return { ok: false, reason: 'tooLarge', page: e.page };
    // a page that will not render: the caller keeps the file whole (an image exception at recognition)
    return { ok: true, images: null };
  }
}
