/**
 * A map whose entries answer for `ttlMs` after the moment they were read at, and are dropped soon after: every
 * set first drops the expired entries at the front and, past `max`, the oldest. A Map keeps the order of
 * insertion and a set moves its key to the end, so the front is the oldest and a sweep stops at the first entry
 * still fresh (a set's work is the entries it drops). It holds the entries set within the last `ttlMs`, at most
 * `max`, however many keys went through it.
 */
export function expiringMap<K, V>(opts: { ttlMs: number; max: number; now?: () => number }) {
  const now = opts.now ?? (() => performance.now());
  const m = new Map<K, { value: V; at: number }>();
  const fresh = (at: number, t: number) => t - at < opts.ttlMs;
  return {
    /** The value while fresh; an expired entry is dropped. */
    get(key: K): V | undefined {
      const e = m.get(key);
      if (!e) return undefined;
      if (fresh(e.at, now())) return e.value;
      m.delete(key);
      return undefined;
    },
    /**
     * Remembers `value`, fresh from `at` (the moment it was read, before its read's wait: a value read slowly
     * expires no later than one read at once). Concurrent reads may arrive out of order: one of them then waits
     * behind a fresher entry a little past its time, still answering no one (get checks the time).
     */
    set(key: K, value: V, at: number = now()): void {
      m.delete(key);
      m.set(key, { value, at });
      const t = now();
      for (const [k, e] of m) {
        if (m.size <= opts.max && fresh(e.at, t)) break;
        m.delete(k);
      }
    },
    delete: (key: K): boolean => m.delete(key),
    /** Drops every entry whose value matches. */
    deleteWhere(match: (value: V) => boolean): void {
      for (const [k, e] of m) if (match(e.value)) m.delete(k);
    },
    clear: (): void => m.clear(),
    get size(): number {
      return m.size;
    },
    now,
  };
}
export type ExpiringMap<K, V> = ReturnType<typeof expiringMap<K, V>>;
