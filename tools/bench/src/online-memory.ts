// Whether the server's memory of npm run bench:online stays flat. Its RSS alone cannot say: it follows V8's heap
// sizing (garbage between full collections, pages kept after one until the server idles) far more than what the
// server keeps. So the server (memory-probe.mjs) is asked for its heap after a full collection — the live heap —
// before the load, at 25, 50, 75 and 100 % of the planned run (the last one a second before the students stop,
// still under load) and once idle after it; flat is the live heap growing by at most FLAT_GROWTH over the second
// half. Five full collections in a run of minutes: a few pauses of ~0.1 s among the saves.
// BENCH_HEAP_SNAPSHOTS=<dir>: the server also writes a heap snapshot at 50 and 100 % there (what grew, compared in
// Chrome's DevTools).
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { askMemory, type ServerMemory } from './server-memory';

/** The most the live heap may grow between 50 and 100 % of the run and still be flat. */
export const FLAT_GROWTH = 0.1;
const AT = [0.25, 0.5, 0.75, 1] as const;

export interface MemoryPoint {
  label: string;
  m: ServerMemory | null;
}

/** Samples taken while the run goes on; `before` first, the rest on their timers, `after` when asked. */
export async function watchMemory(server: ChildProcess, plannedSeconds: number, snapshotDir?: string) {
  const points: MemoryPoint[] = [{ label: 'before', m: await askMemory(server, { gc: true }) }];
  const pending: Promise<void>[] = [];
  const timers = AT.map((f) =>
    setTimeout(
      () => {
        const label = `${f * 100} %`;
        const snapshot =
          snapshotDir && f >= 0.5 ? path.join(snapshotDir, `online-${f * 100}.heapsnapshot`) : undefined;
        pending.push(askMemory(server, { gc: true, snapshot }).then((m) => void points.push({ label, m })));
      },
      // the 100 % sample a second early: while the last saves are still coming
      Math.max(0, f * plannedSeconds * 1000 - (f === 1 ? 1000 : 0)),
    ),
  );
  return {
    /** Stops the timers still pending (a run that ended early) and takes the idle sample. */
    async after(): Promise<MemoryPoint[]> {
      timers.forEach(clearTimeout);
      await Promise.all(pending);
      points.push({ label: 'after', m: await askMemory(server, { gc: true }) });
      return points;
    },
  };
}

export interface FlatVerdict {
  pass: boolean;
  line: string;
}

/** The table of the samples, and the verdict on the live heap's second half (null when a sample is missing). */
export function memoryReport(points: MemoryPoint[]): {
  rows: [string, string][];
  verdict: FlatVerdict | null;
} {
  const mb = (v: number | undefined) => (v === undefined ? '   n/a' : v.toFixed(0).padStart(6));
  const row = (pick: (m: ServerMemory) => number) =>
    points.map((p) => mb(p.m ? pick(p.m) : undefined)).join(' ');
  const rows: [string, string][] = [
    ['server memory, MB', points.map((p) => p.label.padStart(6)).join(' ')],
    ['  live heap (after a full GC)', row((m) => m.heapUsed)],
    ['  V8 heap reserved', row((m) => m.heapTotal)],
    ['  external + array buffers', row((m) => m.external + m.arrayBuffers)],
    ['  RSS', row((m) => m.rss)],
  ];
  const half = points.find((p) => p.label === '50 %')?.m;
  const end = points.find((p) => p.label === '100 %')?.m;
  if (!half?.gc || !end?.gc) return { rows, verdict: null };
  const growth = (end.heapUsed - half.heapUsed) / half.heapUsed;
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)} %`;
  const pass = growth <= FLAT_GROWTH;
  return {
    rows,
    verdict: {
      pass,
      line:
        `${pass ? 'PASS' : 'FAIL'}  the live heap is flat: ${half.heapUsed.toFixed(1)} → ${end.heapUsed.toFixed(1)} MB ` +
        `over the second half (${pct(growth)}, at most ${pct(FLAT_GROWTH)}); RSS ${half.rss.toFixed(0)} → ${end.rss.toFixed(0)} MB`,
    },
  };
}
