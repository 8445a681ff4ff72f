import { Piscina } from 'piscina';

/** What the pools of the server give Piscina: the worker file, its size and loader. */
export interface ThreadPoolOptions {
  filename: string;
  maxThreads: number;
  idleTimeout: number;
  execArgv: string[];
}

/** One task as sent to a thread: its data and the buffers that move with it (made afresh when sent again). */
export interface Sent {
  task: unknown;
  transferList?: ArrayBuffer[];
}

/** A worker-thread pool that ends its threads only when no task is inside one. */
export interface ThreadPool {
  /** Runs a task; sent once more, on another thread, if its thread died under it. */
  run<T>(send: () => Sent, name?: string): Promise<T>;
  /** Refuses new tasks, waits for every task sent, then ends the threads. */
  close(): Promise<void>;
}

/** Piscina's failure of a task whose thread ended under it (not one the task threw). */
export const threadDied = (err: unknown): boolean =>
  err instanceof Error && err.message.startsWith('worker exited with code');

/**
 * Terminating a thread while it is inside a native call (libjpeg-turbo's binding, @yj/omr jpeg.ts) aborts the
 * whole process: "terminate called after throwing an instance of 'Napi::Error'". Piscina 5's own close() is
 * meant to wait for the tasks in flight but does not: each call adds its "is this thread done" listener once
 * more per thread, so the first thread to finish a task is counted several times, the pool is taken as flushed
 * and destroy() terminates the threads still working (reproduced: two threads decoding, close(), one finishes,
 * the process aborts; threads.test.ts). Closing the server's recognition pool with two pages of the scan agent's
 * upload test still being read did that: "Worker exited unexpectedly" under load. So this pool counts its tasks
 * itself and ends the threads (destroy) only once none is left.
 */
export function threadPool(options: ThreadPoolOptions): ThreadPool {
  const pool = new Piscina({ ...options, minThreads: 0 });
  const sent = new Set<Promise<unknown>>();
  let closing: Promise<void> | null = null;

  const once = <T>(send: () => Sent, name?: string): Promise<T> => {
    const { task, transferList } = send();
    const p = pool.run(task, { ...(transferList ? { transferList } : {}), ...(name ? { name } : {}) });
    const settled: Promise<unknown> = p.then(
      () => sent.delete(settled),
      () => sent.delete(settled),
    );
    sent.add(settled);
    return p as Promise<T>;
  };

  return {
    run<T>(send: () => Sent, name?: string): Promise<T> {
      if (closing) return Promise.reject(new Error('线程池已关闭'));
      // a thread that died (out of memory, a crash in the worker) loses no page: the task goes to another,
      // closing or not (close waits for it)
      return once<T>(send, name).catch((err: unknown) => {
        if (!threadDied(err)) throw err;
        return once<T>(send, name);
      });
    },
    close() {
      closing ??= (async () => {
        // a task sent again after its thread died joins the set while we wait
        while (sent.size) await Promise.all(sent);
        await pool.destroy();
      })();
      return closing;
    },
  };
}
