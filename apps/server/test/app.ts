import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app';
import { testDatabasePrefix } from './global-setup';
import { loadConfig, type Config } from '../src/config';
import { openPostgres, type Database } from '../src/infra/db';
import { memoryQueue, type JobQueue } from '../src/infra/queue';
import { fsStorage } from '../src/infra/storage';
import type { SmsProvider } from '../src/modules/auth/sms';

/** A fresh, migrated database of its own for one test file. */
export async function testDatabase(): Promise<Database> {
  const adminUrl = inject('pgAdminUrl');
  const name = testDatabasePrefix(inject('pgTemplate')) + randomBytes(6).toString('hex');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const database = openPostgres(u.toString());
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    },
  };
}

export interface SentSms {
  phone: string;
  text: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  sms: SentSms[];
  close(): Promise<void>;
}

/** buildApp on a fresh database, silent logs (unless a logger is given), an SMS provider that records what it sends. */
export async function testApp(
  env: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void,
  logger?: AppDeps['logger'],
  /** the job queue (default: in-process); e.g. BullMQ on TEST_REDIS_URL under the database's installation key */
  makeQueue?: (database: Database) => Promise<JobQueue>,
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-app-'));
  // tests write grants straight to the database: sessions are read on every request unless a test asks
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    SESSION_CACHE_MS: '0',
    // 系统维护: read at start and on its own changes only, so no request's statements count a background read
    ENV_FLAG_REFRESH_MS: '0',
    ...env,
  });
  const database = await testDatabase();
  const sms: SentSms[] = [];
  const provider: SmsProvider = { send: async (phone, text) => void sms.push({ phone, text }) };
  const queue = makeQueue ? await makeQueue(database) : memoryQueue({ error: () => {} });
  const app = await buildApp(config, {
    database,
    queue,
    storage: fsStorage(path.join(dataDir, 'files')),
    sms: provider,
    ...(logger ? { logger } : {}),
  });
  extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    sms,
    async close() {
      await app.close();
      await queue.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The envelope of a response, typed loosely for assertions. */
export function body<T = unknown>(
  res: LightMyRequestResponse,
): { code: number; message: string; data: T; traceId?: string; errCode?: number } {
  return res.json();
}

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** A signed-in client: keeps the yx_sid cookie and sends the XHR header like the web does. */
export async function signIn(app: FastifyInstance, account: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/filter/yue/user/login',
    headers: XHR,
    payload: { account, password },
  });
  const b = body<{ token: string }>(res);
  if (b.code !== 0) throw new Error(`sign-in failed: ${b.message}`);
  const cookie = `yx_sid=${b.data.token}`;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });
  return {
    token: b.data.token,
    cookie,
    call,
    post: (url: string, payload: object = {}) => call('POST', url, payload),
    get: (url: string) => call('GET', url),
  };
}

export { XHR };

/** A signed-in client of the test app. */
export type Client = Awaited<ReturnType<typeof signIn>>;
