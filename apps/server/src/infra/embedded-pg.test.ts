import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

// Each test creates a cluster (initdb) and migrates it: allow for a loaded machine.
const SLOW = 180_000;
import { restoreBackup, writeBackup } from './backup';
import { rows } from './db-copy';
import { openEmbedded, openPglite, type Database } from './db';
import { startCluster } from './embedded-pg';
import { CLUSTER_HOME, LOCATION_FILE } from './embedded-pg-os';

// The embedded default (issue 18): a real PostgreSQL cluster in DATA_DIR/pg, started and stopped with the
// server, recovering from a killed server, refusing another major's folder, with backup and restore.

const dirs: string[] = [];
function dataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-epg-'));
  dirs.push(d);
  return d;
}
afterAll(async () => {
  for (const d of dirs) {
    // a test that failed half-way must not leave its cluster running (nor a cluster kept outside DATA_DIR)
    const location = path.join(d, LOCATION_FILE);
    const pg = fs.existsSync(location) ? fs.readFileSync(location, 'utf8').trim() : path.join(d, 'pg');
    const pidFile = path.join(pg, 'postmaster.pid');
    if (fs.existsSync(pidFile))
      process.kill(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGINT');
    for (let i = 0; i < 100 && fs.existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 100));
    if (pg.startsWith(CLUSTER_HOME + path.sep)) fs.rmSync(path.dirname(pg), { recursive: true, force: true });
    fs.rmSync(d, { recursive: true, force: true });
  }
});

async function openMigrated(dir: string): Promise<Database> {
  const database = await openEmbedded(dir);
  await database.migrate();
  return database;
}

async function notices(database: Database): Promise<string[]> {
  return (await rows<{ text: string }>(database.db, 'select text from notice order by id')).map(
    (r) => r.text,
  );
}

function postmasterRunning(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'pg', 'postmaster.pid'));
}

describe('embedded PostgreSQL cluster', () => {
  it(
    'keeps its data across a stop and a start, and stops with the server',
    async () => {
      const dir = dataDir();
      const first = await openMigrated(dir);
      expect(first.kind).toBe('embedded');
      await first.db.execute(sql`insert into notice (text, max_age) values ('第一次启动', 60)`);
      await first.close();
      expect(postmasterRunning(dir)).toBe(false);
      expect(fs.statSync(path.join(dir, 'pg.password')).mode & 0o777).toBe(0o600);

      const again = await openMigrated(dir);
      expect(await notices(again)).toEqual(['第一次启动']);
      await again.close();
    },
    SLOW,
  );

  // Issue 36: root's clone (under /root, or any 0700 folder) is closed to the user PostgreSQL runs as; the README's
  // two commands must work there without a flag.
  it.runIf(process.getuid?.() === 0)(
    'starts as root from a checkout under a 0700 folder, keeping the cluster where its user can reach it',
    async () => {
      const closed = dataDir(); // mkdtemp: 0700, root's
      const dir = path.join(closed, 'clone', 'data');
      dirs.unshift(dir); // cleaned before `closed`: its pg.location says which cluster to stop and remove
      const first = await openMigrated(dir);
      const location = fs.readFileSync(path.join(dir, LOCATION_FILE), 'utf8').trim();
      expect(first.clusterDir).toBe(location);
      expect(location.startsWith(CLUSTER_HOME + path.sep)).toBe(true);
      expect(fs.existsSync(path.join(location, 'PG_VERSION'))).toBe(true);
      expect(fs.statSync(closed).mode & 0o777).toBe(0o700); // nothing of root's was opened up
      expect(fs.existsSync(path.join(dir, 'pg.password'))).toBe(true);
      await first.db.execute(sql`insert into notice (text, max_age) values ('root 启动', 60)`);
      const { file } = await writeBackup(first, path.join(dir, 'backups'));
      await first.close();
      expect(fs.existsSync(path.join(location, 'postmaster.pid'))).toBe(false);

      // the next start finds the same cluster through DATA_DIR, and a backup restores into it
      const again = await openMigrated(dir);
      expect(again.clusterDir).toBe(location);
      expect(await notices(again)).toEqual(['root 启动']);
      await again.db.execute(sql`delete from notice`);
      await restoreBackup(again, file);
      expect(await notices(again)).toEqual(['root 启动']);
      await again.close();
    },
    SLOW,
  );

  it(
    'adopts the cluster a killed server left running, and recovers a stale postmaster.pid',
    async () => {
      const dir = dataDir();
      const first = await openMigrated(dir);
      await first.db.execute(sql`insert into notice (text, max_age) values ('被杀前写入', 60)`);
      // a server killed with SIGKILL: its cluster keeps running, its owner file names a dead process
      const orphan = await startCluster(dir);
      fs.writeFileSync(path.join(dir, 'pg.owner'), '999999');

      const next = await startCluster(dir);
      expect(next.owner).toBe(true);
      expect(next.url).toBe(orphan.url);
      await next.stop();
      expect(postmasterRunning(dir)).toBe(false);

      // the machine crashed: postmaster.pid remains and names a live process that is not PostgreSQL
      const pidFile = path.join(dir, 'pg', 'postmaster.pid');
      fs.writeFileSync(
        pidFile,
        `${process.pid}\n${path.join(dir, 'pg')}\n0\n5432\n\n127.0.0.1\n0 0\nready\n`,
      );
      const recovered = await openMigrated(dir);
      expect(await notices(recovered)).toEqual(['被杀前写入']);
      await recovered.close();
      await first.close().catch(() => {});
    },
    SLOW,
  );

  it(
    'stops the cluster of a server killed with SIGKILL (no orphan keeps running)',
    async () => {
      const dir = dataDir();
      const module = JSON.stringify(path.join(import.meta.dirname, 'embedded-pg.ts'));
      const script = `import(${module}).then((m) => m.startCluster(${JSON.stringify(dir)})).then(() => console.log('up'))`;
      const server = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        server.stdout!.on('data', (c: Buffer) => c.toString().includes('up') && resolve());
        server.once('exit', () => reject(new Error('the cluster did not start')));
      });
      expect(postmasterRunning(dir)).toBe(true);
      server.kill('SIGKILL');
      for (let i = 0; i < 600 && postmasterRunning(dir); i++) await new Promise((r) => setTimeout(r, 200));
      expect(postmasterRunning(dir)).toBe(false);
    },
    SLOW,
  );

  it(
    'writes a backup into the folder given and restores it over changed data',
    async () => {
      const dir = dataDir();
      const database = await openMigrated(dir);
      try {
        await database.db.execute(
          sql`insert into notice (text, max_age) values ('备份前', 60), ('引号 '' 与 \\ 符号', 5)`,
        );
        const { file, rows: n } = await writeBackup(database, path.join(dir, 'backups'));
        expect(path.dirname(file)).toBe(path.join(dir, 'backups'));
        expect(n).toBeGreaterThanOrEqual(2);

        await database.db.execute(sql`delete from notice`);
        await database.db.execute(sql`insert into notice (text, max_age) values ('备份后', 60)`);
        await restoreBackup(database, file);
        expect(await notices(database)).toEqual(['备份前', "引号 ' 与 \\ 符号"]);
        // the id sequence continues after the restored rows
        await database.db.execute(sql`insert into notice (text, max_age) values ('恢复后', 60)`);
        expect(await notices(database)).toEqual(['备份前', "引号 ' 与 \\ 符号", '恢复后']);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );

  it('refuses a data folder made by another PostgreSQL major, saying how to move the data', async () => {
    const dir = dataDir();
    fs.mkdirSync(path.join(dir, 'pg'));
    fs.writeFileSync(path.join(dir, 'pg', 'PG_VERSION'), '17\n');
    await expect(startCluster(dir)).rejects.toThrow(/PostgreSQL 17[\s\S]*db:backup[\s\S]*pg_upgrade/);
  });

  it(
    'moves the data of an old PGlite folder into the new cluster and keeps the old folder',
    async () => {
      const dir = dataDir();
      const old = await openPglite({ dataDir: path.join(dir, 'db') });
      await old.migrate();
      await old.db.execute(sql`insert into notice (text, max_age) values ('PGlite 时代的公告', 30)`);
      await old.close();

      const database = await openMigrated(dir);
      try {
        expect(await notices(database)).toEqual(['PGlite 时代的公告']);
        expect(fs.existsSync(path.join(dir, 'db'))).toBe(false);
        expect(fs.readdirSync(dir).some((f) => f.startsWith('db.pglite-'))).toBe(true);
      } finally {
        await database.close();
      }
    },
    SLOW,
  );
});
