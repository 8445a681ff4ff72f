import os from 'node:os';
import type { CardTemplate } from '@yj/contracts';
import { greyJpeg, type GreyPage, type SplitOptions } from '@yj/omr/node';
import { threadPool } from '../../infra/threads';
import { workerEntry, workerExecArgv } from '../../server-root';
import { failStatus, type AppError } from '../../errors';

/** What the page pool answers for one file; refusals are values. */
export type SplitOutcome =
  | { ok: true; images: Uint8Array[] | null }
  | { ok: false; reason: 'tooMany' | 'noSuchPage'; count: number }
  | { ok: false; reason: 'tooLarge'; page: number }
  /** a page ran over its time, or the file over its pages × time: stopped there */
  | { ok: false; reason: 'overBudget' }
  /** the uploader has used the render time of the window */
  | { ok: false; reason: 'uploaderBudget' };

/**
 * One task of a page thread: count a file's pages (`page` null) or cut one page; or (kind 'photo') straighten a
 * phone photo of a sheet to the card's page (`card`).
 */
export interface PageTask {
  /** names the file across its pages, so a thread parses a PDF once */
  file: number;
  bytes: SharedArrayBuffer;
  kind: 'tif' | 'pdf' | 'photo';
  card?: CardTemplate;
  /** 'warm': start the thread and load the renderer, so a page's time is the page's alone */
  page: number | null | 'warm';
  opts: Pick<SplitOptions, 'pdfDpi' | 'maxPixels'>;
}
export type PageTaskOutcome = (
  | { ok: true; count: number | null }
  | { ok: true; image: Uint8Array | null }
  | { ok: true; grey: GreyPage }
  | { ok: false; reason: 'tooLarge'; page: number }
) & {
  /** the thread's CPU time for the task (Linux); wall time is counted when absent */
  cpuMs?: number;
};

/** Who a render is for: the uploader takes turns with the others, and an abandoned request stops its render. */
export interface RenderJob {
  user: number;
  signal?: AbortSignal;
}

/**
 * What rendering may cost. A scanned A3 page renders in about 0.5 s at 200 dpi on a two-core machine under a load
 * of 18, so these leave room; a PDF drawn to be slow (a thousand full-page fills a page, ~30 s) is stopped at its
 * first page instead of holding a thread for minutes.
 */
export const RENDER_BUDGET = {
  /** one page (and counting a file's pages), in the thread's CPU time */
  pageMs: 3000,
  /** a file: its pages × this */
  fileMsPerPage: 1500,
  /** an uploader: render time within the window; a file started within it may finish (it has its own budget) */
  userMs: 10 * 60_000,
  userWindowMs: 30 * 60_000,
};
export type RenderBudget = typeof RENDER_BUDGET;

/** Where PDF and multi-page TIFF files become pages: worker threads, so one upload never stalls the others. */
export interface PagePool {
  split(data: Buffer, kind: 'tif' | 'pdf', opts: SplitOptions, job?: RenderJob): Promise<SplitOutcome>;
  /**
   * A phone photo straightened to the card's page (JPEG), or the photo as it came when no sheet was found in it
   * (recognition then raises it with its picture); null past its time. 0.3–1 s of CPU a photo: on a page thread,
   * in the uploader's turn, never on the API's event loop.
   */
  straighten(data: Buffer, card: CardTemplate, job?: RenderJob): Promise<Buffer | null>;
  /** pages running and waiting (tests) */
  load(): { running: number; waiting: number };
  /** stops every render at once (the server is stopping), then the threads */
  close(): Promise<void>;
}

/** A task is ended when it has run this many times its budget on the wall clock (its CPU time is not known until it ends). */
const WALL_FACTOR = 4;

/** The product's own renders (a card it printed): not an uploader's. */
const SYSTEM: RenderJob = { user: 0 };

/** The request went away: nothing is answered, the error only unwinds the upload. */
export const abandoned = (): AppError => failStatus('uploadAbandoned', 499);
const stopping = (): AppError => failStatus('serverStopping', 503);

/**
 * Turns of the page threads: one queue per uploader, served round robin, so an uploader's 500 pages wait behind
 * one page of each other uploader, never the other way round.
 */
function turns(slots: number) {
  let busy = 0;
  const queues = new Map<number, Array<{ start: () => void; drop: (e: unknown) => void }>>();
  const order: number[] = [];
  const next = () => {
    while (busy < slots && order.length) {
      const user = order.shift()!;
      const q = queues.get(user)!;
      const w = q.shift()!;
      if (q.length) order.push(user);
      else queues.delete(user);
      busy++;
      w.start();
    }
  };
  return {
    /** Runs `work` on the user's next turn; refused with the signal's reason when it aborts while waiting. */
    async run<T>(user: number, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
      signal.throwIfAborted();
      await new Promise<void>((start, drop) => {
        const w = { start, drop };
        const q = queues.get(user);
        if (q) q.push(w);
        else {
          queues.set(user, [w]);
          order.push(user);
        }
        const onAbort = () => {
          const mine = queues.get(user);
          const i = mine?.indexOf(w) ?? -1;
          if (i < 0) return;
          mine!.splice(i, 1);
          if (!mine!.length) {
            queues.delete(user);
            order.splice(order.indexOf(user), 1);
          }
          drop(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        const started = w.start;
        w.start = () => (signal.removeEventListener('abort', onAbort), started());
        next();
      });
      try {
        return await work();
      } finally {
        busy--;
        next();
      }
    },
    load: () => ({ running: busy, waiting: [...queues.values()].reduce((n, q) => n + q.length, 0) }),
  };
}

/** Render time each uploader spent, over a sliding window. */
function spending(budget: RenderBudget) {
  const spent = new Map<number, Array<{ at: number; ms: number }>>();
  const used = (user: number, now = Date.now()) => {
    const list = (spent.get(user) ?? []).filter((x) => now - x.at < budget.userWindowMs);
    if (list.length) spent.set(user, list);
    else spent.delete(user);
    return list.reduce((n, x) => n + x.ms, 0);
  };
  return {
    left: (user: number) => (user === SYSTEM.user ? Infinity : budget.userMs - used(user)),
    add: (user: number, ms: number) => {
      if (user === SYSTEM.user) return;
      spent.set(user, [...(spent.get(user) ?? []), { at: Date.now(), ms }]);
    },
  };
}

/**
 * Half the cores (at least one): rendering is the heaviest thing an upload does, and the recognition pool and the
 * API need the rest. Pages beyond that wait their uploader's turn, which also bounds the memory rendering takes.
 */
export function pagePool(
  threads = Math.max(1, Math.floor(os.availableParallelism() / 2)),
  budget: RenderBudget = RENDER_BUDGET,
): PagePool {
  const pool = threadPool({
    filename: workerEntry('modules/upload/pages.worker.ts'),
    maxThreads: threads,
    idleTimeout: 30_000,
    execArgv: workerExecArgv(),
  });
  const queue = turns(threads);
  const users = spending(budget);
  const closing = new AbortController();
  let files = 0;
  /** A task on a page thread (the bytes are shared memory: nothing is copied). */
  const run = (t: PageTask, signal: AbortSignal, interruptible: boolean) =>
    pool.run<PageTaskOutcome>(() => ({ task: t }), { signal, interruptible });

  /**
   * One task on the user's turn, within `ms`. A PDF's task past its time (or abandoned) ends its thread: mupdf is
   * WebAssembly and cannot be interrupted otherwise. A TIFF's page or a photo (sharp, native) is never ended
   * mid-task, since a thread terminated inside a native call aborts the whole process (infra/threads.ts): abandoned,
   * it finishes in its thread unanswered (its pixels are bounded: well under a second; the next turn's task waits for
   * that thread), and close() waits for it.
   */
  async function task(job: RenderJob, signal: AbortSignal, t: PageTask, ms: number, spent = { ms: 0 }) {
    return queue
      .run(job.user, signal, () => timed(job, signal, t, ms, spent))
      .catch((err: unknown) => {
        // aborted while waiting for its turn or while running: the request went away, or the server is stopping
        if (closing.signal.aborted) throw stopping();
        if (signal.aborted) throw abandoned();
        throw err;
      });
  }

  /** The warm-up, then the task itself with its time counted (`spent`, the uploader's) and bounded by `ms`. */
  async function timed(job: RenderJob, signal: AbortSignal, t: PageTask, ms: number, spent: { ms: number }) {
    // a thread started (or restarted after a render was ended) and mupdf loaded, untimed: a few seconds on a
    // busy machine, nothing once warm. Threads are not kept warm idle: most uploads are images.
    // The warm-up holds no native call, so it is ended if abandoned.
    await run({ ...t, page: 'warm' }, signal, true);
    // Budgets count the thread's CPU time, so a busy machine does not refuse a sound file; the clock on the wall
    // only ends a task that has run several times its budget (a render cannot be asked how far it got).
    const timer = new AbortController();
    const clock = setTimeout(() => timer.abort(), WALL_FACTOR * ms);
    const t0 = performance.now();
    let took = 0;
    try {
      const pdf = t.kind === 'pdf';
      // a native page past its time is not ended: it is refused once its time is known
      const out = await run(t, pdf ? AbortSignal.any([signal, timer.signal]) : signal, pdf);
      took = out.cpuMs ?? performance.now() - t0;
      return took > ms ? ('overBudget' as const) : out;
    } catch (err) {
      took = performance.now() - t0;
      if (!signal.aborted && timer.signal.aborted) return 'overBudget' as const;
      throw err;
    } finally {
      clearTimeout(clock);
      spent.ms += took;
      users.add(job.user, took);
    }
  }

  return {
    async split(data, kind, opts, job = SYSTEM) {
      const signal = job.signal ? AbortSignal.any([job.signal, closing.signal]) : closing.signal;
      if (signal.aborted) throw closing.signal.aborted ? stopping() : abandoned();
      // copied once into memory the threads share: every page task sees the same bytes
      const bytes = new SharedArrayBuffer(data.length);
      new Uint8Array(bytes).set(data);
      const file = ++files;
      const base = { file, bytes, kind, opts: { pdfDpi: opts.pdfDpi, maxPixels: opts.maxPixels } };
      if (users.left(job.user) <= 0) return { ok: false, reason: 'uploaderBudget' };
      // opening a large file copies it into the renderer: twice a page's time
      const counted = await task(job, signal, { ...base, page: null }, 2 * budget.pageMs);
      if (counted === 'overBudget') return { ok: false, reason: 'overBudget' };
      const count = 'count' in counted ? counted.count : null;
      if (count === null) return { ok: true, images: null };
      if (count > opts.maxPages) return { ok: false, reason: 'tooMany', count };
      if (opts.only !== undefined && opts.only >= count) return { ok: false, reason: 'noSuchPage', count };
      const wanted = opts.only !== undefined ? [opts.only] : Array.from({ length: count }, (_, n) => n);
      const fileMs = wanted.length * budget.fileMsPerPage;
      // the time its pages took on a thread, not the time they waited for their turns
      const spent = { ms: 0 };
      const images: Uint8Array[] = [];
      for (const page of wanted) {
        const left = fileMs - spent.ms;
        if (left <= 0) return { ok: false, reason: 'overBudget' };
        const out = await task(job, signal, { ...base, page }, Math.min(budget.pageMs, left), spent);
        if (out === 'overBudget') return { ok: false, reason: 'overBudget' };
        if (!out.ok) return out;
        // a PDF page comes as pixels: encoded here, by libjpeg-turbo off the event loop (sharp's own threads)
        if ('grey' in out) images.push(await greyJpeg(out.grey));
        else if ('image' in out && out.image) images.push(out.image);
        else return { ok: true, images: null };
      }
      return { ok: true, images };
    },
    async straighten(data, card, job = SYSTEM) {
      const signal = job.signal ? AbortSignal.any([job.signal, closing.signal]) : closing.signal;
      if (signal.aborted) throw closing.signal.aborted ? stopping() : abandoned();
      const bytes = new SharedArrayBuffer(data.length);
      new Uint8Array(bytes).set(data);
      const t: PageTask = { file: ++files, bytes, kind: 'photo', card, page: 0, opts: { pdfDpi: 0 } };
      const out = await task(job, signal, t, budget.pageMs);
      if (out === 'overBudget' || !out.ok || !('image' in out) || !out.image) return null;
      return Buffer.from(out.image);
    },
    load: () => queue.load(),
    close: async () => {
      // PDF renders (WebAssembly) stop at once; native pages and photos finish in their threads first
      closing.abort();
      await pool.close();
    },
  };
}

/** The pool as one request's renderer: its pages take the uploader's turns and stop when the request goes away. */
export const rendererFor = (pool: PagePool, job: RenderJob) => ({
  split: (data: Buffer, kind: 'tif' | 'pdf', opts: SplitOptions) => pool.split(data, kind, opts, job),
  straighten: (data: Buffer, card: CardTemplate) => pool.straighten(data, card, job),
});
