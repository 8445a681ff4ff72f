// npm run bench:cluster (issue 35) — the product across machines, on one machine: the machine's PostgreSQL, Redis,
// an S3-speaking object store, API processes and a recognition worker each in its own network namespace
// (cluster-hosts.ts), nginx in front over HTTPS. Two runs of bench:marking's load (its seed, markers and
// checks) with a scan upload beside it (bench:scan's pages and world; every page at once, recognised by the API
// hosts and the worker), one after the other in the same run:
//   one   — ONE API host behind the front (the yardstick: the same work, the same services);
//   two   — TWO API hosts and a worker behind the front; halfway, one API host and the worker are SIGKILLed
//           (the worker is started again: recognition resumes), the markers go on through the other host.
// Each run's checks are bench:marking's (no acknowledged submit lost, nothing counted twice, …) and the scan's
// (every acknowledged page stored once and recognised). PostgreSQL CPU
// is that of the backends serving the run's database (sampled every second; the machine's PostgreSQL serves
// others too), the API CPU that of the API processes: docs/CAPACITY.md builds on both.
// Root only (ip netns). BENCH_MARKERS (default 200), BENCH_PAPERS (3000), BENCH_SECONDS (30 per run),
// BENCH_SCAN_PAGES (200, 4 requests of 20 pages in flight), BENCH_CONNECTIONS (16), BENCH_DATABASE_URL (the
// machine's PostgreSQL, postgres://postgres@127.0.0.1:5432/postgres).
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../../apps/server/src/infra/db';
import { s3Storage } from '../../../apps/server/src/infra/storage';
import { createTasks } from '../../../apps/server/src/modules/marking/final/marking-final';
import { benchDatabase, waitHealthy, type BenchDatabase } from './api-server';
import {
  cpuMeter,
  pgMeter,
  dropNet,
  forwarder,
  makeNet,
  nginxConfig,
  reloadNginx,
  portOn,
  S3,
  selfSigned,
  sh,
  spawnIn,
  startNginx,
  startRedis,
  startS3,
  type Net,
} from './cluster-hosts';
import { markingChecks, type Check } from './marking-checks';
import { p50p99, runMarkers, THRESHOLD } from './marking-load';
import { PAGE_KEY, seedMarking, writePageImage, type Seeded } from './marking-seed';
import { SIM_VERSION } from '@yj/scan-sim';
import { multipart, pageFiles, seedScanWorld } from './scan-world';

const num = (v: string | undefined, d: number, max: number) => Math.max(1, Math.min(max, Number(v) || d));
const SECONDS = num(process.env.BENCH_SECONDS, 30, 600);
const MARKERS = num(process.env.BENCH_MARKERS, 200, 10_000);
const PAPERS = num(process.env.BENCH_PAPERS, 3000, 200_000);
const SCAN_PAGES = 2 * Math.floor(num(process.env.BENCH_SCAN_PAGES, 200, 20_000) / 2);
const CONNECTIONS = num(process.env.BENCH_CONNECTIONS, 16, 1000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const API_PORT = 8080;
const root = path.resolve(import.meta.dirname, '../../..');
const log = (s: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);

if (process.getuid?.() !== 0) {
  console.error('bench:cluster needs root (ip netns)');
  process.exit(2);
}
for (const tool of ['ip', 'nginx', 'redis-server', 'openssl'])
  if (spawnSync('which', [tool]).status !== 0) {
    console.error(
      `bench:cluster needs ${tool} on PATH (apt-get install iproute2 nginx-light redis-server openssl)`,
    );
    process.exit(2);
  }
// the front's certificate is self-signed: the simulated markers accept it (undici reads this at each connect)
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-bench-cluster-'));
const children = new Set<ChildProcess>();
let net: Net | null = null;
const databases: BenchDatabase[] = [];
let closers: Array<() => void> = [];

/** Every child SIGKILLed, the namespaces and bridge removed: on any exit, failure and signals included. */
function teardownNow(): void {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const close of closers) close();
  closers = [];
  if (net) dropNet(net);
  net = null;
}
process.on('exit', teardownNow);
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    log(`${sig}: cleaning up`);
    teardownNow();
    void Promise.allSettled(databases.map((db) => db.drop())).finally(() => {
      fs.rmSync(dir, { recursive: true, force: true });
      process.exit(130);
    });
  });

const track = (c: ChildProcess): ChildProcess => {
  children.add(c);
  return c;
};

async function stopChild(c: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise((res) => c.once('exit', res));
  c.kill(signal);
  await exited;
}

async function waitFor(what: string, ok: () => Promise<boolean>, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${what} did not come up within ${seconds} s`);
}

/** The task pool of the seeded subject, as the start of marking makes it; and each task's paper. */
async function openMarking(url: string, seeded: Seeded): Promise<Map<number, number>> {
  const d = openPostgres(url);
  try {
    await d.db.transaction(async (tx) => {
      await tx.execute(sql`update subject set status = 3 where id = ${seeded.subjectId}`);
      await createTasks(tx, seeded.subjectId);
    });
    const r = await d.db.execute(
      sql`select id, paper_id as "paperId" from mark_task where subject_id = ${seeded.subjectId}`,
    );
    const rows = (r as unknown as { rows: Array<{ id: number; paperId: number }> }).rows;
    return new Map(rows.map((x) => [x.id, x.paperId]));
  } finally {
    await d.close();
  }
}

const SCAN_ACCOUNT = 'bench-scan';
const SCAN_PASSWORD = 'BenchScan2026x';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** The scanning world in the run's database (bench:scan's), before the run. */
async function seedScan(url: string, kaohaos: string[]): Promise<number> {
  const d = openPostgres(url);
  try {
    return (await seedScanWorld(d.db, { kaohaos, account: SCAN_ACCOUNT, password: SCAN_PASSWORD })).subjectId;
  } finally {
    await d.close();
  }
}

/**
 * The scan upload: every page at once, in requests of 20 pages, 4 in flight, through the front; a request that
 * gets no answer (its host died) is sent again — the server knows a page by its hash, so nothing counts twice.
 * Answers which pages were acknowledged.
 */
async function uploadScans(
  front: string,
  subjectId: number,
  files: string[],
): Promise<{ acked: number; resent: number }> {
  const login = await fetch(`${front}/filter/yue/user/login`, {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json' },
    body: JSON.stringify({ account: SCAN_ACCOUNT, password: SCAN_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const chunks: string[][] = [];
  for (let i = 0; i < files.length; i += 20) chunks.push(files.slice(i, i + 20));
  let acked = 0;
  let resent = 0;
  const send = async (chunk: string[]): Promise<void> => {
    const m = multipart(
      await Promise.all(
        chunk.map(async (f) => ({ name: `${path.basename(f)}.jpg`, data: await readFile(`${f}.jpg`) })),
      ),
    );
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await fetch(`${front}/filter/api/subject/${subjectId}/answerCard`, {
        method: 'POST',
        headers: { ...XHR, cookie: `yx_sid=${token}`, 'content-type': m.type },
        body: new Uint8Array(m.payload),
      }).catch(() => null);
      const body = res?.ok ? ((await res.json().catch(() => null)) as { code: number } | null) : null;
      if (body?.code === 0) {
        acked += chunk.length;
        return;
      }
      resent++;
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  const queue = [...chunks];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let c = queue.shift(); c; c = queue.shift()) await send(c);
    }),
  );
  return { acked, resent };
}

/** Waits for recognition to end (no page queued), then the checks: every page stored once, every page read. */
async function scanChecks(
  url: string,
  subjectId: number,
  files: number,
  acked: number,
): Promise<{ checks: Check[]; waitS: number }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = performance.now();
  try {
    const q = async () =>
      (
        await c.query<{ pages: number; distinct: number; queued: number }>(
          `select count(*)::int as pages, count(distinct sha256)::int as distinct,
             (count(*) filter (where status = 'queued'))::int as queued from scan_page where subject_id = $1`,
          [subjectId],
        )
      ).rows[0]!;
    let r = await q();
    const deadline = Date.now() + 600_000;
    while (r.queued > 0 && Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, 1000));
      r = await q();
    }
    const checks: Check[] = [
      {
        name: 'every acknowledged page stored',
        pass: acked === files && r.distinct === files,
        detail: `${acked} of ${files} pages acknowledged, ${r.distinct} distinct pages stored`,
      },
      {
        name: 'no page stored twice',
        pass: r.pages === r.distinct,
        detail: `${r.pages} page rows for ${r.distinct} distinct pages`,
      },
      { name: 'recognition finished', pass: r.queued === 0, detail: `${r.queued} pages still queued` },
    ];
    return { checks, waitS: (performance.now() - t0) / 1000 };
  } finally {
    await c.end();
  }
}

interface RunFigures {
  name: string;
  counted: number;
  seconds: number;
  submitP99: number;
  claimP99: number;
  noAnswer: number;
  refused: number;
  apiCpu: number;
  pgCpu: number;
  checks: Check[];
  scan: { acked: number; resent: number; uploadS: number; recognisedS: number };
}

try {
  // ── the shared services, on the bridge's address
  net = makeNet(['one', 'api1', 'api2', 'worker']);
  const hostIp = net.hostIp;
  log(
    `bridge ${net.bridge} ${hostIp}/24; hosts ${[...net.hosts].map(([n, h]) => `${n} ${h.ip} (${h.ns})`).join(', ')}`,
  );
  const admin = new URL(ADMIN_URL);
  const pgFwd = await forwarder(hostIp, { host: admin.hostname, port: Number(admin.port || 5432) });
  closers.push(pgFwd.close);
  const redisPort = await portOn(hostIp);
  fs.mkdirSync(path.join(dir, 'redis'));
  const redisPassword = randomBytes(12).toString('hex');
  track(startRedis(hostIp, redisPort, redisPassword, path.join(dir, 'redis')));
  const s3Port = await portOn(hostIp);
  fs.mkdirSync(path.join(dir, 's3'));
  track(startS3(hostIp, s3Port, path.join(dir, 's3')));
  const s3Endpoint = `http://${hostIp}:${s3Port}`;
  const storage = s3Storage({ ...S3, endpoint: s3Endpoint, region: 'us-east-1', forcePathStyle: true });
  await waitFor('s3rver', async () => (await fetch(s3Endpoint)).status < 500);
  log(
    `PostgreSQL via ${hostIp}:${pgFwd.port} → ${admin.host}; Redis ${hostIp}:${redisPort}; S3 ${s3Endpoint}`,
  );

  // the page every seeded paper points at, in the object store (what recognition would have stored)
  const matrix = await writePageImage(path.join(dir, 'files'));
  // bench:omr's simulated pages (made when missing) and the 考号 they carry
  const scanFiles = await pageFiles(path.join(root, `bench-out/omr/v${SIM_VERSION}-typical-s4`), SCAN_PAGES);
  const kaohaos = [
    ...new Set(
      await Promise.all(
        scanFiles
          .filter((_, i) => i % 2 === 0)
          .map(
            async (f) =>
              (JSON.parse(await readFile(`${f}.json`, 'utf8')) as { answers: { examNumber: string } }).answers
                .examNumber,
          ),
      ),
    ),
  ];
  await storage.put(PAGE_KEY, fs.readFileSync(path.join(dir, 'files', PAGE_KEY)));

  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`server bundle: ${built.stderr}`);
  const entry = built.stdout.trim();
  const { cert, key } = selfSigned(dir);
  const frontPort = await portOn('127.0.0.1');
  const front = `https://127.0.0.1:${frontPort}`;

  const inNs = (url: string) => {
    const u = new URL(url);
    u.hostname = hostIp;
    u.port = String(pgFwd.port);
    return u.toString();
  };
  /** docs/DEPLOY.md's environment of an API host or worker */
  const hostEnv = (name: string, databaseUrl: string): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.NODE_TLS_REJECT_UNAUTHORIZED;
    fs.mkdirSync(path.join(dir, name), { recursive: true });
    return Object.assign(env, {
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: String(API_PORT),
      DATA_DIR: path.join(dir, name),
      DATABASE_URL: inNs(databaseUrl),
      // both runs share one Redis database: each installation's queue has a key prefix of its own (issue 35)
      REDIS_URL: `redis://:${redisPassword}@${hostIp}:${redisPort}/0`,
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET: S3.bucket,
      S3_ACCESS_KEY_ID: S3.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3.secretAccessKey,
      TRUST_PROXY: 'true',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    });
  };
  const startApi = async (name: string, databaseUrl: string): Promise<ChildProcess> => {
    const h = net!.hosts.get(name)!;
    const c = track(
      spawnIn(h.ns, [process.execPath, entry], hostEnv(name, databaseUrl), path.join(dir, `${name}.log`)),
    );
    await waitHealthy(`http://${h.ip}:${API_PORT}`, c);
    log(`API host ${name} up at ${h.ip}:${API_PORT}`);
    return c;
  };
  const startWorker = (databaseUrl: string): ChildProcess =>
    track(
      spawnIn(
        net!.hosts.get('worker')!.ns,
        [process.execPath, '--import', 'tsx', 'apps/server/src/main/worker.ts'],
        hostEnv('worker', databaseUrl),
        path.join(dir, 'worker.log'),
      ),
    );
  const frontConf = (hosts: string[]) =>
    nginxConfig({
      dir,
      listen: `127.0.0.1:${frontPort}`,
      cert,
      key,
      upstreams: hosts.map((n) => `${net!.hosts.get(n)!.ip}:${API_PORT}`),
    });
  const frontOver = (hosts: string[]): ChildProcess => track(startNginx(dir, frontConf(hosts)));

  /** bench:marking's load through the front on a fresh database; `midway` runs at half time. */
  async function markingRun(
    name: string,
    db: BenchDatabase,
    apis: ChildProcess[],
    midway: () => Promise<void>,
    killed: boolean,
  ): Promise<RunFigures> {
    const url = db.url!;
    log(`${name}: seeding ${PAPERS} papers, ${MARKERS} markers`);
    const seeded = await seedMarking(url, { papers: PAPERS, markers: MARKERS, matrix, threshold: THRESHOLD });
    const taskPaper = await openMarking(url, seeded);
    const scanSubject = await seedScan(url, kaohaos);
    await waitFor('the front', async () => (await fetch(`${front}/filter/health`)).ok);
    const apiCpu = cpuMeter(() => apis.map((a) => a.pid!));
    apiCpu.sample();
    const api0 = apiCpu.total();
    const meter = pgMeter(ADMIN_URL, db.name!);
    const pg0 = await meter.start();
    const sampler = setInterval(apiCpu.sample, 1000);
    log(`${name}: ${MARKERS} markers for ${SECONDS} s through ${front}`);
    const scanT0 = performance.now();
    let uploadS = 0;
    const [load, scan] = await Promise.all([
      runMarkers({
        base: front,
        markers: seeded.markers,
        blocks: seeded.blocks,
        fullScores: new Map([
          ['41', 10],
          ['42', 20],
          ['43', 12],
          ['44', 18],
        ]),
        taskPaper,
        seconds: SECONDS,
        connections: CONNECTIONS,
        cutsStored: false,
        nextWithSubmit: true,
      }),
      uploadScans(front, scanSubject, scanFiles).finally(
        () => (uploadS = (performance.now() - scanT0) / 1000),
      ),
      new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2)).then(midway),
    ]);
    const recognised = await scanChecks(url, scanSubject, scanFiles.length, scan.acked);
    clearInterval(sampler);
    apiCpu.sample();
    const pgCpu = (await meter.stop()) - pg0;
    const result = await markingChecks(url, seeded.subjectId, seeded.blocks, load.ledger, { killed });
    result.checks.push(...recognised.checks.map((ch) => ({ ...ch, name: `scan: ${ch.name}` })));
    return {
      name,
      counted: load.counted,
      seconds: load.seconds,
      submitP99: p50p99(load.submit).p99,
      claimP99: p50p99(load.claim).p99,
      noAnswer: load.networkErrors,
      refused: [...load.refused.values()].reduce((a, b) => a + b, 0),
      apiCpu: apiCpu.total() - api0,
      pgCpu,
      checks: result.checks,
      scan: { ...scan, uploadS, recognisedS: uploadS + recognised.waitS },
    };
  }

  // ── run one: a single API host (the yardstick)
  const dbOne = await benchDatabase(ADMIN_URL, 'yj_bench_cluster_one');
  databases.push(dbOne);
  const one = await startApi('one', dbOne.url!);
  let nginx = frontOver(['one']);
  const single = await markingRun('one API host', dbOne, [one], async () => {}, false);
  await stopChild(nginx);
  await stopChild(one);

  // ── run two: two API hosts and a worker; one host and the worker killed halfway
  const dbTwo = await benchDatabase(ADMIN_URL, 'yj_bench_cluster_two');
  databases.push(dbTwo);
  const api1 = await startApi('api1', dbTwo.url!); // migrates the database first
  nginx = frontOver(['api1']);
  // adding an API host (docs/DEPLOY.md): start it, then the front's upstream gains it on a reload
  const api2 = await startApi('api2', dbTwo.url!);
  reloadNginx(dir, frontConf(['api1', 'api2']));
  let worker = startWorker(dbTwo.url!);
  const events: string[] = [];
  const two = await markingRun(
    'two API hosts',
    dbTwo,
    [api1, api2],
    async () => {
      log('SIGKILL API host api2 and the worker');
      const t0 = performance.now();
      api2.kill('SIGKILL');
      worker.kill('SIGKILL');
      worker = startWorker(dbTwo.url!);
      events.push(`api2 and the worker SIGKILLed at ${(SECONDS / 2).toFixed(0)} s; the worker started again`);
      // the front notices the dead host on the next request it sends there (connection refused)
      await new Promise((r) => setTimeout(r, 1000));
      events.push(
        `front still answering 1 s later: ${(await fetch(`${front}/filter/health`)).ok} (${(performance.now() - t0).toFixed(0)} ms)`,
      );
    },
    true,
  );
  await stopChild(nginx);

  // ── docs/DEPLOY.md's backups, run here: the database dumped and restored into a new one, the object store's
  // folder archived; the restored copy must hold every submitted task
  const backup = await benchDatabase(ADMIN_URL, 'yj_bench_cluster_restored');
  databases.push(backup);
  const dump = path.join(dir, 'yuejuan.dump');
  let t0 = performance.now();
  sh('pg_dump', ['--format=custom', `--file=${dump}`, dbTwo.url!]);
  const dumpS = (performance.now() - t0) / 1000;
  t0 = performance.now();
  sh('pg_restore', ['--no-owner', `--dbname=${backup.url!}`, dump]);
  const restoreS = (performance.now() - t0) / 1000;
  const submitted = `select count(*) from mark_task where status = 'submitted'`;
  const [a, b] = [dbTwo.url!, backup.url!].map((u) => sh('psql', [u, '-Atc', submitted]).trim());
  const tarball = path.join(dir, 'objects.tar.gz');
  sh('tar', ['-C', path.join(dir, 's3'), '-czf', tarball, '.']);
  events.push(
    `pg_dump ${(fs.statSync(dump).size / 1e6).toFixed(1)} MB in ${dumpS.toFixed(1)} s, pg_restore ${restoreS.toFixed(1)} s: ${b} of ${a} submitted tasks in the copy; object store archived (${(fs.statSync(tarball).size / 1e6).toFixed(1)} MB)`,
  );
  const restoredOk = a === b && Number(a) > 0;

  // ── the figures
  const row = (k: string, a: string, b: string, ratio = '') =>
    console.log(`${k.padEnd(34)} ${a.padStart(16)} ${b.padStart(16)} ${ratio.padStart(10)}`);
  const perS = (r: RunFigures) => r.counted / r.seconds;
  const ms = (cpu: number, r: RunFigures) => (r.counted ? (1000 * cpu) / r.counted : 0);
  const pgVersion = sh('psql', [ADMIN_URL, '-Atc', 'show server_version']).trim();
  console.log(
    `\nbench:cluster — ${PAPERS.toLocaleString()} papers, 3 blocks (one double-marked), ${MARKERS} markers, ${CONNECTIONS} requests in flight, ${SECONDS} s per run, through nginx (HTTPS), PostgreSQL ${pgVersion} (the machine's), Redis, s3rver; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`,
  );
  row('', 'one API host', 'two, one killed', 'two ÷ one');
  row(
    'submits counted/s',
    perS(single).toFixed(0),
    perS(two).toFixed(0),
    (perS(two) / perS(single)).toFixed(2),
  );
  row(
    'p99 submit (ms)',
    single.submitP99.toFixed(0),
    two.submitP99.toFixed(0),
    (two.submitP99 / single.submitP99).toFixed(2),
  );
  row('p99 claim (ms)', single.claimP99.toFixed(0), two.claimP99.toFixed(0));
  row('requests without answer', String(single.noAnswer), String(two.noAnswer));
  row('requests refused', String(single.refused), String(two.refused));
  row(
    'API CPU per counted submit (ms)',
    ms(single.apiCpu, single).toFixed(2),
    ms(two.apiCpu, two).toFixed(2),
  );
  row(
    'PostgreSQL CPU per submit (ms)',
    ms(single.pgCpu, single).toFixed(2),
    ms(two.pgCpu, two).toFixed(2),
    (ms(two.pgCpu, two) / ms(single.pgCpu, single)).toFixed(2),
  );
  row('scan: pages acknowledged', `${single.scan.acked}/${SCAN_PAGES}`, `${two.scan.acked}/${SCAN_PAGES}`);
  row('scan: requests sent again', String(single.scan.resent), String(two.scan.resent));
  row('scan: upload done (s)', single.scan.uploadS.toFixed(0), two.scan.uploadS.toFixed(0));
  row(
    'scan: all recognised (s)',
    single.scan.recognisedS.toFixed(0),
    two.scan.recognisedS.toFixed(0),
    (two.scan.recognisedS / single.scan.recognisedS).toFixed(2),
  );
  for (const e of events) console.log(`  ${e}`);
  console.log('');
  let failed = false;
  for (const r of [single, two])
    for (const ch of r.checks) {
      failed ||= !ch.pass;
      console.log(`${ch.pass ? 'PASS' : 'FAIL'}  ${r.name}: ${ch.name} — ${ch.detail}`);
    }
  console.log(`${restoredOk ? 'PASS' : 'FAIL'}  backup: the restored database holds every submitted task`);
  if (failed || !restoredOk || !single.counted || !two.counted) process.exitCode = 1;
} catch (e) {
  log(`bench:cluster failed: ${e instanceof Error ? e.stack : String(e)}`);
  log(`logs of the hosts: ${dir}`);
  process.exitCode = 1;
} finally {
  teardownNow();
  for (const db of databases)
    await db.drop().catch((e: unknown) => log(`could not drop ${db.name}: ${String(e)}`));
  if (process.exitCode !== 1) fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
