import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/infra/db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dump of a migrated database */
    pgliteSnapshot: string;
    /** PostgreSQL: admin URL and the migrated template database each test file copies */
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

function withDb(url: string, dbName: string): string {
  const u = new URL(url);
  u.pathname = `/${dbName}`;
  return u.toString();
}

/**
 * Migrates once per run. With TEST_DATABASE_URL (CI) a template database on the real PostgreSQL;
 * otherwise a PGlite dump that each test file restores (faster than migrating per file).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = `yj_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const database = openPostgres(withDb(adminUrl, template));
    await database.migrate();
    await database.close();
    project.provide('pgAdminUrl', adminUrl);
    project.provide('pgTemplate', template);
    project.provide('pgliteSnapshot', '');
    return async () => {
      // Test files drop their own copies; anything left (a crashed file) goes too.
      const left = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'yj_t_%' or datname = $1`,
        [template],
      );
      for (const r of left.rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.end();
    };
  }
  const database = await openPglite({});
  await database.migrate();
  const dump = await database.client.dumpDataDir('none');
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'yj-test-')), 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('pgAdminUrl', '');
  project.provide('pgTemplate', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
