// Tasks of threads.test.ts, on the pool's threads. Flags (Int32Array over a SharedArrayBuffer): 2i is 1 when task i
// has started and 2 when it has ended in its thread, 2i+1 is what it waits on to end; the last is how many times
// `dieOnce` ran.

/** Starts, says so, stays inside the task until the test lets it go, and says it ended. */
export default function hold({ shared, index }: { shared: SharedArrayBuffer; index: number }): number {
  const flags = new Int32Array(shared);
  Atomics.store(flags, 2 * index, 1);
  Atomics.notify(flags, 2 * index);
  Atomics.wait(flags, 2 * index + 1, 0);
  Atomics.store(flags, 2 * index, 2);
  Atomics.notify(flags, 2 * index);
  return index;
}

/** Ends its thread the first time it runs; then answers with the bytes it was sent. */
export function dieOnce({ shared, bytes }: { shared: SharedArrayBuffer; bytes: Uint8Array }): number[] {
  const flags = new Int32Array(shared);
  if (Atomics.add(flags, flags.length - 1, 1) === 0) process.exit(3);
  return [...bytes];
}
