import os from 'node:os';
import { Piscina } from 'piscina';
import { workerEntry } from '../../../server-root';
import { workerExecArgv } from '../recognition/scan-recognize';
import type { CutTask } from './cut-pixels';

/** Where block images are cut. */
export interface CutPool {
  run(task: CutTask): Promise<Buffer[]>;
  close(): Promise<void>;
}

/**
 * Worker threads for cutting (issue 13): a cut is tens of milliseconds of pixel work per page; on the API
 * process's event loop it held up every claim and submit behind it (p99 of hundreds of ms). Sized to the cores.
 */
export function cutPool(threads = Math.max(1, os.availableParallelism())): CutPool {
  const pool = new Piscina({
    filename: workerEntry('modules/scan/image/cut.worker.ts'),
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 30_000,
    execArgv: workerExecArgv(),
  });
  return {
    run: async (task) =>
      ((await pool.run(task)) as Uint8Array[]).map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength)),
    close: () => pool.destroy(),
  };
}
