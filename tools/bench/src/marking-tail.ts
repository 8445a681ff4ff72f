// BENCH_TAIL=1 of npm run bench:marking (issue 35): what the tail of a submit's latency is made of. The server runs
// with tail-probe.mjs (its event-loop delay, GC pauses, each request's wait for a pooled connection and on its
// statements, the statements of its background jobs); beside it this process's own event-loop delay (the markers'
// client: a latency it measures includes its own delay in reading the answer), and from Linux the time each side
// waited for a CPU (/proc/<pid>/task/*/schedstat: runnable but not running) and the machine's CPU pressure.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';

export interface TailReport {
  eld: { p50: number; p99: number; max: number; mean: number };
  gc: {
    n: number;
    totalMs: number;
    p99: number | null;
    max: number;
    byKind: Record<string, { n: number; ms: number; max: number }>;
  };
  memory: { heapUsed: number; external: number; rss: number };
  stalls: { n: number; totalMs: number; top: Array<{ at: number; ms: number }> };
  requests: Record<
    string,
    {
      n: number;
      p50: number;
      p99: number;
      poolP99: number;
      dbP50: number;
      dbP99: number;
      median: Parts;
      slowest1pc: Parts;
    }
  >;
  background: Array<[string, { n: number; ms: number; max: number }]>;
}
interface Parts {
  ms: number;
  poolMs: number;
  dbMs: number;
  statements: number;
}

let asked = 0;
/** Starts the server probe's window, or ends it and answers its report (null without a probe). */
export function askTail(child: ChildProcess, phase: 'start' | 'report'): Promise<TailReport | null> {
  if (!child.connected) return Promise.resolve(null);
  const id = ++asked;
  return new Promise((resolve) => {
    const onMessage = (m: { type?: string; phase?: string; id?: number } & TailReport) => {
      if (m?.type !== 'tail' || (phase === 'start' ? m.phase !== 'started' : m.id !== id)) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(phase === 'start' ? null : m);
    };
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      resolve(null);
    }, 10_000);
    child.on('message', onMessage);
    child.send({ type: 'tail', phase, id });
  });
}

type Sched = { cpu: number; wait: number };
/** Per process, CPU time and time waiting runnable for a CPU, over every thread (ms). */
function sched(pids: number[]): Map<number, Sched> {
  const out = new Map<number, Sched>();
  for (const pid of pids) {
    let tasks: string[];
    try {
      tasks = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    const s = { cpu: 0, wait: 0 };
    for (const t of tasks) {
      try {
        const [c, w] = fs.readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ').map(Number);
        s.cpu += c! / 1e6;
        s.wait += w! / 1e6;
      } catch {
        // the thread ended
      }
    }
    out.set(pid, s);
  }
  return out;
}

/** What the processes at the end spent since `before` (a process born meanwhile: all of its own). */
function since(before: Map<number, Sched>, after: Map<number, Sched>): Sched {
  const d = { cpu: 0, wait: 0 };
  for (const [pid, a] of after) {
    d.cpu += a.cpu - (before.get(pid)?.cpu ?? 0);
    d.wait += a.wait - (before.get(pid)?.wait ?? 0);
  }
  return d;
}

/** The machine's CPU pressure: total µs some task waited for a CPU (Linux PSI), or null. */
function pressure(): number | null {
  try {
    return Number(/some .*total=(\d+)/.exec(fs.readFileSync('/proc/pressure/cpu', 'utf8'))?.[1]);
  } catch {
    return null;
  }
}

async function backendPids(url: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  await c.end();
  return r.rows.map((x) => x.pid);
}

/** The client's side of the window, started beside the server probe's. */
export async function tailWindow(url: string, server: ChildProcess) {
  const eld = monitorEventLoopDelay({ resolution: 2 });
  const sides = async () => ({
    client: sched([process.pid]),
    server: sched(server.pid ? [server.pid] : []),
    pg: sched(await backendPids(url)),
  });
  await askTail(server, 'start');
  eld.enable();
  const t0 = performance.now();
  const s0 = await sides();
  const psi0 = pressure();
  return {
    async end() {
      eld.disable();
      const s1 = await sides();
      const psi1 = pressure();
      const seconds = (performance.now() - t0) / 1000;
      const report = await askTail(server, 'report');
      const delta = (k: keyof typeof s0) => since(s0[k], s1[k]);
      return {
        seconds,
        clientEld: {
          p50: eld.percentile(50) / 1e6,
          p99: eld.percentile(99) / 1e6,
          max: eld.max / 1e6,
        },
        runQueue: { client: delta('client'), server: delta('server'), pg: delta('pg') },
        cpuPressure: psi0 !== null && psi1 !== null ? (psi1 - psi0) / 1e4 / seconds : null,
        report,
      };
    },
  };
}
export type TailResult = Awaited<ReturnType<Awaited<ReturnType<typeof tailWindow>>['end']>>;

/** The report's lines (`row` prints one), `counted` papers in the window. */
export function printTail(
  t: TailResult,
  counted: number,
  submitGap: { p50: number; p99: number } | null,
  row: (k: string, v: string) => void,
) {
  const f = (x: number | null | undefined) => (x === null || x === undefined ? 'n/a' : x.toFixed(1));
  row(
    'tail: client event-loop delay',
    `p50 ${f(t.clientEld.p50)} / p99 ${f(t.clientEld.p99)} / max ${f(t.clientEld.max)} ms`,
  );
  const r = t.report;
  if (r) {
    row(
      'tail: server event-loop delay',
      `p50 ${f(r.eld.p50)} / p99 ${f(r.eld.p99)} / max ${f(r.eld.max)} ms`,
    );
    row(
      'tail: server GC',
      `${r.gc.n} pauses, ${f(r.gc.totalMs)} ms in all, p99 ${f(r.gc.p99)} / max ${f(r.gc.max)} ms`,
    );
    const kinds: Record<string, string> = { 1: 'scavenge', 2: 'mark-compact', 4: 'incremental', 8: 'weak' };
    for (const [k, g] of Object.entries(r.gc.byKind))
      row(`tail:   GC ${kinds[k] ?? k}`, `${g.n} pauses, ${f(g.ms)} ms in all, max ${f(g.max)} ms`);
    row(
      'tail: server memory at the end',
      `heap used ${f(r.memory.heapUsed)} MB, external ${f(r.memory.external)} MB, RSS ${f(r.memory.rss)} MB`,
    );
    row(
      'tail: server timer late > 10 ms',
      `${r.stalls.n} times, ${f(r.stalls.totalMs)} ms in all; worst ${r.stalls.top.map((s) => f(s.ms)).join(', ')} ms`,
    );
    for (const [k, q] of Object.entries(r.requests)) {
      const p = (x: Parts) =>
        `${f(x.ms)} ms = pool wait ${f(x.poolMs)} + statements ${f(x.dbMs)} (${x.statements.toFixed(1)}) + rest ${f(x.ms - x.poolMs - x.dbMs)}`;
      row(
        `tail: server ${k}`,
        `${q.n} requests, p50 ${f(q.p50)} / p99 ${f(q.p99)} ms; statements p50 ${f(q.dbP50)} / p99 ${f(q.dbP99)} ms; pool wait p99 ${f(q.poolP99)} ms`,
      );
      row(`tail:   ${k} median`, p(q.median));
      row(`tail:   ${k} slowest 1 %`, p(q.slowest1pc));
    }
    for (const [text, b] of r.background)
      row(`tail: background ${b.n}×`, `${f(b.ms)} ms in all, max ${f(b.max)}: ${text}`);
  }
  if (submitGap)
    row(
      'tail: submit, client − server',
      `p50 ${f(submitGap.p50)} / p99 ${f(submitGap.p99)} ms (the client's and the network's share)`,
    );
  const rq = t.runQueue;
  const per = (x: { cpu: number; wait: number }) =>
    `CPU ${(x.cpu / counted).toFixed(2)} ms, waiting for a CPU ${(x.wait / counted).toFixed(2)} ms a paper (${((100 * x.wait) / 1000 / t.seconds).toFixed(0)} % of the run)`;
  row('tail: run queue, client', per(rq.client));
  row('tail: run queue, server', per(rq.server));
  row("tail: run queue, server's backends", per(rq.pg));
  row(
    'tail: machine CPU pressure',
    t.cpuPressure === null ? 'n/a' : `some task waited for a CPU ${t.cpuPressure.toFixed(0)} % of the time`,
  );
}
