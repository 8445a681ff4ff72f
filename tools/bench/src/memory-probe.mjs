// Preloaded (node --import) into the server that a bench starts, never into `npm start`: answers the bench's
// { type: 'memory', gc, snapshot } message over the IPC channel with process.memoryUsage(), after a full
// collection when gc is asked for (the server then runs with --expose-gc) and after writing a heap snapshot when a
// file is named, so the bench can tell the live heap from the garbage not yet collected and from the resident
// memory the allocator keeps.
import v8 from 'node:v8';

if (process.send) {
  process.on('message', (m) => {
    if (m?.type !== 'memory') return;
    if (m.gc && typeof globalThis.gc === 'function') globalThis.gc();
    if (m.snapshot) v8.writeHeapSnapshot(m.snapshot);
    process.send({
      type: 'memory',
      id: m.id,
      gc: !!m.gc && typeof globalThis.gc === 'function',
      ...process.memoryUsage(),
    });
  });
  // the channel must not keep the server alive after its graceful shutdown
  process.channel?.unref();
}
