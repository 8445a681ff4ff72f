import { readFileSync } from 'node:fs';
import {
  openPdf,
  pageCount,
  PageTooLarge,
  pdfPageGrey,
  pdfRendererLoaded,
  photoAsPage,
  tiffPage,
  type PdfDocument,
} from '@yj/omr/node';
import type { PageTask, PageTaskOutcome } from './scan-pages';

// Worker thread of the page pool: one task counts a file's pages or cuts one page into JPEG, off the API's event
// loop. One page per task, so the pool can take turns between uploaders and stop a page that runs over its time.
// Errors become values: a class thrown here would reach the caller as a plain Error.

/**
 * CPU time of this thread (ms), from /proc/thread-self on Linux (USER_HZ 100): what a page cost, whatever else the
 * machine runs meanwhile. Null elsewhere (the caller then counts wall time).
 */
function threadCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'latin1');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}

/** The PDFs this thread has open, by file id: a file's next page needs no second parse (two kept, for turns). */
const open = new Map<number, PdfDocument>();
const KEPT = 2;

async function pdfOf(task: PageTask): Promise<PdfDocument | null> {
  const kept = open.get(task.file);
  if (kept) return kept;
  const doc = await openPdf(new Uint8Array(task.bytes));
  if (!doc) return null;
  open.set(task.file, doc);
  while (open.size > KEPT) {
    const [id, old] = open.entries().next().value!;
    open.delete(id);
    old.destroy();
  }
  return doc;
}

export default async function run(task: PageTask): Promise<PageTaskOutcome & { cpuMs?: number }> {
  const before = threadCpuMs();
  const out = await work(task);
  const after = threadCpuMs();
  return before === null || after === null ? out : { ...out, cpuMs: after - before };
}

async function work(task: PageTask): Promise<PageTaskOutcome> {
  // a view of the shared bytes: no copy per page
  const data = Buffer.from(task.bytes);
  try {
    if (task.kind === 'photo') {
      if (task.page === 'warm') return { ok: true, count: null };
      // sharp decodes and encodes (native): a photo task is never ended mid-run (only PDF renders are)
      return { ok: true, image: (await photoAsPage(data, task.card!)).bytes };
    }
    if (task.page === 'warm') {
      if (task.kind === 'pdf') await pdfRendererLoaded();
      return { ok: true, count: null };
    }
    if (task.page === null) return { ok: true, count: await pageCount(data, task.kind) };
    if (task.kind === 'tif') return { ok: true, image: await tiffPage(data, task.page, task.opts) };
    const doc = await pdfOf(task);
    if (!doc) return { ok: true, image: null };
    // raw grey pixels: the JPEG is encoded by the caller (native code must not run on a thread that may be ended)
    return { ok: true, grey: await pdfPageGrey(doc, task.page, task.opts) };
  } catch (e) {
    if (e instanceof PageTooLarge) return { ok: false, reason: 'tooLarge', page: e.page };
    // a page that will not render: the caller keeps the file whole (an image exception at recognition)
    return { ok: true, image: null };
  }
}
