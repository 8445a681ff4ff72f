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

/** How one task runs. */
export interface RunOptions {
  /** the worker file's export that runs it (its default export when absent) */
  name?: string;
  /**
   * The caller no longer wants the answer. A task still waiting for a thread never runs; one inside a thread is
   * abandoned: run() rejects with the signal's reason at once, and the task finishes in its thread unanswered
   * (close() waits for it), unless it is `interruptible`.
   */
  signal?: AbortSignal;
  /**
   * The task holds no native call (JavaScript and WebAssembly only), so its thread is ended when its signal aborts:
   * a PDF render drawn to be slow frees its thread at once instead of holding it for minutes.
   */
  interruptible?: boolean;
}

/** A worker-thread pool that ends its threads only when no task is inside one. */
export interface ThreadPool {
  /** Runs a task; sent once more, on another thread, if its thread died under it. */
  run<T>(send: () => Sent, options?: RunOptions): Promise<T>;
  /** Refuses new tasks, waits for every task sent (abandoned ones too), then ends the threads. */
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
 *
 * It also keeps the tasks that wait for a thread itself, handing Piscina no more than it has threads: Piscina's
 * own abort ends the thread of a running task, so a task Piscina holds cannot be taken back without that risk.
 * Here a waiting task is simply dropped, and a running one is either abandoned (native) or ended (interruptible).
 */
export function threadPool(options: ThreadPoolOptions): ThreadPool {
  const pool = new Piscina({ ...options, minThreads: 0 });
  /** tasks given a thread and not yet done there, abandoned ones included: they still hold it */
  const inside = new Set<Promise<unknown>>();
  /** tasks waiting for a thread, in the order they came; some are only ever waiting while every thread is held */
  const waiting: Array<() => void> = [];
  let closing: Promise<void> | null = null;

  const next = () => {
    while (inside.size < options.maxThreads && waiting.length) waiting.shift()!();
  };

  /** The task on a thread; its thread is held (counted) until the task is done there, sent again or not. */
  const inThread = <T>(send: () => Sent, o: RunOptions): Promise<T> => {
    const once = (): Promise<T> => {
      const { task, transferList } = send();
      return pool.run(task, {
        ...(transferList ? { transferList } : {}),
        ...(o.name ? { name: o.name } : {}),
        // Piscina ends the thread of a running task whose signal aborts: only a task with no native call gets it
        ...(o.interruptible && o.signal ? { signal: o.signal } : {}),
      }) as Promise<T>;
    };
    // a thread that died (out of memory, a crash in the worker) loses no page: the task goes to another, closing
    // or not, still counted (close waits for it)
    const p = once().catch((err: unknown) => {
      if (!threadDied(err) || o.signal?.aborted) throw err;
      return once();
    });
    const done = () => {
      inside.delete(settled);
      next();
    };
    const settled: Promise<unknown> = p.then(done, done);
    inside.add(settled);
    return p;
  };

  return {
    run<T>(send: () => Sent, o: RunOptions = {}): Promise<T> {
      if (closing) return Promise.reject(new Error('线程池已关闭'));
      const { signal } = o;
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          let p: Promise<T>;
          try {
            p = inThread<T>(send, o);
          } catch (err) {
            // making the task failed (it holds no thread): the caller's failure, not the pool's
            signal?.removeEventListener('abort', abort);
            reject(err);
            return;
          }
          p.then(resolve, reject).finally(() => signal?.removeEventListener('abort', abort));
        };
        // waiting: dropped, it never runs; inside a thread: the caller is answered now (an interruptible task's
        // thread is ended by Piscina, on the same signal)
        const abort = () => {
          const i = waiting.indexOf(start);
          if (i >= 0) waiting.splice(i, 1);
          reject(signal!.reason);
        };
        signal?.addEventListener('abort', abort, { once: true });
        waiting.push(start);
        next();
      });
    },
    close() {
      closing ??= (async () => {
        // a task waits only while every thread is held, and takes a thread as one is let go: when none is held,
        // none waits
        while (inside.size) await Promise.all(inside);
        await pool.destroy();
      })();
      return closing;
    },
  };
}
