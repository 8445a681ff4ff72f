/**
 * A small semaphore keyed by user: at most `total` jobs run at once, at most `perUser` of them for one user; the
 * rest wait their turn in arrival order (a waiting upload is already on disk, so waiting costs no memory).
 */
export function workLimiter(total: number, perUser: number) {
  let running = 0;
  const byUser = new Map<number, number>();
  const waiting: Array<{ user: number; start: () => void }> = [];

  const mayStart = (user: number) => running < total && (byUser.get(user) ?? 0) < perUser;
  const take = (user: number) => {
    running++;
    byUser.set(user, (byUser.get(user) ?? 0) + 1);
  };
  const release = (user: number) => {
    running--;
    const left = (byUser.get(user) ?? 1) - 1;
    if (left) byUser.set(user, left);
    else byUser.delete(user);
    // the first waiter that may start now: another user's turn is not held up by one user's backlog
    const i = waiting.findIndex((w) => mayStart(w.user));
    if (i >= 0) waiting.splice(i, 1)[0]!.start();
  };

  return {
    async run<T>(user: number, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      signal?.throwIfAborted();
      if (mayStart(user)) take(user);
      else
        await new Promise<void>((start, drop) => {
          const w = { user, start: () => (signal?.removeEventListener('abort', leave), take(user), start()) };
          // a request that went away while waiting leaves the line: nobody waits behind work no one will read
          const leave = () => {
            const i = waiting.indexOf(w);
            if (i >= 0) waiting.splice(i, 1);
            drop(signal?.reason);
          };
          signal?.addEventListener('abort', leave, { once: true });
          waiting.push(w);
        });
      try {
        return await work();
      } finally {
        release(user);
      }
    },
    /** jobs running and waiting (tests and health) */
    load: () => ({ running, waiting: waiting.length }),
  };
}
export type WorkLimiter = ReturnType<typeof workLimiter>;
