// npm run bench:scan — simulated pages uploaded through the real API (multipart, app.inject) and recognised with
// an in-process queue and local files, beside a yardstick measured in the same run: the engine alone (decode +
// recognizePage on a worker pool) on a sample of the same pages.
// The database: `--pg embedded` (the default, as it is the product's: a real cluster in its own processes, started
// and metered as bench:marking does: infra/embedded-pg.ts, marking-pg.ts), `--pg pglite` (in-process WebAssembly
// PostgreSQL, the tests' and older versions' database: its work and its garbage run on the server's main thread,
// so it measures a server no school runs) or `--pg postgres://…` (a database created on that server for the run and
// dropped after; its CPU is that of the backends serving it, cluster-hosts.ts's meter, without the server's WAL
// writer and checkpointer). With a real PostgreSQL it prints per recognised page: this process's CPU (the server:
// upload, jobs, the engine's threads; the bench's own part is reading the files), PostgreSQL's, the engine alone's
// from the yardstick, and the statements sent to PostgreSQL (each a round trip), counted as marking-cost.test.ts
// does, by wrapping pg.Client.prototype.query.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { Piscina } from 'piscina';
import { SIM_VERSION } from '@yj/scan-sim';
import { buildApp } from '../../../apps/server/src/app';
import { loadConfig } from '../../../apps/server/src/config';
import { paper, scanException } from '../../../apps/server/src/db/schema';
import { openPglite, openPostgres, rowsOf, type Database } from '../../../apps/server/src/infra/db';
import { startCluster } from '../../../apps/server/src/infra/embedded-pg';
import { JOB_CONCURRENCY, memoryQueue, type JobQueue } from '../../../apps/server/src/infra/queue';
import { fsStorage } from '../../../apps/server/src/infra/storage';
import { templatePictureKey } from '../../../apps/server/src/modules/template/template-picture';
import { benchDatabase, cpuSeconds } from './api-server';
import { pgMeter } from './cluster-hosts';
import { clusterCpuSeconds } from './marking-pg';
import { cardPictures, multipart, pageFiles, seedScanWorld } from './scan-world';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '2000' },
    sample: { type: 'string', default: '200' },
    chunk: { type: 'string', default: '50' },
    set: { type: 'string', default: `bench-out/omr/v${SIM_VERSION}-typical-s4` },
    pg: { type: 'string', default: 'embedded' },
    // a V8 CPU profile of the main thread over the measured run, written to this file (.cpuprofile)
    profile: { type: 'string' },
    // the card with its pages' pictures, as every card the product prints has them: recognition reads the printed
    // blank, and each paper's one-sheet-twice check looks up its exam-number neighbours (same-sheet.ts)
    pictures: { type: 'boolean', default: false },
  },
});
const PG = args.pg!;
if (PG !== 'pglite' && PG !== 'embedded' && !/^postgres(ql)?:\/\//.test(PG))
  throw new Error(`--pg: pglite, embedded or a postgres:// URL, not ${PG}`);
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const loadBefore = load();
const PAGES = Number(args.pages) - (Number(args.pages) % 2);
const CHUNK = Number(args.chunk) - (Number(args.chunk) % 2);
const setDir = path.resolve(args.set);
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

// yardstick: the engine alone (decode + recognise) on a sample, on as many threads as the server's pool
const threads = os.availableParallelism();
// The server's first papers start its worker threads (each loading the engine): a few papers more, uploaded and
// recognised before the measured run, as the yardstick warms its threads up before its timed part.
const WARM = 2 * threads;
const all = await pageFiles(setDir, PAGES + WARM);
const files = all.slice(0, PAGES);
const warm = all.slice(PAGES);
const truths = await Promise.all(
  all.filter((_, i) => i % 2 === 0).map(async (f) => JSON.parse(await readFile(`${f}.json`, 'utf8'))),
);
const kaohaos = [...new Set(truths.map((t: { answers: { examNumber: string } }) => t.answers.examNumber))];

const sample = files.slice(0, Math.min(Number(args.sample), files.length));
/** CPU seconds of each thread of this process so far (Linux /proc), by thread id. */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  try {
    for (const tid of fs.readdirSync('/proc/self/task'))
      out.set(tid, cpuSeconds(`${process.pid}/task/${tid}`) ?? 0);
  } catch {
    // not Linux: the line by thread is left out
  }
  return out;
}

/** Each thread's CPU seconds since `before`, the busiest first (main thread marked). */
const threadsSince = (before: Map<string, number>) =>
  [...threadCpu()]
    .map(([tid, s]) => ({ tid, main: tid === String(process.pid), s: s - (before.get(tid) ?? 0) }))
    .sort((a, b) => b.s - a.s);

// Measured before and after the end-to-end run: the machine is shared, and a yardstick taken on a quiet
// minute beside a run on a busy one (or the reverse) misstates the ratio; the mean of the two brackets it.
// Its CPU per page is this process's CPU over the timed part (the threads are this process's; the main thread only
// hands out file names), which the load of others does not multiply as it does the rate.
async function engineAlone(): Promise<{ rate: number; cpuMs: number; threadsMs: number[] }> {
  const engine = new Piscina({
    filename: new URL('./omr-worker.ts', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
  });
  await Promise.all(
    sample.slice(0, 2 * threads).map((f) => engine.run({ file: f, mode: 'full', pictures: args.pictures })),
  );
  const start = performance.now();
  const cpu0 = cpuNow();
  const threads0 = threadCpu();
  await Promise.all(sample.map((f) => engine.run({ file: f, mode: 'full', pictures: args.pictures })));
  const cpuMs = (1000 * (cpuNow() - cpu0)) / sample.length;
  const threadsMs = threadsSince(threads0).map((x) => (1000 * x.s) / sample.length);
  const rate = sample.length / ((performance.now() - start) / 1000);
  await engine.destroy();
  return { rate, cpuMs, threadsMs };
}
const engineBefore = await engineAlone();

// a school, an exam with one subject, its template and the examinees
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-bench-scan-'));
/** The run's database, its PostgreSQL CPU seconds so far (null: in this process) and what closes it. */
async function openBenchDatabase(): Promise<{
  database: Database;
  label: string;
  cpu: (() => Promise<number>) | null;
  close: () => Promise<void>;
}> {
  if (PG === 'pglite') {
    const database = await openPglite({ dataDir: path.join(dir, 'db') });
    return { database, label: 'PGlite', cpu: null, close: () => database.close() };
  }
  if (PG === 'embedded') {
    const cluster = await startCluster(dir);
    const database = openPostgres(cluster.url);
    return {
      database,
      label: 'embedded PostgreSQL (its own processes)',
      cpu: async () => clusterCpuSeconds(cluster.dir) ?? NaN,
      close: async () => {
        await database.close();
        await cluster.stop();
      },
    };
  }
  const made = await benchDatabase(PG, 'yj_bench_scan');
  const database = openPostgres(made.url!);
  const meter = pgMeter(made.url!, made.name!);
  let started = false;
  return {
    database,
    label: `PostgreSQL at ${new URL(PG).host} (database ${made.name}, its backends)`,
    // the first reading starts the meter (its base), the next stops it
    cpu: async () => {
      if (started) return meter.stop();
      started = true;
      return meter.start();
    },
    close: async () => {
      await database.close();
      await made.drop();
    },
  };
}
const bench = await openBenchDatabase();
const database = bench.database;
await database.migrate();
const db = database.db;
const pictures = args.pictures ? await cardPictures() : [];
const { subjectId } = await seedScanWorld(db, {
  kaohaos,
  account: 'bench',
  password: 'Bench2026x',
  ...(args.pictures ? { pictures: pictures.map((x) => x.key) } : {}),
});
const storage = fsStorage(path.join(dir, 'files'));
for (const x of pictures) await storage.put(templatePictureKey(subjectId, x.key), x.jpeg);

// The server's queue, its recognition jobs counted as they end: the bench waits on the count, not by asking the
// database every 200 ms (which would add its own statements and CPU to PostgreSQL's per page).
const inner = memoryQueue(
  { error: (obj, msg) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`) },
  JOB_CONCURRENCY,
);
let recognised = 0;
const queue: JobQueue = {
  ...inner,
  register: (name, handler) =>
    inner.register(name, async (payload) => {
      const out = await handler(payload);
      if (name === 'scan.recognize') recognised++;
      return out;
    }),
};
const config = loadConfig({ DATA_DIR: dir, WEB_DIST: path.join(dir, 'no-web') });
const app = await buildApp(config, {
  database,
  queue,
  storage,
  sms: { send: async () => {} },
});
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/filter/yue/user/login',
  headers: XHR,
  payload: { account: 'bench', password: 'Bench2026x' },
});
const cookie = `yx_sid=${login.json().data.token}`;

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
// tagged so that the count of the server's statements leaves them out
const queued = async () =>
  rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n /* bench */ from scan_page where status = 'queued'`),
  )[0]!.n;

// Every statement sent to PostgreSQL by either driver passes here (marking-cost.test.ts).
const counted = [pg.Client.prototype, PGlite.prototype] as Array<{ query: (...a: unknown[]) => unknown }>;
const originals = counted.map((proto) => proto.query);
const statements = new Map<string, number>();
const countStatements = (on: boolean) =>
  counted.forEach((proto, i) => {
    proto.query = on
      ? function (this: unknown, ...a: unknown[]) {
          const q = a[0] as string | { text?: string };
          const text = (typeof q === 'string' ? q : (q?.text ?? '')).replace(/\s+/g, ' ');
          if (!text.includes('/* bench */') && !text.includes('pg_stat_activity'))
            statements.set(text, (statements.get(text) ?? 0) + 1);
          return originals[i]!.apply(this, a);
        }
      : originals[i]!;
  });

async function upload(list: string[]): Promise<void> {
  for (let i = 0; i < list.length; i += CHUNK) {
    const chunk = await Promise.all(
      list
        .slice(i, i + CHUNK)
        .map(async (f) => ({ name: `${path.basename(f)}.jpg`, data: await readFile(`${f}.jpg`) })),
    );
    const m = multipart(chunk);
    const res = await app.inject({
      method: 'POST',
      url: `/filter/api/subject/${subjectId}/answerCard`,
      headers: { ...XHR, cookie, 'content-type': m.type },
      payload: m.payload,
    });
    if (res.json().code !== 0) throw new Error(res.json().message);
  }
}
async function recognisedAll(papers: number): Promise<void> {
  for (let tick = 0; ; tick++) {
    // every paper's job ended, or (a job failed for good, say) the database says nothing is left every 10 s
    if ((recognised >= papers || tick % 50 === 49) && (await queued()) === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}
await upload(warm);
await recognisedAll(warm.length / 2);

const pgCpu0 = bench.cpu ? await bench.cpu() : null;
const cpu0 = cpuNow();
const threads0 = threadCpu();
const profiler = args.profile ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
countStatements(true);
const t0 = performance.now();
await upload(files);
const uploaded = performance.now();
const papersUploaded = files.length / 2;
await recognisedAll(all.length / 2);
const finished = performance.now();
countStatements(false);
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  fs.writeFileSync(args.profile!, JSON.stringify(profile));
  profiler.disconnect();
}
const serverCpu = cpuNow() - cpu0;
// Each thread's CPU over the run: the main thread (HTTP, jobs, the database driver, hashing), the recognition
// pool's threads (the busiest others, as many as the pool has: nothing else here runs that long) and the rest
// (libuv's file writes and syncs, V8's GC helpers). A recognition thread's CPU over the wall time is how busy it
// was: what it lacks was spent waiting for pages or for a core.
const byThread = threadsSince(threads0);
const mainCpu = byThread.find((x) => x.main)?.s ?? NaN;
const recognising = byThread.filter((x) => !x.main).slice(0, threads);
const recognisingCpu = recognising.reduce((a, x) => a + x.s, 0);
const pgCpu = bench.cpu && pgCpu0 !== null ? (await bench.cpu()) - pgCpu0 : null;
clearInterval(sampler);

const e2eRate = files.length / ((finished - t0) / 1000);
const engineAfter = await engineAlone();
const engineRate = (engineBefore.rate + engineAfter.rate) / 2;
const engineCpuMs = (engineBefore.cpuMs + engineAfter.cpuMs) / 2;
const [papers] = await db
  .select({
    n: count(),
    matched: sql<number>`(count(*) filter (where ${paper.examineeId} is not null))::int`,
  })
  .from(paper);
const byType = await db
  .select({ type: scanException.type, n: count() })
  .from(scanException)
  .groupBy(scanException.type);
const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
const perPage = (s: number) => (1000 * s) / files.length;
const sent = [...statements.values()].reduce((a, b) => a + b, 0);
const bySent = [...statements.entries()].sort((a, b) => b[1] - a[1]);
const heaviest = bySent.slice(0, 16);
const others = bySent.slice(16).reduce((a, [, n]) => a + n, 0);
// every statement with its count, when asked (BENCH_STATEMENTS=file)
if (process.env.BENCH_STATEMENTS)
  fs.writeFileSync(process.env.BENCH_STATEMENTS, bySent.map(([q, n]) => `${n}\t${q}`).join('\n') + '\n');
const pgLines =
  pgCpu === null
    ? [
        `  CPU a recognised page, this process (server with PGlite in it; the bench reads the files): ${f1(perPage(serverCpu))} ms  (engine alone ${f1(engineCpuMs)} ms, ratio ${f2(perPage(serverCpu) / engineCpuMs)})`,
      ]
    : [
        `  CPU a recognised page: server (this process: upload, jobs, engine threads; the bench reads the files) ${f1(perPage(serverCpu))} ms, PostgreSQL ${f2(perPage(pgCpu))} ms`,
        `  engine alone, same run: ${f1(engineCpuMs)} ms a page (before ${f1(engineBefore.cpuMs)}, after ${f1(engineAfter.cpuMs)}); server / engine ${f2(perPage(serverCpu) / engineCpuMs)}, PostgreSQL / engine ${f2(perPage(pgCpu) / engineCpuMs)}`,
        // Both runs keep every core busy, so a page's CPU is what the ratio pays: engine ÷ (server + database) is
        // the ratio a run that waits on nothing else (disk, queue, locks) reaches, and engine ÷ (engine + database)
        // the most any server can reach on these cores with this database's work, were its own cost the engine's.
        // A measured ratio well below the first is waiting; above it, the machine's load moved between the runs.
        `  ratio from CPU alone: engine ÷ (server + PostgreSQL) ${f2(engineCpuMs / (perPage(serverCpu) + perPage(pgCpu)))} (measured ${f2(e2eRate / engineRate)}); with the server costing only the engine, engine ÷ (engine + PostgreSQL) ${f2(engineCpuMs / (engineCpuMs + perPage(pgCpu)))}`,
      ];
process.stdout.write(
  [
    `bench:scan — ${files.length} pages (typical, A3 200 dpi, card ${args.pictures ? 'with' : 'without'} its pages' pictures; ${warm.length} more before, warming the server up), upload in requests of ${CHUNK} pages, ${bench.label} + in-process queue`,
    `  machine load (uptime) before ${loadBefore}, after ${load()}; ${os.availableParallelism()} cores`,
    `  end-to-end (upload + recognition): ${f1(e2eRate)} pages/s  (${f1((finished - t0) / 1000)} s)`,
    `  engine alone (decode + recognize, ${sample.length} pages on ${threads} threads, same run): ${f1(engineRate)} pages/s  (before ${f1(engineBefore.rate)}, after ${f1(engineAfter.rate)})`,
    `  ratio end-to-end / engine: ${(e2eRate / engineRate).toFixed(2)}  (goal ≥ 0.9)`,
    ...pgLines,
    ...(byThread.length
      ? [
          `  CPU a page by thread: main (HTTP, jobs, database driver, hashing) ${f1(perPage(mainCpu))} ms, recognition threads ${f1(perPage(recognisingCpu))} ms (each busy ${recognising.map((x) => `${Math.round((100 * x.s) / ((finished - t0) / 1000))} %`).join(', ')} of the run), others (libuv file writes and syncs, GC helpers) ${f1(perPage(serverCpu - mainCpu - recognisingCpu))} ms`,
          `  the busiest threads, ms a page: server ${byThread
            .slice(0, 8)
            .map((x) => `${f1(perPage(x.s))}${x.main ? ' (main)' : ''}`)
            .join(', ')}; engine alone (after) ${engineAfter.threadsMs.slice(0, 8).map(f1).join(', ')}`,
        ]
      : []),
    `  statements to PostgreSQL (round trips) a page: ${f2(sent / files.length)}  (${sent} for ${files.length} pages, ${papersUploaded} papers); most sent:`,
    ...heaviest.map(([text, n]) => `    ${f2(n / files.length)}/page  ${text.slice(0, 110)}`),
    `    ${f2(others / files.length)}/page  ${bySent.length - heaviest.length} other statements`,
    `  last upload → last result: ${f1((finished - uploaded) / 1000)} s`,
    `  peak memory (server and bench in one process): ${Math.round(peak / 1024 / 1024)} MB`,
    `  papers ${papers!.n}, matched ${papers!.matched}; exceptions ${byType.map((x) => `${x.type} ${x.n}`).join(', ') || 'none'}`,
  ].join('\n') + '\n',
);
await app.close();
await queue.close();
await bench.close();
fs.rmSync(dir, { recursive: true, force: true });
