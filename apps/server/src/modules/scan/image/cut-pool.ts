import os from 'node:os';
import { threadPool } from '../../../infra/threads';
import { workerEntry, workerExecArgv } from '../../../server-root';
import type { CutTask, MaskTask } from './cut-pixels';

/** Where block images are cut and whole pages masked. */
export interface CutPool {
  run(task: CutTask): Promise<Buffer[]>;
  mask(task: MaskTask): Promise<Buffer>;
  close(): Promise<void>;
}

const toBuffer = (b: Uint8Array): Buffer => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/**
 * Worker threads for cutting (issue 13): a cut is tens of milliseconds of pixel work per page; on the API
 * process's event loop it held up every claim and submit behind it (p99 of hundreds of ms). Sized to the cores.
 */
export function cutPool(threads = Math.max(1, os.availableParallelism())): CutPool {
  const pool = threadPool({
    filename: workerEntry('modules/scan/image/cut.worker.ts'),
    maxThreads: threads,
    idleTimeout: 30_000,
    execArgv: workerExecArgv(),
  });
  return {
    run: async (task) => (await pool.run<Uint8Array[]>(() => ({ task }))).map(toBuffer),
    mask: async (task) => toBuffer(await pool.run<Uint8Array>(() => ({ task }), { name: 'mask' })),
    // waits for the cuts in flight: a thread ended inside a native JPEG decode aborts the process (threads.ts)
    close: () => pool.close(),
  };
}
