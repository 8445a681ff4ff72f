import { describe, expect, it } from 'vitest';
import type { MarkSubmitResult, MarkTask } from '@yj/contracts';
import { MarkSession, type SessionApi } from './mark-session';

const task = (taskId: number): MarkTask => ({
  taskId,
  leaseToken: `00000000-0000-4000-8000-${String(taskId).padStart(12, '0')}`,
  leaseUntil: new Date(Date.now() + 600_000).toISOString(),
  blockId: 1,
  slot: 1,
  imageUrl: `/img/${taskId}`,
});

/** A pool of n papers answering like the server: claims hand out, a submit counts once per lease token. */
function pool(n: number, failFirst = 0) {
  let nextId = 1;
  const counted = new Set<string>();
  const calls = { submit: 0, claims: [] as number[], skipped: [] as number[], released: [] as number[] };
  let failures = failFirst;
  const take = (count: number) => {
    const out: MarkTask[] = [];
    while (out.length < count && nextId <= n) out.push(task(nextId++));
    return out;
  };
  const api: SessionApi = {
    claim: async (count) => {
      calls.claims.push(count);
      return take(count);
    },
    submit: async (_id, body): Promise<MarkSubmitResult> => {
      calls.submit += 1;
      if (failures > 0) {
        failures -= 1;
        throw { code: 1024, message: '网络连接异常' };
      }
      const first = !counted.has(body.leaseToken);
      counted.add(body.leaseToken);
      return { counted: first, next: body.next ? (take(1)[0] ?? null) : null, done: counted.size };
    },
    skip: async (id) => {
      calls.skipped.push(id);
      return null;
    },
    release: async (id) => {
      calls.released.push(id);
      return null;
    },
    defer: async () => null,
  };
  return { api, calls };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const scored = (t: MarkTask) => ({
  task: t,
  scores: [{ no: '1', score: 2 }],
  total: 2,
  marks: [],
  spentMs: 1000,
});

describe('MarkSession', () => {
  it('keeps one spare, preloads it, and takes the next with each submit', async () => {
    const { api, calls } = pool(5);
    const preloaded: string[] = [];
    const s = new MarkSession(
      api,
      1,
      (u) => preloaded.push(u),
      async () => undefined,
    );
    await s.fill();
    expect(s.get().queue.map((t) => t.taskId)).toEqual([1, 2]);
    expect(preloaded).toEqual(['/img/2']);
    s.submit([scored(s.get().queue[0]!)]);
    // the spare is on screen at once, before the submit answers
    expect(s.get().queue.map((t) => t.taskId)).toEqual([2]);
    await flush();
    expect(s.get().queue.map((t) => t.taskId)).toEqual([2, 3]);
    expect(s.get().done).toBe(1);
    expect(calls.claims).toEqual([2]);
  });

  it('never lowers the count when the two papers of one screen answer out of order', async () => {
    const { api } = pool(6);
    let n = 0;
    const crossing: SessionApi = {
      ...api,
      submit: async (id, body) => {
        const res = await api.submit(id, body);
        // the first answer counted before the second paper was written, and arrives last
        if (n++ > 0) return { ...res, done: 2 };
        await new Promise((r) => setTimeout(r, 5));
        return { ...res, done: 1 };
      },
    };
    const s = new MarkSession(
      crossing,
      2,
      () => undefined,
      async () => undefined,
    );
    await s.fill();
    const [a, b] = s.get().queue;
    s.submit([scored(a!), scored(b!)]);
    await new Promise((r) => setTimeout(r, 30));
    expect(s.get().done).toBe(2);
  });

  it('retries a submit lost to the network with the same lease token, counted once', async () => {
    const { api, calls } = pool(3, 2);
    const waits: number[] = [];
    const s = new MarkSession(
      api,
      1,
      () => undefined,
      async (ms) => void waits.push(ms),
    );
    await s.fill();
    s.submit([scored(s.get().queue[0]!)]);
    await flush();
    await flush();
    await flush();
    expect(calls.submit).toBe(3);
    expect(waits).toEqual([1000, 2000]);
    expect(s.get().sending).toEqual([]);
    expect(s.get().failures).toEqual([]);
    expect(s.get().done).toBe(1);
  });

  it('shows a refused submit with its score instead of dropping it', async () => {
    const { api } = pool(2);
    api.submit = async () => {
      throw { code: 1, message: '领取已过期，请重新领取', data: null };
    };
    const s = new MarkSession(
      api,
      1,
      () => undefined,
      async () => undefined,
    );
    await s.fill();
    s.submit([scored(s.get().queue[0]!)]);
    await flush();
    expect(s.get().failures).toEqual([{ taskId: 1, total: 2, message: '领取已过期，请重新领取' }]);
  });

  it('says the pool is empty when nothing is left, and gives back the claimed papers on leaving', async () => {
    const { api, calls } = pool(1);
    const s = new MarkSession(
      api,
      1,
      () => undefined,
      async () => undefined,
    );
    await s.fill();
    expect(s.get().empty).toBe(false);
    s.remove(1, true);
    await flush();
    expect(calls.skipped).toEqual([1]);
    expect(s.get().empty).toBe(true);
    const { api: api2, calls: calls2 } = pool(4);
    const m = new MarkSession(
      api2,
      2,
      () => undefined,
      async () => undefined,
    );
    await m.fill();
    expect(m.get().queue).toHaveLength(3);
    m.close();
    await flush();
    // leaving is not 跳过: the papers may come back to this marker
    expect(calls2.released).toEqual([1, 2, 3]);
    expect(calls2.skipped).toEqual([]);
  });
});
