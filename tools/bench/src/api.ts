// npm run bench:api — the signed-in request path under load, beside GET /filter/health (the yardstick: one
// database ping, no session) measured in the same run. The real API entry (apps/server/src/main/api.ts) runs in
// a child process with its own configuration, so the database is whatever `npm start` would open: PostgreSQL
// when BENCH_DATABASE_URL names one (an admin URL; a database is created and dropped), otherwise the embedded
// default under a temporary DATA_DIR. Loopback only; the run is bounded and stops the server itself.
// `-- --compare` runs both engines side by side instead (api-compare.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { compareEngines } from './api-compare';
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
  signIn,
  startServer,
  stop,
  targetsFor,
  waitHealthy,
  type Target,
} from './api-server';

const { values: args } = parseArgs({
  options: {
    /** seconds per endpoint (per engine with --compare), in slices */
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '200' },
    /** the embedded default and the machine's PostgreSQL in one run, slices interleaved */
    compare: { type: 'boolean', default: false },
  },
});
const ROUNDS = 3;
// A slice shorter than the worst latency would count nothing: at least 5 s each.
const DURATION = Math.max(ROUNDS * 5, Math.min(600, Number(args.duration) || 30));
const COUNT_REQUESTS = 2000;
const CONNECTIONS = Math.max(1, Math.min(2000, Number(args.connections) || 200));
const WARMUP_S = Math.min(3, DURATION);

if (args.compare) {
  await compareEngines({
    duration: DURATION,
    connections: CONNECTIONS,
    warmup: WARMUP_S,
    adminUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  process.exit();
}

interface Measured {
  name: string;
  rps: number;
  p99: number;
  bad: number;
  queriesPerRequest: number | null;
}

/** PostgreSQL statements committed in the bench database so far (each autocommit query is one transaction). */
async function committed(url: string | undefined, name: string | undefined): Promise<number | null> {
  if (!url || !name) return null;
  // An idle backend reports its counters within 10 s (PGSTAT_IDLE_INTERVAL); wait so they include the last requests.
  await new Promise((res) => setTimeout(res, 11_000));
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ n: string }>(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
    [name],
  );
  await c.end();
  return Number(r.rows[0]!.n);
}

/**
 * Each endpoint gets the same total time, in ROUNDS slices taken in turn: on a machine shared with other work,
 * a burst of foreign load then falls on every endpoint alike instead of on one.
 */
async function measureAll(base: string, targets: Target[], cookie: string): Promise<Measured[]> {
  for (const t of targets) {
    await load(base, t, cookie, { duration: WARMUP_S, connections: CONNECTIONS });
    await drained(base, t, cookie);
  }
  const acc = targets.map(() => emptyTally());
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries()) {
      add(acc[i]!, await load(base, t, cookie, { duration: DURATION / ROUNDS, connections: CONNECTIONS }));
      await drained(base, t, cookie);
    }
  }
  return acc.map((a, i) => ({
    name: targets[i]!.name,
    rps: a.requests / a.seconds,
    p99: medianP99(a),
    bad: a.bad,
    queriesPerRequest: null,
  }));
}

/** Statements per request on PostgreSQL: a quiet run of COUNT_REQUESTS between two readings of the counters. */
async function queriesPerRequest(
  base: string,
  t: Target,
  cookie: string,
  db: { url?: string; name?: string },
): Promise<number | null> {
  const before = await committed(db.url, db.name);
  if (before === null) return null;
  await load(base, t, cookie, { amount: COUNT_REQUESTS, connections: 10 });
  const after = (await committed(db.url, db.name))!;
  // `before`'s own stats query is the one extra transaction; autovacuum may add a few, hence the quiet run's size.
  return (after - before - 1) / COUNT_REQUESTS;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-bench-api-'));
const database = await benchDatabase(process.env.BENCH_DATABASE_URL);
const engine = database.url ? 'PostgreSQL' : 'embedded default (no DATABASE_URL)';
const port = await freePort();
const base = `http://${HOST}:${port}`;
const server = startServer(port, dataDir, database.url);
// Whatever happens, the run ends: the server, its temporary data and the bench database go with it.
const guard = setTimeout(
  () => {
    process.stderr.write('bench:api took too long, stopping\n');
    server.kill('SIGKILL');
    process.exit(1);
  },
  (DURATION + WARMUP_S) * 3 * 1000 + 600_000,
).unref();
let results: Measured[];
let rss: number | null;
try {
  await waitHealthy(base, server);
  const { cookie, schoolId } = await signIn(base);
  const targets = targetsFor(schoolId, await firstClassId(base, cookie, schoolId));
  results = await measureAll(base, targets, cookie);
  for (const [i, t] of targets.entries()) {
    results[i]!.queriesPerRequest = await queriesPerRequest(base, t, cookie, database);
  }
  rss = peakRssMb(server.pid);
} finally {
  await stop(server);
  clearTimeout(guard);
  await database
    .drop()
    .catch((e: unknown) => process.stderr.write(`could not drop the bench database: ${String(e)}\n`));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const health = results[0]!;
const row = (k: string, v: string) => console.log(`${k.padEnd(37)} ${v}`);
console.log(
  `\nbench:api — ${CONNECTIONS} connections, ${DURATION} s per endpoint in ${ROUNDS} interleaved slices (after ${WARMUP_S} s warm-up), ${engine}, ${os.cpus().length} cores\n`,
);
for (const m of results) {
  const ratio = m === health ? '' : `, ratio ${(m.rps / health.rps).toFixed(2)}× health`;
  const q = m.queriesPerRequest === null ? '' : `, ${m.queriesPerRequest.toFixed(2)} queries/request`;
  const bad = m.bad ? `, ${m.bad} failed or refused` : '';
  row(m.name, `${Math.round(m.rps).toLocaleString()} req/s, p99 ${m.p99} ms${ratio}${q}${bad}`);
}
row('server peak RSS', rss === null ? 'n/a' : `${rss.toFixed(0)} MB`);
row('goal', 'signed-in reads ≥ 0.5× health');
if (results.some((m) => m.bad || !m.rps)) process.exitCode = 1;
