import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema';

export type Schema = typeof schema;
/** One type for both drivers: services and repos never know which database runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../db/migrations');

// pg returns bigint/numeric as strings; counts we select are cast to int in SQL instead.
export function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle connection cut by the server (restart, failover) must not crash the process: the pool opens a new one.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
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
  const db = drizzlePglite(client, { schema }) as unknown as Db;
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

/** Opens the configured database: PostgreSQL when a URL is given, otherwise PGlite under dataDir. */
export async function openDatabase(cfg: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (cfg.databaseUrl) return openPostgres(cfg.databaseUrl);
  return openPglite({ dataDir: path.join(cfg.dataDir, 'db') });
}
