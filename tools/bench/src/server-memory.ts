// The memory of a bench's server as the server itself sees it (memory-probe.mjs preloaded, started with
// startServer's memoryProbe): the V8 heap in use, after a full collection when asked, beside its resident size.
import type { ChildProcess } from 'node:child_process';

export interface ServerMemory {
  /** whether a full collection ran first (heapUsed is then the live heap) */
  gc: boolean;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

let asked = 0;

/** The server's process.memoryUsage() in MB; null when it has no probe or does not answer in time. */
export function askMemory(
  child: ChildProcess,
  opts: { gc?: boolean; snapshot?: string } = {},
): Promise<ServerMemory | null> {
  if (!child.connected) return Promise.resolve(null);
  const id = ++asked;
  return new Promise((resolve) => {
    const done = (m: ServerMemory | null) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m);
    };
    const onMessage = (m: { type?: string; id?: number } & ServerMemory) => {
      if (m?.type !== 'memory' || m.id !== id) return;
      const mb = (b: number) => b / 2 ** 20;
      done({
        gc: m.gc,
        rss: mb(m.rss),
        heapTotal: mb(m.heapTotal),
        heapUsed: mb(m.heapUsed),
        external: mb(m.external),
        arrayBuffers: mb(m.arrayBuffers),
      });
    };
    // a heap snapshot of a loaded server may take a while to write
    const timer = setTimeout(() => done(null), opts.snapshot ? 300_000 : 30_000);
    child.on('message', onMessage);
    child.send({ type: 'memory', id, gc: !!opts.gc, snapshot: opts.snapshot });
  });
}
