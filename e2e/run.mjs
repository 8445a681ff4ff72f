// Browser suite: builds the web app if needed, starts the real server on a free port with a fresh
// data directory, runs e2e/*.e2e.ts one file at a time, and stops the server.
//
//   npm run test:e2e                 every spec
//   npm run test:e2e -- auth progress   only specs whose path contains one of the words
//   node e2e/run.mjs tools/bench/src/acard-open.ts   a spec file named by its path (npm run bench:acard)
// Environment: E2E_DATABASE_URL (a fresh PostgreSQL database instead of the embedded one),
// E2E_SKIP_BUILD (test the existing apps/web/dist), E2E_KEEP_DATA (keep the data directory),
// CHROMIUM_PATH (default /usr/bin/chromium), E2E_HOST (one of this machine's own non-loopback IPv4
// addresses for lan.e2e.ts, default the first one found; `none` skips that journey; `all` runs every spec
// through it). Server output goes to e2e/.out/server.log.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfNeeded } from '../scripts/build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const e2eDir = path.join(root, 'e2e');
const outDir = path.join(e2eDir, '.out');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const DEMO_PASSWORD = 'Demo@2026yj';
/** The administrator the forced-change journey signs in with; created before the server starts. */
const E2E_ADMIN = { account: 'e2eadmin', name: '测试管理员', password: 'Init@2026yj' };

function log(msg) {
  process.stdout.write(`[e2e] ${msg}\n`);
}

/** Newest modification time under a path (files only). */
function newest(p) {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))));
}

function buildWebIfNeeded() {
  const web = path.join(root, 'apps', 'web');
  const built = path.join(web, 'dist', 'index.html');
  const sources = Math.max(
    newest(path.join(web, 'src')),
    newest(path.join(web, 'public')),
    newest(path.join(web, 'index.html')),
    newest(path.join(web, 'vite.config.ts')),
    newest(path.join(root, 'packages', 'contracts', 'src')),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) {
    log('web app already built');
    return;
  }
  if (existsSync(built) && process.env.E2E_SKIP_BUILD) {
    log('E2E_SKIP_BUILD set: testing the existing apps/web/dist');
    return;
  }
  log('building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('web build failed');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The address other PCs of the school would use: one of this machine's own non-loopback IPv4 addresses (never
 * another host). E2E_HOST may pick one of them, or say `none`.
 */
function lanAddress() {
  const own = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && a.family === 'IPv4' && !a.internal)
    .map((a) => a.address);
  const wanted = process.env.E2E_HOST;
  if (wanted === 'none') return null;
  if (wanted && wanted !== 'all') {
    if (!own.includes(wanted))
      throw new Error(`E2E_HOST ${wanted} is not an address of this machine (${own.join(', ')})`);
    return wanted;
  }
  return own[0] ?? null;
}

function runCli(env, args) {
  const r = spawnSync(tsx, ['apps/server/src/main/cli.ts', ...args], { cwd: root, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cli ${args[0]} failed (${r.status}): ${r.stderr || r.stdout}`);
}

async function waitForHealth(url, server, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.exitCode !== null)
      throw new Error(`server exited with ${server.exitCode}; see e2e/.out/server.log`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server not healthy after ${ms} ms; see e2e/.out/server.log`);
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    // The server runs in its own process group: it and anything it starts stop together.
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

async function main() {
  if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    throw new Error(
      'Chromium not found at /usr/bin/chromium (apt install chromium); no browser is downloaded',
    );
  }
  buildWebIfNeeded();
  mkdirSync(outDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yj-e2e-data-'));
  const port = await freePort();
  // every journey signs in from 127.0.0.1: the per-address sign-in limit would throttle the suite itself
  const lan = lanAddress();
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_PASSWORD,
    LOGIN_RATE_LIMIT: '5000',
  };
  // Listening on every interface, as the README's default install does, so the LAN journey reaches it.
  if (lan) env.HOST = '0.0.0.0';
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  else delete env.DATABASE_URL;

  // Seed and create the administrator before the server opens the database: an embedded database
  // must not be opened by two processes at once. The demo is seeded first (it needs an empty database).
  log(`data in ${env.DATABASE_URL ? 'PostgreSQL (E2E_DATABASE_URL)' : dataDir}`);
  runCli(env, ['seed-demo']);
  runCli(env, [
    'create-admin',
    '--account',
    E2E_ADMIN.account,
    '--name',
    E2E_ADMIN.name,
    '--password',
    E2E_ADMIN.password,
  ]);

  const serverLog = path.join(outDir, 'server.log');
  const logFd = openSync(serverLog, 'w');
  // the server as `npm start` runs it: from its bundle
  const server = spawn(process.execPath, [await buildServerIfNeeded()], {
    cwd: root,
    env,
    stdio: ['ignore', logFd, logFd],
    detached: true,
  });
  let code;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/filter/health`, server, 90_000);
    const lanBase = lan ? `http://${lan}:${port}` : null;
    log(
      `server ready at ${base}/minions/${lanBase ? ` and ${lanBase}/minions/` : ' (no LAN address: lan journey skipped)'}`,
    );
    const specs = readdirSync(e2eDir)
      .filter((f) => f.endsWith('.e2e.ts'))
      .sort()
      .map((f) => path.join('e2e', f));
    const only = process.argv.slice(2);
    // a path to a spec outside e2e/ (a browser bench, e.g. tools/bench/src/acard-open.ts) runs as it is
    const files = only.filter((o) => o.endsWith('.ts') && existsSync(path.join(root, o)));
    const words = only.filter((o) => !files.includes(o));
    const chosen = only.length ? [...files, ...specs.filter((s) => words.some((o) => s.includes(o)))] : specs;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...chosen], {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: process.env.E2E_HOST === 'all' && lanBase ? lanBase : base,
        ...(lanBase ? { E2E_LAN_URL: lanBase } : {}),
        E2E_SERVER_LOG: serverLog,
        DEMO_PASSWORD,
        E2E_ADMIN_ACCOUNT: E2E_ADMIN.account,
        E2E_ADMIN_PASSWORD: E2E_ADMIN.password,
      },
    });
    code = r.status ?? 1;
  } finally {
    await stop(server);
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  }
  log(
    code === 0
      ? 'all journeys passed; screenshots in e2e/screenshots/'
      : `failed (exit ${code}); server log in e2e/.out/server.log`,
  );
  process.exit(code);
}

main().catch((e) => {
  process.stderr.write(`[e2e] ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
