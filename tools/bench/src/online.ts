// npm run bench:online — a grade sitting an online exam (issue 34): `--students` simulated students (default
// 1,000) starting within `--ramp` seconds (60), each saving an answer every `--every` seconds (5) for `--duration`
// seconds (600), against the real API entry in a child process (api-server.ts), beside the same server's HTTP
// floor (GET /filter/health probed every 50 ms through the run, on the same client). The database is
// BENCH_DATABASE_URL's PostgreSQL (a database is created and dropped) or the embedded default, whose cluster this
// process starts first so the seed and the check reach it too. After the run every acknowledged save is looked
// up in the database: the highest acknowledged revision of each question of each student must be stored with its
// value (a later, unacknowledged one may have overtaken it). The server's RSS is read at the start and the end,
// and its live heap (after a full GC) at 0/25/50/75/100 % and idle after the run: "flat" is that heap's second
// half (online-memory.ts).
// Shorter: `npm run bench:online -- --students 300 --duration 120 --ramp 20`.
//
// 2026-11-29, issue 34 (2 shared cores, others' load 6-25; the full 1,000 × 10 min was not run on this machine):
// 300 students, 30 s ramp, 120 s of saving (60 saves/s), embedded PostgreSQL, load 6.6: save p50 10.3 / p99 357 ms
// beside the floor's p50 1.8 / p99 114 ms in the same run (5.9× / 3.1×); 7,970 saves acknowledged, 7,970 stored,
// 0 lost; server RSS 175 MB at the start, 197 MB at the end (330 MB the highest sample, mid-run, given back);
// server CPU a save 3.56 ms = 20× a floor request. Where the server's CPU went (BENCH_CPU_PROF, the whole run
// with the floor's 40,000 requests, each a database ping): writev of node-postgres' queries 15 s of the 48 s busy,
// drizzle 7 s, the HTTP answers' writev 4 s, GC 3 s: about 0.2 ms a query, ~4 a save (session, enrolment,
// sitting, write). The p99 < 200 ms goal is missed under others' load; the next step is fewer round trips (the
// enrolment checked in the sitting's statement, the session look-up cached past the 5 s between saves).
// A 400-student run at load 22 fell minutes behind (the server got ~10 % of a core), which is why the window is
// set to outlast the planned run by an hour.
//
// 2026-11-29, what the RSS is (1,000 students, 30–60 s ramp, 90–150 s of saving, machine load 12–20, the server
// saturated: saves answered 45–180 s late, 1,000 in flight): the live heap is flat — 48–50 MB before, 63–68 MB
// throughout the load (1,000 requests in flight), 49 MB after; heap snapshots at 50 and 98 % of a run differ by
// 0.2 MB (compiled code), no constructor grows. The RSS peak of 390–400 MB is V8's heap sizing: a request that
// waits seconds outlives two scavenges, so its garbage is promoted and collects in the old generation (heap in use
// 150–260 MB between full collections, 190–290 MB reserved), and after a full collection V8 keeps the freed pages
// pooled until a later one: idle after the run, collected at 0/20/40 s, the RSS was back at 147 MB (164 at the
// start), where 45 s idle with no collection had left it at 348 MB. MALLOC_ARENA_MAX=2
// changed nothing (peak 388 MB beside 397). The run that wrote heap snapshots peaked at 715 MB and kept 470 MB
// idle with 58 MB of heap reserved (the snapshot writer's own memory): no RSS of a BENCH_HEAP_SNAPSHOTS run
// counts. No leak was found; the session cache kept every session that ever made a request until 50,000 (~0.8 KB
// each) and now drops an entry cacheMs after its read (lib/expiring-map.ts).
// The full run, 10:51–11:10 UTC, embedded PostgreSQL, load 13–21 (others' type checks and tests): the server got
// 20 % of a core and the saves fell behind (1,115 s for the 660 planned; save p50 299 s, p99 407 s beside the
// floor's 0.5 / 44.7 ms); 122,675 saves acknowledged and stored, 0 lost. Live heap 47 MB before, 65 / 64 / 65 /
// 64 MB at 25 / 50 / 75 / 100 %: 64.3 → 64.4 MB over the second half (+0.1 %), PASS. RSS 165 MB at the start,
// 264 / 346 / 337 / 376 MB at the same points, 400 MB peak (V8 reserving 166–236 MB for a 65 MB live heap). Its
// last sample came 1 s after the floor's burst (live 49 MB, RSS 366 MB): the bench now idles 40 s first.
// Again at full size, 11:23–11:35 UTC, load 3.7–9 (quieter): on time (660 s), save p50 28 ms, p99 12.0 s (a
// backlog in the first quarter) beside the floor's 2.1 / 338 ms; 125,289 saves, 0 lost. Live heap 47 MB before,
// 65 / 51 / 50 / 49 MB at 25 / 50 / 75 / 100 % (1,000 in flight only at 25 %), 48 MB idle: second half −3.9 %,
// idle beside before +3.6 %, both PASS. RSS 168 at the start, 359 / 220 / 231 / 208 MB, 391 MB peak (the backlog),
// 138 MB idle.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster, type EmbeddedCluster } from '../../../apps/server/src/infra/embedded-pg';
import {
  benchDatabase,
  cpuSeconds,
  freePort,
  HOST,
  peakRssMb,
  rssMb,
  startServer,
  stop,
  waitHealthy,
} from './api-server';
import { p50p99, runHealth } from './marking-load';
import { memoryReport, watchMemory } from './online-memory';
import { runStudents } from './online-load';
import { seedOnline, storedAnswers } from './online-seed';

const { values: args } = parseArgs({
  options: {
    students: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '600' },
    ramp: { type: 'string', default: '60' },
    every: { type: 'string', default: '5' },
  },
});
const num = (v: string | undefined, d: number, min: number, max: number) =>
  Math.max(min, Math.min(max, Number(v) || d));
const STUDENTS = num(args.students, 1000, 1, 5000);
const DURATION = num(args.duration, 600, 10, 3600);
const RAMP = num(args.ramp, 60, 1, 600);
const EVERY = num(args.every, 5, 1, 60);

const log = (s: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-bench-online-'));
const database = await benchDatabase(process.env.BENCH_DATABASE_URL, 'yj_bench_online');
const cluster: EmbeddedCluster | null = database.url ? null : await startCluster(dataDir);
const dbUrl = database.url ?? cluster!.url;
const engine = database.url ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PostgreSQL (the default)';
const port = await freePort();
const base = `http://${HOST}:${port}`;
const server = startServer(port, dataDir, database.url, { memoryProbe: true });
// A saturated server answers the saves late, not fewer of them: 1,000 students for 150 s took 475–518 s at load
// 15–16 (~65 saves/s). The guard leaves a run three times its plan, and a quarter of an hour more.
const guard = setTimeout(
  () => {
    log('bench:online took too long, stopping');
    server.kill('SIGKILL');
    process.exit(1);
  },
  (RAMP + DURATION) * 3000 + 900_000,
).unref();

try {
  log(`starting the server on ${engine}`);
  await waitHealthy(base, server);
  log(`seeding ${STUDENTS} students`);
  // the window outlasts the planned run by an hour: on a loaded machine the saves may fall far behind, and an
  // attempt handed in by the time-out meanwhile would refuse the rest (and measure the hand-in instead)
  const seeded = await seedOnline(dbUrl, {
    students: STUDENTS,
    minutes: Math.ceil((RAMP + DURATION) / 60) + 60,
  });
  const rssStart = rssMb(server.pid);
  const memory = await watchMemory(server, RAMP + DURATION, process.env.BENCH_HEAP_SNAPSHOTS);
  const rssSamples: number[] = [];
  const sampler = setInterval(() => {
    const m = rssMb(server.pid);
    if (m !== null) rssSamples.push(m);
  }, 5_000);
  log(`${STUDENTS} students start within ${RAMP} s, each saving every ${EVERY} s for ${DURATION} s`);
  const cpu0 = cpuSeconds(server.pid);
  const load = await runStudents({
    base,
    subjectId: seeded.subjectId,
    students: seeded.students,
    ramp: RAMP,
    every: EVERY,
    duration: DURATION,
  }).finally(() => clearInterval(sampler));
  const cpu1 = cpuSeconds(server.pid);
  const rssEnd = rssMb(server.pid);
  const peak = peakRssMb(server.pid);
  // the floor as CPU: a loaded machine stretches every latency, the server's CPU a request much less
  log('the HTTP floor as CPU: GET /filter/health, 16 in flight, 10 s');
  const floorCpu0 = cpuSeconds(server.pid);
  const floorT0 = performance.now();
  const floorRps = await runHealth(base, 16, 10);
  const floorCount = (floorRps * (performance.now() - floorT0)) / 1000;
  const floorCpu1 = cpuSeconds(server.pid);
  log('checking every acknowledged save against the database');
  const stored = await storedAnswers(dbUrl, seeded.subjectId);
  let lost = 0;
  let found = 0;
  for (const [key, acked] of load.ledger) {
    const s = stored.get(key);
    // stored at that revision with that value, or overtaken by a later save of the same student
    if (s && (s.rev > acked.rev || (s.rev === acked.rev && s.value === acked.value))) found++;
    else lost++;
  }
  const storedSaves = [...stored.values()].reduce((n, s) => n + s.rev, 0);
  log('the server idles 40 s, collected three times: what it gives back');
  const mem = memoryReport(await memory.idle());

  const row = (k: string, v: string) => console.log(`${k.padEnd(34)} ${v}`);
  const save = p50p99(load.save);
  const floor = p50p99(load.floor);
  const lat = (p: { p50: number; p99: number; n: number }) =>
    `p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms (${p.n.toLocaleString()} requests)`;
  console.log(
    `\nbench:online — ${STUDENTS.toLocaleString()} students starting within ${RAMP} s, a save every ${EVERY} s each, ${DURATION} s of saving, ${engine}, ${os.cpus().length} cores, machine load ${os.loadavg()[0]!.toFixed(1)}\n`,
  );
  row('run', `${load.seconds.toFixed(0)} s until the last save was answered (planned ${RAMP + DURATION} s)`);
  row('saves/s offered', `${(STUDENTS / EVERY).toFixed(0)} once all have started`);
  row('start (the first view)', lat(p50p99(load.start)));
  row('save an answer', lat(save));
  row('HTTP floor GET /filter/health', `${lat(floor)}, probed every 50 ms in the same run`);
  row('save ÷ floor', `p50 ${(save.p50 / floor.p50).toFixed(1)}×, p99 ${(save.p99 / floor.p99).toFixed(1)}×`);
  row('p99 of a save', `${save.p99.toFixed(1)} ms (goal < 200 ms)`);
  row(
    'answers acknowledged / stored',
    `${load.acknowledged.toLocaleString()} saves acknowledged, ${storedSaves.toLocaleString()} stored (sum of the stored revisions)`,
  );
  row(
    'latest acknowledged answer stored',
    `${found.toLocaleString()} of ${load.ledger.size.toLocaleString()} (student, question); ${lost} lost`,
  );
  const mb = (m: number | null) => (m === null ? 'n/a' : `${m.toFixed(0)} MB`);
  row(
    'server RSS',
    `start ${mb(rssStart)}, end ${mb(rssEnd)}, highest sample ${mb(rssSamples.length ? Math.max(...rssSamples) : null)}, peak ${mb(peak)}`,
  );
  for (const [k, v] of mem.rows) row(k, v);
  if (cpu0 !== null && cpu1 !== null && floorCpu0 !== null && floorCpu1 !== null) {
    const floorMs = (1000 * (floorCpu1 - floorCpu0)) / floorCount;
    // the run's CPU less its floor probes', over its starts and saves
    const perSave =
      (1000 * (cpu1 - cpu0) - floorMs * load.floor.length) /
      Math.max(1, load.save.length + load.start.length);
    row('server CPU during the run', `${((100 * (cpu1 - cpu0)) / load.seconds).toFixed(0)} % of a core`);
    row(
      'server CPU a save ÷ a floor request',
      `${perSave.toFixed(2)} ms ÷ ${floorMs.toFixed(2)} ms = ${(perSave / floorMs).toFixed(1)}× (floor ${floorRps.toFixed(0)} requests/s)`,
    );
  }
  if (load.networkErrors) row('requests without answer', String(load.networkErrors));
  for (const [m, n] of load.refused) row('refused', `${n} × ${m}`);
  const pass =
    lost === 0 && load.acknowledged === storedSaves && load.refused.size === 0 && !load.networkErrors;
  console.log(
    `\n${pass ? 'PASS' : 'FAIL'}  every acknowledged save is stored, nothing refused or unanswered`,
  );
  for (const v of mem.verdicts)
    console.log(v?.line ?? 'n/a   the live heap: a memory sample went unanswered');
  if (!pass || !load.acknowledged || mem.verdicts.some((v) => v?.pass === false)) process.exitCode = 1;
} finally {
  await stop(server);
  clearTimeout(guard);
  await database.drop().catch((e: unknown) => log(`could not drop the bench database: ${String(e)}`));
  await cluster?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
