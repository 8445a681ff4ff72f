// The pieces of npm run bench:api shared by its one-engine and its comparison mode: a server started like
// `npm start` in a child process, signed in as the demo administrator, loaded with autocannon. Loopback only.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const HOST = '127.0.0.1';
const PASSWORD = 'bench-api-2026';
const ACCOUNT = '13800000001'; // the demo school's administrator: signs in, reads profile and students
const root = path.resolve(import.meta.dirname, '../../..');
const OK_BODY = /^\{"code":0[,}]/;
const MEMORY_PROBE = pathToFileURL(path.join(import.meta.dirname, 'memory-probe.mjs')).href;
const TAIL_PROBE = pathToFileURL(path.join(import.meta.dirname, 'tail-probe.mjs')).href;

export interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  signedIn: boolean;
}

/** One slice's totals, summed over the slices of an endpoint. */
export interface Tally {
  requests: number;
  seconds: number;
  p99s: number[];
  bad: number;
}

export const emptyTally = (): Tally => ({ requests: 0, seconds: 0, p99s: [], bad: 0 });
/** The median slice's p99: one slice hit by a burst of foreign load does not decide it. */
export const medianP99 = (t: Tally): number =>
  [...t.p99s].sort((x, y) => x - y)[Math.floor(t.p99s.length / 2)]!;

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, HOST, resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

export interface BenchDatabase {
  url?: string;
  name?: string;
  drop(): Promise<void>;
}

/** A fresh database on the machine's PostgreSQL, or undefined for the embedded default. */
export async function benchDatabase(
  adminUrl: string | undefined,
  prefix = 'yj_bench_api',
): Promise<BenchDatabase> {
  if (!adminUrl) return { drop: async () => {} };
  const name = `${prefix}_${process.pid}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), name, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export function startServer(
  port: number,
  dataDir: string,
  databaseUrl: string | undefined,
  /**
   * memoryProbe: the server answers askMemory (server-memory.ts) over an IPC channel, with --expose-gc;
   * tailProbe: it records what its requests' time is made of (tail-probe.mjs, marking-tail.ts)
   */
  opts: { memoryProbe?: boolean; tailProbe?: boolean } = {},
): ChildProcess {
  // The entry reads its configuration from the environment like `npm start`; only what the bench needs is set.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'TRUST_PROXY', 'WEB_DIST']) delete env[k];
  Object.assign(env, {
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    DEMO_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it exits (where a bench's time goes)
  const prof = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  // the server as `npm start` runs it: from its bundle (built here when older than the sources)
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`server bundle: ${built.stderr}`);
  const probe = [
    ...(opts.memoryProbe ? ['--expose-gc', '--import', MEMORY_PROBE] : []),
    ...(opts.tailProbe ? ['--import', TAIL_PROBE] : []),
  ];
  const ipc = opts.memoryProbe || opts.tailProbe;
  return spawn(process.execPath, [...prof, ...probe, built.stdout.trim()], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit', ...(ipc ? (['ipc'] as const) : [])],
  });
}

export async function waitHealthy(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    const r = await fetch(`${base}/filter/health`).catch(() => null);
    if (r?.ok) return;
    await new Promise((res) => setTimeout(res, 300));
  }
  throw new Error('server did not answer /filter/health within 3 minutes');
}

export async function signIn(base: string): Promise<{ cookie: string; schoolId: number }> {
  const r = await fetch(`${base}/filter/yue/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ account: ACCOUNT, password: PASSWORD }),
  });
  const body = (await r.json()) as {
    code: number;
    message: string;
    data: { token: string; user: { schoolId: number } };
  };
  if (body.code !== 0) throw new Error(`sign-in refused: ${body.message}`);
  return { cookie: `yx_sid=${body.data.token}`, schoolId: body.data.user.schoolId };
}

/** A class of the school (from its first students page): the filtered page's filter. */
export async function firstClassId(base: string, cookie: string, schoolId: number): Promise<number> {
  const r = await fetch(`${base}/filter/api/school/${schoolId}/students`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
    body: JSON.stringify({ page: 1, size: 1 }),
  });
  const body = (await r.json()) as { code: number; data: { items: Array<{ classId: number }> } };
  const id = body.data?.items[0]?.classId;
  if (body.code !== 0 || !id) throw new Error('the demo school has no students page to filter');
  return id;
}

/** The measured endpoints: the yardstick first, then the signed-in reads. */
export function targetsFor(schoolId: number, classId: number): Target[] {
  return [
    { name: 'GET /filter/health (yardstick)', method: 'GET', path: '/filter/health', signedIn: false },
    {
      name: 'POST getUserInfo (signed in)',
      method: 'POST',
      path: '/filter/api/user/getUserInfo',
      signedIn: true,
    },
    {
      name: 'POST students page (signed in)',
      method: 'POST',
      path: `/filter/api/school/${schoolId}/students`,
      body: JSON.stringify({ page: 1, size: 20 }),
      signedIn: true,
    },
    {
      // the screen's class filter: a page the unfiltered one's remembering did not cover before
      name: 'POST students of a class (signed in)',
      method: 'POST',
      path: `/filter/api/school/${schoolId}/students`,
      body: JSON.stringify({ page: 1, size: 20, classId }),
      signedIn: true,
    },
  ];
}

export function load(
  base: string,
  t: Target,
  cookie: string,
  run: { duration: number; connections: number } | { amount: number; connections: number },
) {
  return autocannon({
    url: `${base}${t.path}`,
    method: t.method,
    // A slow answer is measured as latency, not dropped as an error.
    timeout: 120,
    ...run,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(t.body ? { 'content-type': 'application/json' } : {}),
      ...(t.signedIn ? { cookie } : {}),
    },
    ...(t.body ? { body: t.body } : {}),
    // A refusal is still HTTP 200 with another code: count it, a fast "please sign in" must not pass as a read.
    verifyBody: (b) => OK_BODY.test(String(b)),
  });
}

/** Adds one slice to an endpoint's tally. */
export function add(tally: Tally, r: autocannon.Result): void {
  tally.requests += r.requests.total;
  tally.seconds += r.duration;
  tally.p99s.push(r.latency.p99);
  tally.bad += r.errors + r.timeouts + r.non2xx + r.mismatches;
}

/**
 * The requests in flight when a slice ends are still served after it: the next slice waits for them, by one more
 * request of the same kind (it queues behind them for the database), or it would start behind their backlog.
 */
export async function drained(base: string, t: Target, cookie: string): Promise<void> {
  await load(base, t, cookie, { amount: 1, connections: 1 });
}

/** A process's peak resident memory (Linux /proc VmHWM), in MB. */
export function peakRssMb(pid: number | undefined): number | null {
  return procStatusMb(pid, 'VmHWM');
}

/**
 * A process's CPU time so far (Linux /proc stat: user + system), in seconds; null when unreadable. `pid` may name
 * one thread of it as `pid/task/tid`.
 */
export function cpuSeconds(pid: number | string | undefined): number | null {
  try {
    // the fields after the command name (which may hold spaces) start at state: utime and stime are 12th and 13th
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
}

/** A process's resident memory now (Linux /proc VmRSS), in MB. */
export function rssMb(pid: number | undefined): number | null {
  return procStatusMb(pid, 'VmRSS');
}

function procStatusMb(pid: number | undefined, field: string): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((res) => child.once('exit', res));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
