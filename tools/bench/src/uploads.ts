// npm run bench:uploads — what a 200-page PDF upload costs everyone else (issue 19, point 4). The yardstick, in the
// same run: the pages rendered on the API's own thread by today's splitter. That splitter already yields between
// pages (issue 28), so the yardstick's stall is one page's render, not the whole file's as before issue 19. The
// figure is the longest time the event loop (every other request) waited while the file was cut into pages, and the
// wall time of the cut.
import { splitFilePages } from '@yj/omr/node';
import { SCAN_LIMITS } from '../../../apps/server/src/modules/upload/scan-input';
import { pagePool } from '../../../apps/server/src/modules/upload/scan-pages';

const PAGES = Number(process.env.BENCH_PAGES ?? 200);

async function blankPdf(pages: number): Promise<Buffer> {
  const mupdf = await import('mupdf');
  const buf = new mupdf.Buffer();
  const writer = new mupdf.DocumentWriter(buf, 'pdf', '');
  for (let i = 0; i < pages; i++) {
    writer.beginPage([0, 0, 595, 842]);
    writer.endPage();
  }
  writer.close();
  return Buffer.from(buf.asUint8Array());
}

/** Runs `work`, returning its wall time and the longest gap between two ticks of a 10 ms timer meanwhile (ms). */
async function measure(work: () => Promise<unknown>): Promise<{ ms: number; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 10);
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  // one more tick, so a stall that lasted until the end is seen
  await new Promise((r) => setTimeout(r, 30));
  clearInterval(ticker);
  return { ms, stallMs };
}

const opts = {
  maxPages: SCAN_LIMITS.pagesPerFile,
  pdfDpi: SCAN_LIMITS.pdfDpi,
  maxPixels: SCAN_LIMITS.pagePixels,
};
const pdf = await blankPdf(PAGES);
console.log(
  `${PAGES}-page PDF of ${(pdf.length / 1024).toFixed(0)} KB, rendered at ${SCAN_LIMITS.pdfDpi} dpi`,
);
await splitFilePages(await blankPdf(1), 'pdf', opts); // warm-up: mupdf's wasm loaded
const old = await measure(() => splitFilePages(pdf, 'pdf', opts));
const pool = pagePool();
await pool.split(await blankPdf(1), 'pdf', opts); // warm-up: the worker started
const now = await measure(() => pool.split(pdf, 'pdf', opts));
await pool.close();
const row = (name: string, r: { ms: number; stallMs: number }) =>
  console.log(
    `${name.padEnd(46)} ${r.ms.toFixed(0).padStart(7)} ms   longest stall ${r.stallMs.toFixed(0).padStart(6)} ms`,
  );
row('on the API thread, page by page (yardstick)', old);
row('on the page pool (product)', now);
console.log(`longest stall: ${(now.stallMs / old.stallMs).toFixed(3)} × the yardstick's`);
