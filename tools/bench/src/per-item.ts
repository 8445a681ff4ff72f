const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

/**
 * Milliseconds an item: the median over items of each item's median over `rounds`, after one pass over them
 * to warm up (as OMRChecker's peer script reports its files).
 */
export async function perItem<T>(
  items: T[],
  rounds: number,
  fn: (item: T) => Promise<unknown>,
): Promise<number> {
  for (const it of items) await fn(it);
  const times = items.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++)
    for (const [i, it] of items.entries()) {
      const t = performance.now();
      await fn(it);
      times[i]!.push(performance.now() - t);
    }
  return median(times.map(median));
}
