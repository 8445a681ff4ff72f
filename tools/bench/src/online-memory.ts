// Whether the server's memory of npm run bench:online stays flat. Its RSS alone cannot say: it follows V8's heap
// sizing (garbage between full collections, pages kept after one until the server idles) far more than what the
// server keeps. So the server (memory-probe.mjs) is asked for its heap after a full collection — the live heap —
// before the load, at 25, 50, 75 and 100 % of the planned run (the last one a second before the students stop,
// still under load), and once it has idled after the run, the floor's burst and the check (what it can give back);
// flat is the live heap growing by at most FLAT_GROWTH over the second half. Eight full collections in a run of
// minutes: a few pauses of ~0.1 s among the saves.
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

/**
 * The idle sample's collections, this far apart: one alone leaves the RSS where it was, the freed pages still
 * pooled; the next returns them (322 → 233 → 147 MB in a 1,000-student run). A server with nothing to collect
 * left 45 s alone gave nothing back (348 MB, 132 reserved): V8's memory reducer starts from a collection.
 */
const IDLE_GC_MS = [0, 20_000, 20_000];

/** Samples taken while the run goes on; `before` first, the rest on their timers, `idle` when asked. */
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
    /** Stops the timers still pending (a run that ended early) and takes the idle sample, 40 s from now. */
    async idle(): Promise<MemoryPoint[]> {
      timers.forEach(clearTimeout);
      await Promise.all(pending);
      let m: ServerMemory | null = null;
      for (const wait of IDLE_GC_MS) {
        await new Promise((res) => setTimeout(res, wait));
        m = await askMemory(server, { gc: true });
      }
      points.push({ label: 'idle', m });
      return points;
    },
  };
}

export interface FlatVerdict {
  pass: boolean;
  line: string;
}

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)} %`;
const growth = (from: ServerMemory, to: ServerMemory) => (to.heapUsed - from.heapUsed) / from.heapUsed;

/**
 * The table of the samples, and two verdicts (null where a sample is missing): the live heap's second half, and
 * what it keeps once idle beside before the load. The first also counts the requests in flight (~15 KB each:
 * 1,000 of them ~15 MB), the same at 50 and 100 % once the ramp is well over (the default ramp is 9 % of the
 * run); the second has none in flight and so tells a leak from a backlog.
 */
export function memoryReport(points: MemoryPoint[]): {
  rows: [string, string][];
  verdicts: (FlatVerdict | null)[];
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
  const at = (label: string) => {
    const m = points.find((p) => p.label === label)?.m;
    return m?.gc ? m : undefined;
  };
  const verdict = (from: string, to: string, what: string): FlatVerdict | null => {
    const [a, b] = [at(from), at(to)];
    if (!a || !b) return null;
    const pass = growth(a, b) <= FLAT_GROWTH;
    return {
      pass,
      line:
        `${pass ? 'PASS' : 'FAIL'}  ${what}: ${a.heapUsed.toFixed(1)} → ${b.heapUsed.toFixed(1)} MB ` +
        `(${pct(growth(a, b))}, at most ${pct(FLAT_GROWTH)}); RSS ${a.rss.toFixed(0)} → ${b.rss.toFixed(0)} MB`,
    };
  };
  return {
    rows,
    verdicts: [
      verdict('50 %', '100 %', 'the live heap is flat over the second half'),
      verdict('before', 'idle', 'the live heap once idle is what it was before the load'),
    ],
  };
}
