import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ilike, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema';
import { startCluster } from './embedded-pg';
import { grantWriteLogger } from './grant-writes';
import { importPgliteIfPresent } from './pglite-import';
import { SERVER_ROOT } from '../server-root';

export type Schema = typeof schema;
/** One type for both drivers: services and repos never know which database runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`. */
export const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/**
 * A list of ids as one PostgreSQL `int[]` value, for `= any(…)` and `unnest(…)`: one text parameter (`{1,2,3}`),
 * taken alike by both drivers — not drizzle's spread of one parameter an id, nor a JS array the driver escapes
 * element by element (slow at 100,000 ids). A typed array is taken as it is.
 */
export const intArray = (xs: ArrayLike<number>): SQL =>
  sql`${`{${Array.prototype.join.call(xs, ',')}}`}::int[]`;

/** A list of strings as one `text[]` value: each element quoted, its `"` and `\` escaped. */
export const textArray = (xs: readonly string[]): SQL =>
  sql`${`{${xs.map((x) => `"${x.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** An `ilike` pattern matching `s` anywhere, its own %, _ and \ taken literally (a search box's text). */
export const likeAnywhere = (s: string): string => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

/** A list's search box: the keyword anywhere in any of the columns; no condition when the box is empty. */
export const keywordIn = (keyword: string | undefined, ...columns: Column[]): SQL | undefined =>
  keyword ? or(...columns.map((c) => ilike(c, likeAnywhere(keyword)))) : undefined;

export interface Database {
  db: Db;
  /** embedded: the PostgreSQL cluster this server runs in DATA_DIR/pg (or where DATA_DIR/pg.location says) */
  kind: 'pglite' | 'postgres' | 'embedded';
  /** embedded: the cluster's folder */
  clusterDir?: string;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src/db/migrations');

// pg returns bigint/numeric as strings; counts we select are cast to int in SQL instead.
export function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle connection cut by the server (restart, failover) must not crash the process: the pool opens a new one.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, logger: grantWriteLogger }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

/** Embedded PostgreSQL in dataDir/db, or from a dump (tests restore a migrated snapshot instead of migrating). */
export async function openPglite(opts: {
  dataDir?: string;
  loadDataDir?: Blob | File;
}): Promise<Database & { client: PGlite }> {
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create(opts.dataDir ? `file://${opts.dataDir}` : undefined, {
    loadDataDir: opts.loadDataDir,
  });
  const db = drizzlePglite(client, { schema, logger: grantWriteLogger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => ping(db),
    close: () => client.close(),
    client,
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The embedded PostgreSQL cluster in dataDir/pg, started with this process and stopped on close.
 * A PGlite folder (dataDir/db) left by earlier versions is copied in on the first start.
 */
export async function openEmbedded(dataDir: string, notice?: (text: string) => void): Promise<Database> {
  const cluster = await startCluster(dataDir);
  const database = openPostgres(cluster.url);
  try {
    const kept = await importPgliteIfPresent(dataDir, database);
    if (kept) notice?.(`已把旧版内置数据库（PGlite）的数据迁移到 ${cluster.dir}，旧目录保留为 ${kept}`);
  } catch (err) {
    await database.close();
    await cluster.stop();
    throw err;
  }
  return {
    ...database,
    kind: 'embedded',
    clusterDir: cluster.dir,
    async close() {
      await database.close();
      await cluster.stop();
    },
  };
}

/** Opens the configured database: PostgreSQL when a URL is given, otherwise the embedded cluster under dataDir. */
export async function openDatabase(
  cfg: { databaseUrl: string | undefined; dataDir: string },
  notice?: (text: string) => void,
): Promise<Database> {
  if (cfg.databaseUrl) return openPostgres(cfg.databaseUrl);
  return openEmbedded(cfg.dataDir, notice);
}
