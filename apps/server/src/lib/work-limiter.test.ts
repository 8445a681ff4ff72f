import { describe, expect, it } from 'vitest';
import { workLimiter } from './work-limiter';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
};

describe('workLimiter', () => {
  it('runs at most the total at once and one per user, in turn', async () => {
    const limit = workLimiter(2, 1);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const job = (user: number, name: string) =>
      limit.run(user, async () => {
        started.push(name);
        const g = gate();
        gates.set(name, g);
        await g.opened;
      });
    const all = [job(1, 'a1'), job(1, 'a2'), job(2, 'b1'), job(3, 'c1')];
    await new Promise((r) => setImmediate(r));
    // user 1's second job waits for its first; user 3 waits for a free slot
    expect(started).toEqual(['a1', 'b1']);
    expect(limit.load()).toEqual({ running: 2, waiting: 2 });
    gates.get('b1')!.open();
    await new Promise((r) => setImmediate(r));
    // the slot goes to the first waiter allowed to run: c1, not a2 (user 1 still has a1 running)
    expect(started).toEqual(['a1', 'b1', 'c1']);
    gates.get('a1')!.open();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2']);
    gates.get('c1')!.open();
    gates.get('a2')!.open();
    await Promise.all(all);
    expect(limit.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when the work fails', async () => {
    const limit = workLimiter(1, 1);
    await expect(limit.run(1, () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await limit.run(1, async () => 7)).toBe(7);
  });

  it('lets a request that went away leave the line: the next one starts in its place', async () => {
    const limit = workLimiter(1, 1);
    let release!: () => void;
    const first = limit.run(1, () => new Promise<void>((r) => (release = r)));
    const gone = new AbortController();
    const abandoned = limit.run(2, async () => 'never', gone.signal);
    const next = limit.run(3, async () => 'ran');
    expect(limit.load()).toEqual({ running: 1, waiting: 2 });
    gone.abort();
    await expect(abandoned).rejects.toBeDefined();
    expect(limit.load()).toEqual({ running: 1, waiting: 1 });
    release();
    await first;
    expect(await next).toBe('ran');
  });
});
