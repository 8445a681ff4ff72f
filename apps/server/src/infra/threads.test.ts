import { describe, expect, it } from 'vitest';
import { workerExecArgv } from '../modules/scan/recognition/scan-recognize';
import { threadPool, type ThreadPool } from './threads';

// The recognition and cut pools close with pages inside their threads (the server stopping, a test's teardown);
// a thread ended inside a native JPEG decode aborts the process (threads.ts). These tasks stay inside a thread
// until the test lets them go, so "still inside" is a fact, not a matter of speed.

const pool = (): ThreadPool =>
  threadPool({
    filename: new URL('./threads.test-worker.ts', import.meta.url).href,
    maxThreads: 2,
    idleTimeout: 30_000,
    execArgv: workerExecArgv(),
  });

/** Flags shared with the tasks (threads.test-worker.ts). */
function flags() {
  const shared = new SharedArrayBuffer(4 * 5);
  const f = new Int32Array(shared);
  // ES2024's Atomics.waitAsync: the test's thread waits without blocking its event loop
  const waitAsync = (
    Atomics as unknown as {
      waitAsync(a: Int32Array, i: number, v: number): { value: Promise<string> | string };
    }
  ).waitAsync;
  return {
    shared,
    started: async (i: number) => void (await waitAsync(f, 2 * i, 0).value),
    release: (i: number) => {
      Atomics.store(f, 2 * i + 1, 1);
      Atomics.notify(f, 2 * i + 1);
    },
    runs: () => Atomics.load(f, 4),
  };
}

describe('thread pool', () => {
  it('closes only once every task inside a thread has finished, whichever finishes first', async () => {
    const p = pool();
    const { shared, started, release } = flags();
    const a = p.run<number>(() => ({ task: { shared, index: 0 } }));
    const b = p.run<number>(() => ({ task: { shared, index: 1 } }));
    await Promise.all([started(0), started(1)]);
    let closed = false;
    const closing = p.close().then(() => (closed = true));
    release(0);
    expect(await a).toBe(0);
    // Piscina's close() ended the other thread in the turn the first task's answer came in
    await new Promise(setImmediate);
    expect(closed).toBe(false);
    release(1);
    expect(await b).toBe(1);
    await closing;
    expect(closed).toBe(true);
  });

  it('refuses a task once closing', async () => {
    const p = pool();
    const closing = p.close();
    await expect(p.run(() => ({ task: { shared: new SharedArrayBuffer(20), index: 0 } }))).rejects.toThrow(
      '线程池已关闭',
    );
    await closing;
  });

  it('sends a task whose thread died to another thread, its moved bytes made afresh', async () => {
    const p = pool();
    const { shared, runs } = flags();
    let made = 0;
    const out = p.run<number[]>(() => {
      made++;
      const bytes = new Uint8Array([7, 8, 9]);
      return { task: { shared, bytes }, transferList: [bytes.buffer] };
    }, 'dieOnce');
    expect(await out).toEqual([7, 8, 9]);
    expect([made, runs()]).toEqual([2, 2]);
    await p.close();
  });
});
