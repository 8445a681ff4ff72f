import os from 'node:os';
import { Piscina } from 'piscina';
import type { SplitOptions } from '@yj/omr/node';
import { workerExecArgv } from '../recognition/scan-recognize';
import { workerEntry } from '../../../server-root';

/** What the page pool answers for one file; refusals are values (see pages.worker.ts). */
export type SplitOutcome =
  | { ok: true; images: Uint8Array[] | null }
  | { ok: false; reason: 'tooMany' | 'noSuchPage'; count: number }
  | { ok: false; reason: 'tooLarge'; page: number };

/** Where PDF and multi-page TIFF files become pages: worker threads, so one upload never stalls the others. */
export interface PagePool {
  split(data: Buffer, kind: 'tif' | 'pdf', opts: SplitOptions): Promise<SplitOutcome>;
  close(): Promise<void>;
}

/**
 * Half the cores (at least one): rendering is the heaviest thing an upload does, and the recognition pool and the
 * API need the rest. Files beyond that wait in the pool's queue, which also bounds the memory rendering takes.
 */
export function pagePool(threads = Math.max(1, Math.floor(os.availableParallelism() / 2))): PagePool {
  const pool = new Piscina({
    filename: workerEntry('modules/scan/ingest/pages.worker.ts'),
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 30_000,
    execArgv: workerExecArgv(),
  });
  return {
    // a copy the worker owns: upload buffers may share a pooled ArrayBuffer
    split: (data, kind, opts) => {
      const bytes = new Uint8Array(data);
      return pool.run({ bytes, kind, opts }, { transferList: [bytes.buffer as ArrayBuffer] });
    },
    close: () => pool.destroy(),
  };
}
