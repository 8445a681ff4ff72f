import { afterEach, describe, expect, it } from 'vitest';
import { sharedContentPdf } from '../../../test/hostile-files';
import { SCAN_LIMITS } from './scan-input';
import { pagePool, RENDER_BUDGET, type PagePool } from './scan-pages';

// The page pool's turns and budgets (issue 28): a render stops when its request goes away or the server stops,
// an uploader's render time is bounded, and uploaders take turns page by page.

const opts = {
  maxPages: SCAN_LIMITS.pagesPerFile,
  pdfDpi: SCAN_LIMITS.pdfDpi,
  maxPixels: SCAN_LIMITS.pagePixels,
};
/** one page that renders for half a minute or more: a thousand full-page fills */
const slow = sharedContentPdf(1, '0 0 842 1191 re f\n'.repeat(1000));
/** small blank pages: a few milliseconds each */
const blank = (pages: number) => sharedContentPdf(pages, '', 72, 72);
/** A3 pages of ten full-page fills: a fraction of a second each, minutes for hundreds */
const busy = (pages: number) => sharedContentPdf(pages, '0 0 842 1191 re f\n'.repeat(10));
/** budgets no render here reaches: what stops a render is what the test does */
const roomy = { ...RENDER_BUDGET, pageMs: 600_000, fileMsPerPage: 600_000 };

let pool: PagePool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

async function untilRunning(p: PagePool) {
  while (p.load().running === 0) await new Promise((r) => setTimeout(r, 20));
}

describe('page pool', () => {
  it('stops a render when its request is abandoned, and renders the next file', async () => {
    pool = pagePool(1, roomy);
    const gone = new AbortController();
    const render = pool.split(slow, 'pdf', opts, { user: 1, signal: gone.signal });
    await untilRunning(pool);
    gone.abort();
    await expect(render).rejects.toMatchObject({ message: '上传已取消' });
    expect(pool.load()).toEqual({ running: 0, waiting: 0 });
    expect(await pool.split(blank(1), 'pdf', opts, { user: 2 })).toMatchObject({ ok: true });
  }, 120_000);

  it('stops a render in flight when the server stops', async () => {
    pool = pagePool(1, roomy);
    const render = pool.split(slow, 'pdf', opts, { user: 1 }).catch((e: unknown) => e);
    await untilRunning(pool);
    await pool.close();
    pool = null;
    expect(await render).toMatchObject({ message: '服务正在停止，请稍后重新上传' });
  }, 120_000);

  it("refuses an uploader's render once their time is used, not another uploader's", async () => {
    pool = pagePool(1, { ...roomy, userMs: 1 });
    // a page that costs some CPU: budgets count the thread's CPU time, in 10 ms ticks
    expect(await pool.split(busy(1), 'pdf', opts, { user: 1 })).toMatchObject({ ok: true });
    expect(await pool.split(blank(1), 'pdf', opts, { user: 1 })).toEqual({
      ok: false,
      reason: 'uploaderBudget',
    });
    expect(await pool.split(blank(1), 'pdf', opts, { user: 2 })).toMatchObject({ ok: true });
  }, 120_000);

  it("takes turns: a one-page file is done while another uploader's 300 pages are still rendering", async () => {
    pool = pagePool(1, roomy);
    let rendering = true;
    const gone = new AbortController();
    const big = pool
      .split(busy(300), 'pdf', opts, { user: 1, signal: gone.signal })
      .catch((e: unknown) => e)
      .finally(() => (rendering = false));
    await untilRunning(pool);
    const small = await pool.split(busy(1), 'pdf', opts, { user: 2 });
    expect(small).toMatchObject({ ok: true });
    expect(rendering).toBe(true);
    // the large one is not waited for: its request goes away
    gone.abort();
    expect(await big).toMatchObject({ message: '上传已取消' });
  }, 120_000);
});
