// npm run bench:marking — the marking task pool under 1,000 simulated markers, beside the yardstick
// `pgbench -N -c 16 -T 30` on the same PostgreSQL in the same run. The real API entry runs in a child process
// (api-server.ts): on BENCH_DATABASE_URL's PostgreSQL (a database is created and dropped), otherwise on the
// embedded default, whose cluster this process starts first so the seed and the checks reach it too.
// BENCH_SECONDS shortens the marking (default 60); BENCH_CONNECTIONS sets the requests in flight (default 16, as
// pgbench's clients); BENCH_KILL=1 SIGKILLs the server halfway, restarts it, and the checks then prove that no
// acknowledged submit was lost, no lease outlives its length and nothing counted twice. BENCH_CUTS=ahead stores
// every paper's cut before the run (marking-cuts.ts): the run then measures the pool, not cutting on demand.
// BENCH_MONITOR=1 polls the monitoring routes during the run (marking-monitor.ts) and prints their p99; BENCH_KEEP=1
// keeps the database.
// Markers work as the marking screen does: each submit also claims the following paper (`next: true`), a claim
// only for the first paper; BENCH_FLOW=claim-each claims before every paper instead (the figures of before).
// BENCH_PG_STATS=1 (embedded cluster): pg_stat_statements' heaviest statements of the run and what the server's
// backends were doing (sampled every 10 ms); it costs PostgreSQL CPU, so take CPU figures from a run without it.
// BENCH_TAIL=1: what the submit's latency is made of (marking-tail.ts, the server with tail-probe.mjs): event-loop
// delay and GC of both sides, each request's pool wait and statements, the background jobs' statements, the
// client's share of each submit (its time less the server's own), each side's wait for a CPU, CPU pressure.
// Issue 29: one marker of the double-marked block gives every paper 3 points too many (marking-bias.ts): the run
// prints after how many of their papers (and pairs) 质检 flagged them, and how many honest markers were flagged —
// the rule's power, chance in a short run (a window of 5 pairs, each a step and half the limit off, against
// partners whose marks are ±1). The check is not that chance but the product against its rule
// (marking-bias-rule.ts): 质检's `bias()` replayed on the evidence the server stored for the marker (mark_deviation,
// the reference and partner as quality.repo reads them), prefix by prefix with the other markers' spread as the
// server may have read it then (its 30 s cache), against the flag it wrote (marker_flag: at_evidence, at_done,
// reasons). It FAILs when the rule held and the server never flagged, flagged later than the first pieces the
// rule held on, or flagged for a bias on pieces the rule does not hold on; a flag first written for other
// figures (from minMarks papers) is compared up to that flag only.
// What its runs found (figures, the submit's tail, the bias rule's power, what was fixed and what is out of reach
// here) is kept in docs/CAPACITY.md, "What bench:marking runs found".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../../apps/server/src/infra/db';
import { startCluster, type EmbeddedCluster } from '../../../apps/server/src/infra/embedded-pg';
import { createTasks } from '../../../apps/server/src/modules/marking/final/marking-final';
import {
  benchDatabase,
  cpuSeconds,
  freePort,
  HOST,
  peakRssMb,
  startServer,
  stop,
  waitHealthy,
} from './api-server';
import { markingChecks } from './marking-checks';
import { biasCheck, biasFigures } from './marking-bias';
import {
  clusterCpuSeconds,
  preloadStatements,
  resetStatements,
  sampleBackends,
  topStatements,
} from './marking-pg';
import { cutAhead } from './marking-cuts';
import { printTail, tailWindow } from './marking-tail';
import { p50p99, runHealth, runMarkers, THRESHOLD } from './marking-load';
import { seedMarking, writePageImage } from './marking-seed';
import { pollMonitor, seedMonitor } from './marking-monitor';
import { pgbenchVersion, pgbenchYardstick, type Yardstick } from './marking-yardstick';

const num = (v: string | undefined, d: number, max: number) => Math.max(1, Math.min(max, Number(v) || d));
const SECONDS = num(process.env.BENCH_SECONDS, 60, 600);
const CONNECTIONS = num(process.env.BENCH_CONNECTIONS, 16, 1000);
const PAPERS = num(process.env.BENCH_PAPERS, 20_000, 200_000);
const MARKERS = num(process.env.BENCH_MARKERS, 1000, 10_000);
const PGBENCH_SECONDS = num(process.env.BENCH_PGBENCH_SECONDS, 30, 600);
const KILL = process.env.BENCH_KILL === '1';
const CUTS_AHEAD = process.env.BENCH_CUTS === 'ahead';
const MONITOR = process.env.BENCH_MONITOR === '1';
const CLAIM_EACH = process.env.BENCH_FLOW === 'claim-each';
const PG_STATS = process.env.BENCH_PG_STATS === '1';
const TAIL = process.env.BENCH_TAIL === '1';

const log = (s: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-bench-marking-'));
const adminUrl = process.env.BENCH_DATABASE_URL;
const database = await benchDatabase(adminUrl, 'yj_bench_marking');
let cluster: EmbeddedCluster | null = null;
if (!database.url) cluster = await startCluster(dataDir);
if (cluster && PG_STATS) {
  // pg_stat_statements is loaded at the cluster's start: set, then started again before anything connects
  await preloadStatements(cluster.url);
  await cluster.stop();
  cluster = await startCluster(dataDir);
}
const dbUrl = database.url ?? cluster!.url;
const engine = database.url ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PostgreSQL (the default)';
const port = await freePort();
const base = `http://${HOST}:${port}`;
let server = startServer(port, dataDir, database.url, { tailProbe: TAIL });
const guard = setTimeout(
  () => {
    log('bench:marking took too long, stopping');
    server.kill('SIGKILL');
    process.exit(1);
  },
  (SECONDS + PGBENCH_SECONDS) * 1000 + 1_200_000,
).unref();

async function serverVersion(): Promise<string> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  const v = (await c.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
  await c.end();
  return v;
}

/** Subject status reviewing and the task pool, as the start of marking leaves them (createTasks of the server). */
async function startMarking(subjectId: number): Promise<number> {
  const d = openPostgres(dbUrl);
  try {
    await d.db.transaction(async (tx) => {
      await tx.execute(sql`update subject set status = 3 where id = ${subjectId}`);
      await createTasks(tx, subjectId);
    });
    const r = await d.db.execute(
      sql`select count(*)::int as n from mark_task where subject_id = ${subjectId}`,
    );
    return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
  } finally {
    await d.close();
  }
}

async function taskPapers(subjectId: number): Promise<Map<number, number>> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  const rows = (await c.query('select id, paper_id from mark_task where subject_id = $1', [subjectId])).rows;
  await c.end();
  return new Map(rows.map((r: { id: number; paper_id: number }) => [r.id, r.paper_id]));
}

const killed = { downtime: null as number | null };
/** BENCH_KILL: SIGKILL halfway, then the same server again on the same port and data. */
async function killAndRestart(): Promise<void> {
  await new Promise((res) => setTimeout(res, (SECONDS * 1000) / 2));
  log('SIGKILL the server');
  const t0 = performance.now();
  const exited = new Promise((res) => server.once('exit', res));
  server.kill('SIGKILL');
  await exited;
  server = startServer(port, dataDir, database.url, { tailProbe: TAIL });
  await waitHealthy(base, server);
  killed.downtime = (performance.now() - t0) / 1000;
  log(`server back after ${killed.downtime.toFixed(1)} s`);
}

try {
  log(`starting the server on ${engine}`);
  await waitHealthy(base, server);
  log(`seeding ${PAPERS} papers, ${MARKERS} markers`);
  let t0 = performance.now();
  const matrix = await writePageImage(path.join(dataDir, 'files'));
  const seeded = await seedMarking(dbUrl, { papers: PAPERS, markers: MARKERS, matrix, threshold: THRESHOLD });
  const seedS = (performance.now() - t0) / 1000;
  t0 = performance.now();
  const tasks = await startMarking(seeded.subjectId);
  const startS = (performance.now() - t0) / 1000;
  log(`${tasks} tasks created in ${startS.toFixed(1)} s`);
  const pgbench = await pgbenchVersion();
  let yard: Yardstick | null = null;
  if (pgbench) {
    log(`yardstick: pgbench -N -c 16 -T ${PGBENCH_SECONDS}`);
    yard = await pgbenchYardstick(dbUrl, PGBENCH_SECONDS);
  }
  const fullScores = new Map<string, number>([
    ['41', 10],
    ['42', 20],
    ['43', 12],
    ['44', 18],
  ]);
  const taskPaper = await taskPapers(seeded.subjectId);
  if (CUTS_AHEAD) {
    t0 = performance.now();
    const n = await cutAhead({
      base,
      filesDir: path.join(dataDir, 'files'),
      markers: seeded.markers,
      blockIds: seeded.blocks.map((b) => b.id),
      taskPaper,
    });
    log(`${n} cuts stored ahead in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  log(
    `${MARKERS} markers for ${SECONDS} s, ${CONNECTIONS} requests in flight${KILL ? ', SIGKILL halfway' : ''}`,
  );
  const monitorWorld = MONITOR ? await seedMonitor(dbUrl, seeded) : null;
  // issue 29: one marker of the double-marked block gives every paper BIAS points too many
  const doubleBlock = seeded.blocks.find((b) => b.markCount === 2)!;
  const biased = seeded.markers.find((m) => m.blockId === doubleBlock.id)!.userId;
  // the routes' own cost first, with nobody marking; then under the markers' load
  const idle = monitorWorld ? await pollMonitor(base, monitorWorld, 10) : null;
  // CPU of this process (the simulated markers) and of the server during the run: is the client the limit?
  if (cluster && PG_STATS) await resetStatements(dbUrl);
  const clientCpu0 = process.cpuUsage();
  const serverCpu0 = cpuSeconds(server.pid);
  const pgCpu0 = cluster ? clusterCpuSeconds(cluster.dir) : null;
  const tail = TAIL ? await tailWindow(dbUrl, server) : null;
  let running = true;
  const [load, polled, backends] = await Promise.all([
    runMarkers({
      base,
      markers: seeded.markers,
      blocks: seeded.blocks,
      fullScores,
      taskPaper,
      seconds: SECONDS,
      connections: CONNECTIONS,
      cutsStored: CUTS_AHEAD,
      nextWithSubmit: !CLAIM_EACH,
      biased,
    }).finally(() => (running = false)),
    monitorWorld ? pollMonitor(base, monitorWorld, SECONDS) : Promise.resolve(null),
    PG_STATS ? sampleBackends(dbUrl, () => !running) : Promise.resolve(null),
    KILL ? killAndRestart() : Promise.resolve(),
  ]);
  const tailResult = await tail?.end();
  const clientCpu = process.cpuUsage(clientCpu0);
  const clientCpuS = (clientCpu.user + clientCpu.system) / 1e6;
  const serverCpu1 = cpuSeconds(server.pid);
  const pgCpu1 = cluster ? clusterCpuSeconds(cluster.dir) : null;
  const pgCpuS = pgCpu0 !== null && pgCpu1 !== null ? pgCpu1 - pgCpu0 : null;
  const statements = cluster && PG_STATS ? await topStatements(dbUrl) : [];
  const serverCpuS = !KILL && serverCpu0 !== null && serverCpu1 !== null ? serverCpu1 - serverCpu0 : null;
  const rss = peakRssMb(server.pid);
  log('the HTTP floor: GET /filter/health for 10 s');
  // its CPU too (server and PostgreSQL): a cost ratio a loaded machine shifts less than the rates' ratio
  const floorCpu0 = (cpuSeconds(server.pid) ?? NaN) + (cluster ? (clusterCpuSeconds(cluster.dir) ?? NaN) : 0);
  const floorT0 = performance.now();
  const healthRps = KILL ? null : await runHealth(base, CONNECTIONS, 10);
  const floorRequests = healthRps === null ? 0 : (healthRps * (performance.now() - floorT0)) / 1000;
  const floorCpu =
    (cpuSeconds(server.pid) ?? NaN) + (cluster ? (clusterCpuSeconds(cluster.dir) ?? NaN) : 0) - floorCpu0;
  log('checking');
  const result = await markingChecks(dbUrl, seeded.subjectId, seeded.blocks, load.ledger, { killed: KILL });
  const bias = await biasFigures(dbUrl, doubleBlock.id, biased, { killed: KILL });
  result.checks.push(biasCheck(bias));

  const row = (k: string, v: string) => console.log(`${k.padEnd(34)} ${v}`);
  const lat = (xs: number[]) => {
    const p = p50p99(xs);
    return `p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms (${p.n.toLocaleString()} requests)`;
  };
  const perS = load.counted / load.seconds;
  console.log(
    `\nbench:marking — ${PAPERS.toLocaleString()} papers, 3 blocks (one double-marked), ${MARKERS} markers (${CLAIM_EACH ? 'a claim before each paper' : 'each submit claims the next paper'}), ${CONNECTIONS} requests in flight, ${load.seconds.toFixed(0)} s, cuts ${CUTS_AHEAD ? 'stored ahead' : 'on demand'}, ${engine} ${await serverVersion()}, ${os.cpus().length} cores\n`,
  );
  row(
    'seed (set-based)',
    `${seedS.toFixed(1)} s; start of marking: ${tasks.toLocaleString()} tasks in ${startS.toFixed(1)} s`,
  );
  row(
    'submits/s',
    `${perS.toFixed(0)} (${load.counted.toLocaleString()} counted, ${load.replays} replays acknowledged)`,
  );
  row(CLAIM_EACH ? 'claim' : "claim (a marker's first paper)", lat(load.claim));
  row(CLAIM_EACH ? 'submit' : 'submit, claiming the next paper', lat(load.submit));
  row('cut image, first cut of a paper', lat(load.imageFirst));
  row('cut image, cut already stored', lat(load.imageCached));
  if (yard) {
    row(
      `yardstick ${yard.command}`,
      `${yard.tps.toFixed(0)} tps, latency average ${yard.latencyMs} ms (${pgbench})`,
    );
    row('submits/s ÷ pgbench tps', `${(perS / yard.tps).toFixed(2)} (goal ≥ 0.5)`);
  } else row('yardstick', 'pgbench not found on PATH: no yardstick in this run');
  if (healthRps !== null) {
    row(
      'HTTP floor GET /filter/health',
      `${healthRps.toFixed(0)} requests/s (${CONNECTIONS} in flight): a paper is 2 requests, at most ${(healthRps / 2).toFixed(0)} papers/s`,
    );
    row('submits/s ÷ that bound', `${((2 * perS) / healthRps).toFixed(2)} (goal ≥ 0.25)`);
    const paperCpu = serverCpuS === null ? NaN : serverCpuS + (pgCpuS ?? 0);
    const perRequest = floorCpu / floorRequests;
    if (Number.isFinite(paperCpu) && Number.isFinite(perRequest))
      row(
        'the same as CPU: floor ÷ paper',
        `${((2 * perRequest * load.counted) / paperCpu).toFixed(2)} (${(1000 * perRequest).toFixed(2)} ms of ${cluster ? 'server and PostgreSQL' : 'server'} CPU a floor request, ${((1000 * paperCpu) / load.counted).toFixed(2)} ms a paper)`,
      );
  }
  const p99 = Math.max(p50p99(load.claim).p99, p50p99(load.submit).p99);
  row('p99 of claim and submit', `${p99.toFixed(1)} ms (goal < 50 ms)`);
  for (const [name, xs] of idle ?? []) row(`monitor, idle: ${name}`, `${lat(xs)} (goal p99 < 200 ms)`);
  for (const [name, xs] of polled ?? []) row(`monitor, marking: ${name}`, lat(xs));
  row('server peak RSS', rss === null ? 'n/a' : `${rss.toFixed(0)} MB`);
  const share = (cpu: number) => `${((100 * cpu) / load.seconds).toFixed(0)} % of a core`;
  row(
    'CPU during the run',
    `client (${MARKERS} markers, this process) ${share(clientCpuS)}, server ${serverCpuS === null ? 'n/a' : share(serverCpuS)}, PostgreSQL ${pgCpuS === null ? 'n/a' : share(pgCpuS)}, machine load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const perPaper = (cpu: number | null) =>
    cpu === null ? 'n/a' : `${((1000 * cpu) / load.counted).toFixed(2)} ms`;
  row(
    'CPU per counted submit',
    `client ${perPaper(clientCpuS)}, server ${perPaper(serverCpuS)}, PostgreSQL ${perPaper(pgCpuS)}`,
  );
  const samples = backends?.get('(samples)') ?? 0;
  for (const [k, n] of [...(backends ?? [])].sort((a, b) => b[1] - a[1]).slice(1, 16))
    row(`  backends ${(n / samples).toFixed(2)}`, k);
  if (tailResult)
    printTail(tailResult, load.counted, load.submitGap.length ? p50p99(load.submitGap) : null, row);
  for (const st of statements)
    row(
      `  ${st.calls.toLocaleString()} calls`,
      `exec ${(st.execMs / st.calls).toFixed(3)} ms, plan ${(st.planMs / st.calls).toFixed(3)} ms, ${(st.rows / st.calls).toFixed(1)} rows: ${st.query.slice(0, 160)}`,
    );
  if (KILL)
    row(
      'SIGKILL',
      `server back in ${killed.downtime?.toFixed(1) ?? '?'} s, ${load.networkErrors} requests without answer`,
    );
  else if (load.networkErrors) row('requests without answer', String(load.networkErrors));
  for (const [m, n] of load.refused) row('refused', `${n} × ${m}`);
  if (load.exhausted) row('markers with nothing left to claim', String(load.exhausted));
  // a claim answered while the server died leaves a lease nobody knows of: it returns to the pool when it ends
  // the rule's power (chance in a short run), apart from the check of the product against its rule
  row(
    'biased marker (+3, double block)',
    bias.atDone === null
      ? `not flagged (${bias.done} papers, ${bias.pairs} pairs)`
      : `flagged ${bias.forBias ? 'for a bias' : `for ${bias.reasons.join('、')}`} after ${bias.atDone} of their papers, on ${bias.atEvidence} pairs (${bias.done} papers, ${bias.pairs} pairs at the end)`,
  );
  row(
    'the bias rule on their evidence',
    bias.verdict.rulePossible === null
      ? `held on none of their ${bias.steps.length} pieces`
      : bias.verdict.ruleSure === bias.verdict.rulePossible
        ? `held first on ${bias.verdict.ruleSure} of their ${bias.steps.length} pieces`
        : `may have held first on ${bias.verdict.rulePossible} of their ${bias.steps.length} pieces (on the lowest others' spread the server may have read), surely ${bias.verdict.ruleSure === null ? 'on none' : `on ${bias.verdict.ruleSure}`}`,
  );
  row(
    'honest markers flagged for a bias',
    `${bias.honestFlagged} of ${bias.honest} (${bias.honestPairs.toLocaleString()} pairs between them)`,
  );
  row(
    'leases at the end',
    `${result.leased} (${load.held} held by markers, ${result.leased - load.held} orphaned)`,
  );
  console.log('');
  for (const ch of result.checks) console.log(`${ch.pass ? 'PASS' : 'FAIL'}  ${ch.name} — ${ch.detail}`);
  if (result.checks.some((ch) => !ch.pass) || !load.counted) process.exitCode = 1;
} finally {
  await stop(server);
  clearTimeout(guard);
  // BENCH_KEEP=1 keeps the database for a look at its plans (its name is printed)
  if (process.env.BENCH_KEEP) log(`kept database ${database.url}`);
  else await database.drop().catch((e: unknown) => log(`could not drop the bench database: ${String(e)}`));
  await cluster?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
