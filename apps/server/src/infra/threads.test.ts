import { describe, expect, it } from 'vitest';
import { workerExecArgv } from '../server-root';
import { threadPool, type ThreadPool } from './threads';

// The recognition and cut pools close with pages inside their threads (the server stopping, a test's teardown);
// a thread ended inside a native JPEG decode aborts the process (threads.ts). These tasks stay inside a thread
// until the test lets them go, so "still inside" is a fact, not a matter of speed.

const pool = (maxThreads = 2): ThreadPool =>
  threadPool({
    filename: new URL('./threads.test-worker.ts', import.meta.url).href,
    maxThreads,
    idleTimeout: 30_000,
    execArgv: workerExecArgv(),
  });

/** Flags shared with the tasks (threads.test-worker.ts), for `tasks` held tasks. */
function flags(tasks = 2) {
  const shared = new SharedArrayBuffer(4 * (2 * tasks + 1));
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
    /** 0 never started, 1 inside its thread, 2 ended there */
    state: (i: number) => Atomics.load(f, 2 * i),
    release: (i: number) => {
      Atomics.store(f, 2 * i + 1, 1);
      Atomics.notify(f, 2 * i + 1);
    },
    runs: () => Atomics.load(f, 2 * tasks),
  };
}

const held = (shared: SharedArrayBuffer, index: number) => () => ({ task: { shared, index } });

describe('thread pool', () => {
  it('closes only once every task inside a thread has finished, whichever finishes first', async () => {
    const p = pool();
    const { shared, started, release } = flags();
    const a = p.run<number>(held(shared, 0));
    const b = p.run<number>(held(shared, 1));
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
    await expect(p.run(held(new SharedArrayBuffer(20), 0))).rejects.toThrow('线程池已关闭');
    await closing;
  });

  it('sends a task whose thread died to another thread, its moved bytes made afresh', async () => {
    const p = pool();
    const { shared, runs } = flags();
    let made = 0;
    const out = p.run<number[]>(
      () => {
        made++;
        const bytes = new Uint8Array([7, 8, 9]);
        return { task: { shared, bytes }, transferList: [bytes.buffer] };
      },
      { name: 'dieOnce' },
    );
    expect(await out).toEqual([7, 8, 9]);
    expect([made, runs()]).toEqual([2, 2]);
    await p.close();
  });

  it('never runs a task aborted while it waits for a thread, and runs the one behind it', async () => {
    const p = pool(1);
    const { shared, started, state, release } = flags(3);
    const a = p.run<number>(held(shared, 0));
    await started(0);
    const gone = new AbortController();
    const b = p.run<number>(held(shared, 1), { signal: gone.signal });
    const c = p.run<number>(held(shared, 2));
    gone.abort(new Error('走了'));
    await expect(b).rejects.toThrow('走了');
    release(0);
    expect(await a).toBe(0);
    await started(2);
    release(2);
    expect(await c).toBe(2);
    await p.close();
    expect(state(1)).toBe(0);
  });

  it('refuses a task whose signal has already aborted', async () => {
    const p = pool(1);
    const { shared, state } = flags(1);
    await expect(p.run(held(shared, 0), { signal: AbortSignal.abort(new Error('走了')) })).rejects.toThrow('走了');
    await p.close();
    expect(state(0)).toBe(0);
  });

  it('answers the caller of an abandoned task at once, and keeps its thread (and close) until it ends there', async () => {
    const p = pool(1);
    const { shared, started, state, release } = flags(2);
    const gone = new AbortController();
    const a = p.run<number>(held(shared, 0), { signal: gone.signal });
    await started(0);
    const b = p.run<number>(held(shared, 1));
    gone.abort(new Error('走了'));
    await expect(a).rejects.toThrow('走了');
    // still inside its thread (a native call is not cut short): the next task waits for it, and so does close
    let closed = false;
    const closing = p.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 50));
    expect([state(0), state(1), closed]).toEqual([1, 0, false]);
    release(0);
    await started(1);
    expect(state(0)).toBe(2);
    release(1);
    expect(await b).toBe(1);
    await closing;
    expect(closed).toBe(true);
  });

  it('ends the thread of an interruptible task when it is abandoned, and gives the next task a fresh one', async () => {
    const p = pool(1);
    const { shared, started, state, release } = flags(2);
    const gone = new AbortController();
    const a = p.run<number>(held(shared, 0), { signal: gone.signal, interruptible: true });
    await started(0);
    const b = p.run<number>(held(shared, 1));
    gone.abort(new Error('走了'));
    await expect(a).rejects.toThrow('走了');
    await started(1);
    release(1);
    expect(await b).toBe(1);
    await p.close();
    // never let go, never ended in its thread: the thread was ended under it
    expect(state(0)).toBe(1);
  });
});
