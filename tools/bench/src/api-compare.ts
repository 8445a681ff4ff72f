// npm run bench:api -- --compare: the embedded default (issue 18) beside the machine's PostgreSQL in one run.
// Two servers run at once, each started like `npm start`; every endpoint is measured on both in alternating
// slices (A B, then B A, …), so a burst of foreign load on this shared machine falls on both engines alike and
// neither always goes first. Loopback only; bounded; both servers, their temporary data and the database go.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  add,
  benchDatabase,
  drained,
  emptyTally,
  firstClassId,
  freePort,
  HOST,
  load,
  medianP99,
  peakRssMb,
  rssMb,
  signIn,
  startServer,
  stop,
  targetsFor,
  waitHealthy,
  type BenchDatabase,
  type Tally,
  type Target,
} from './api-server';
import { clusterMemory } from './pg-memory';

/** Even, so each engine goes first in half the rounds. */
const ROUNDS = 4;

interface Engine {
  name: string;
  dataDir: string;
  server: ChildProcess;
  base: string;
  cookie: string;
  targets: Target[];
  tallies: Tally[];
  startMs: number;
  idleRss: number | null;
}

interface Options {
  duration: number;
  connections: number;
  warmup: number;
  adminUrl: string;
}

async function launch(
  name: string,
  databaseUrl: string | undefined,
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-bench-api-')),
): Promise<Engine> {
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const t0 = performance.now();
  const server = startServer(port, dataDir, databaseUrl);
  return { name, dataDir, server, base, cookie: '', targets: [], tallies: [], startMs: t0, idleRss: null };
}

async function ready(e: Engine): Promise<void> {
  await waitHealthy(e.base, e.server);
  e.startMs = performance.now() - e.startMs;
  e.idleRss = rssMb(e.server.pid);
  const { cookie, schoolId } = await signIn(e.base);
  e.cookie = cookie;
  e.targets = targetsFor(schoolId, await firstClassId(e.base, cookie, schoolId));
  e.tallies = e.targets.map(() => emptyTally());
}

export async function compareEngines(o: Options): Promise<void> {
  const slice = Math.max(5, o.duration / ROUNDS);
  let db: BenchDatabase | undefined;
  const engines: Engine[] = [];
  // Whatever happens, the run ends: a stuck server is killed and the process leaves.
  const guard = setTimeout(
    () => {
      process.stderr.write('bench:api --compare took too long, stopping\n');
      for (const e of engines) e.server.kill('SIGKILL');
      process.exit(1);
    },
    (slice * ROUNDS + o.warmup) * 2 * 3 * 3000 + 600_000,
  ).unref();
  const pgPeak = { pssMb: 0, processes: 0 };
  let sampler: NodeJS.Timeout | undefined;
  try {
    db = await benchDatabase(o.adminUrl);
    // One after the other: two cold starts at once on 2 cores would time each other, not themselves.
    const embedded = await launch('embedded', undefined);
    engines.push(embedded);
    await ready(embedded);
    const machine = await launch('machine PostgreSQL', db.url);
    engines.push(machine);
    await ready(machine);
    sampler = setInterval(() => {
      const m = clusterMemory(path.join(embedded.dataDir, 'pg'));
      if (m && m.pssMb > pgPeak.pssMb) Object.assign(pgPeak, m);
    }, 1000);
    for (const [i] of embedded.targets.entries()) {
      for (const e of engines) {
        await load(e.base, e.targets[i]!, e.cookie, { duration: o.warmup, connections: o.connections });
        await drained(e.base, e.targets[i]!, e.cookie);
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i] of embedded.targets.entries()) {
        const order = (round + i) % 2 ? [machine, embedded] : [embedded, machine];
        for (const e of order) {
          const t = e.targets[i]!;
          add(
            e.tallies[i]!,
            await load(e.base, t, e.cookie, { duration: slice, connections: o.connections }),
          );
          await drained(e.base, t, e.cookie);
        }
      }
    }
    clearInterval(sampler);
    const peaks = { embedded: peakRssMb(embedded.server.pid), machine: peakRssMb(machine.server.pid) };
    // The embedded server again on the cluster it made: the start every later `npm start` has.
    await stop(embedded.server);
    const again = await launch('embedded', undefined, embedded.dataDir);
    engines.push(again);
    await waitHealthy(again.base, again.server);
    const restartMs = performance.now() - again.startMs;
    report(o, slice, embedded, machine, { ...peaks, pg: pgPeak, restartMs });
  } finally {
    clearInterval(sampler);
    for (const e of engines) await stop(e.server);
    clearTimeout(guard);
    await db
      ?.drop()
      .catch((e: unknown) => process.stderr.write(`could not drop the bench database: ${String(e)}\n`));
    for (const e of engines) fs.rmSync(e.dataDir, { recursive: true, force: true });
  }
}

function report(
  o: Options,
  slice: number,
  embedded: Engine,
  machine: Engine,
  m: {
    embedded: number | null;
    machine: number | null;
    pg: { pssMb: number; processes: number };
    restartMs: number;
  },
): void {
  const row = (k: string, v: string) => console.log(`${k.padEnd(37)} ${v}`);
  const mb = (x: number | null) => (x === null ? 'n/a' : `${x.toFixed(0)} MB`);
  console.log(
    `\nbench:api --compare — ${o.connections} connections, ${slice * ROUNDS} s per endpoint and engine in ${ROUNDS} slices alternating embedded / machine (after ${o.warmup} s warm-up each), ${os.cpus().length} cores\n`,
  );
  let bad = false;
  for (const [i, t] of embedded.targets.entries()) {
    const a = embedded.tallies[i]!;
    const b = machine.tallies[i]!;
    const ra = a.requests / a.seconds;
    const rb = b.requests / b.seconds;
    bad ||= a.bad > 0 || b.bad > 0 || !ra || !rb;
    const fails = a.bad || b.bad ? `, failed or refused ${a.bad} / ${b.bad}` : '';
    row(
      t.name,
      `embedded ${Math.round(ra).toLocaleString()} req/s p99 ${medianP99(a)} ms · machine ${Math.round(rb).toLocaleString()} req/s p99 ${medianP99(b)} ms · ratio ${(ra / rb).toFixed(2)}×${fails}`,
    );
  }
  const start = (e: Engine) => `${(e.startMs / 1000).toFixed(1)} s`;
  row(
    'start to first health answer',
    `embedded ${start(embedded)} on a fresh cluster, ${(m.restartMs / 1000).toFixed(1)} s on that cluster again · machine ${start(machine)}`,
  );
  row('server RSS after start', `embedded ${mb(embedded.idleRss)} · machine ${mb(machine.idleRss)}`);
  row('server peak RSS', `embedded ${mb(m.embedded)} · machine ${mb(m.machine)}`);
  row(
    'embedded postgres peak (PSS)',
    `${mb(m.pg.pssMb)} over ${m.pg.processes} processes (information; shared buffers counted once)`,
  );
  row('goal', 'embedded ≥ 0.9× machine on every endpoint; each server < 400 MB');
  if (bad) process.exitCode = 1;
}
