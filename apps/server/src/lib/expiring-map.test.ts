import { describe, expect, it } from 'vitest';
import { expiringMap } from './expiring-map';

/** A clock the test moves by hand: no test here waits. */
const clock = () => {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
};

describe('expiringMap', () => {
  it('answers an entry for ttlMs from the moment it was read at, then no more', () => {
    const c = clock();
    const m = expiringMap<string, number>({ ttlMs: 2_000, max: 10, now: c.now });
    m.set('a', 1);
    m.set('b', 2, c.now() - 1_500); // read 1.5 s ago, before its read's wait
    c.advance(1_000);
    expect([m.get('a'), m.get('b')]).toEqual([1, undefined]);
    c.advance(999);
    expect(m.get('a')).toBe(1);
    c.advance(1);
    expect(m.get('a')).toBeUndefined();
  });

  it('drops the expired entries on the next set: it holds the keys set within ttlMs, however many came', () => {
    const c = clock();
    const m = expiringMap<number, number>({ ttlMs: 2_000, max: 50_000, now: c.now });
    // 1,000 sessions a second for a minute, each seen once: 60,000 keys through the map
    for (let s = 0; s < 60; s++) {
      for (let i = 0; i < 1_000; i++) m.set(s * 1_000 + i, i);
      c.advance(1_000);
    }
    expect(m.size).toBe(2_000);
    m.set(-1, 0);
    expect(m.size).toBe(1_001); // the second before is still fresh, the one before it not
  });

  it('keeps a key set again: a set moves it behind the fresher ones', () => {
    const c = clock();
    const m = expiringMap<string, number>({ ttlMs: 2_000, max: 10, now: c.now });
    m.set('busy', 1);
    m.set('idle', 2);
    c.advance(1_500);
    m.set('busy', 3);
    c.advance(1_000);
    m.set('new', 4);
    expect([m.size, m.get('busy'), m.get('idle'), m.get('new')]).toEqual([2, 3, undefined, 4]);
  });

  it('past max drops the oldest first, fresh or not', () => {
    const c = clock();
    const m = expiringMap<number, number>({ ttlMs: 60_000, max: 3, now: c.now });
    for (const k of [1, 2, 3, 4, 5]) m.set(k, k * 10);
    expect(m.size).toBe(3);
    expect([1, 2, 3, 4, 5].map((k) => m.get(k))).toEqual([undefined, undefined, 30, 40, 50]);
  });

  it('forgets the entries a match names, and everything on clear', () => {
    const m = expiringMap<string, { user: number }>({ ttlMs: 60_000, max: 10, now: clock().now });
    m.set('a', { user: 1 });
    m.set('b', { user: 2 });
    m.set('c', { user: 1 });
    m.deleteWhere((v) => v.user === 1);
    expect([m.get('a'), m.get('b'), m.get('c')]).toEqual([undefined, { user: 2 }, undefined]);
    m.clear();
    expect(m.size).toBe(0);
  });
});
