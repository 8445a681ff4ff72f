import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/infra/db';
import { startCluster } from '../src/infra/embedded-pg';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: admin URL and the migrated template database each test file copies */
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/** The name prefix of the per-file copies of one run's template (its pid and start time). */
export function testDatabasePrefix(template: string): string {
  return template.replace(/^yj_tpl_/, 'yj_t_') + '_';
}

function withDb(url: string, dbName: string): string {
  const u = new URL(url);
  u.pathname = `/${dbName}`;
  return u.toString();
}

/**
 * Migrates once per run into a template database each test file copies: on TEST_DATABASE_URL (CI), otherwise
 * on an embedded cluster of this run's own, made in a temporary folder (measured on a loaded 2-core machine:
 * a copy from the template 1.2 s per file against 6.1 s to restore a PGlite snapshot, and the cluster's
 * creation 18 s against 44 s for a migrated PGlite).
 */
export default async function setup(project: TestProject) {
  const shared = (runner.yjTestPg ??= { users: 0, made: makeTemplate() });
  shared.users++;
  const { adminUrl, template } = await shared.made;
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  return async () => {
    if (--shared.users > 0) return;
    delete runner.yjTestPg;
    await (await shared.made).teardown();
  };
}

interface Made {
  adminUrl: string;
  template: string;
  teardown(): Promise<void>;
}

interface Shared {
  users: number;
  made: Promise<Made>;
}

// The server and scan-agent projects both name this file, and vitest runs it once per project, each time as a
// module of its own but in the one runner process: the global object is what the two runs share. One cluster
// and one migrated template serve both (a second cluster and migration came before any test ran).
const runner = globalThis as typeof globalThis & { yjTestPg?: Shared };

async function makeTemplate(): Promise<Made> {
  if (process.env.TEST_DATABASE_URL) return onServer(process.env.TEST_DATABASE_URL);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-test-pg-'));
  const cluster = await startCluster(dir);
  const u = new URL(cluster.url);
  u.pathname = '/postgres';
  const made = await onServer(u.toString());
  return {
    ...made,
    async teardown() {
      await made.teardown();
      await cluster.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A template database, migrated once, on the server at adminUrl. */
async function onServer(adminUrl: string): Promise<Made> {
  const template = `yj_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = openPostgres(withDb(adminUrl, template));
  await database.migrate();
  await database.close();
  return {
    adminUrl,
    template,
    async teardown() {
      // Test files drop their own copies; anything this run left (a crashed file) goes too — never another
      // run's databases: several runs may share one server.
      const left = await admin.query<{ datname: string }>(
        `select datname from pg_database where starts_with(datname, $1) or datname = $2`,
        [testDatabasePrefix(template), template],
      );
      for (const r of left.rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.end();
    },
  };
}
