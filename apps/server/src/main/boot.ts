import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../app';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../infra/db';
import { EmbeddedPgError } from '../infra/embedded-pg';
import { JOB_CONCURRENCY, memoryQueue, redisQueue, type JobQueue } from '../infra/queue';
import { checkRedis, installationKey, RedisUnavailableError, shownRedisUrl } from '../infra/redis-check';
import { fsStorage, s3Storage } from '../infra/storage';
import { auditModule } from '../modules/audit/audit.module';
import { logSmsProvider } from '../modules/auth/sms';
import { seedDemoExam } from '../modules/demo/demo-exam';
import { seedDemoQuiz } from '../modules/demo/demo-quiz';
import { demoRepo } from '../modules/demo/demo.repo';
import { randomPassword, seedDemo, type DemoAccount } from '../modules/demo/demo.service';
import { messageModule } from '../modules/message/message.module';

/** Reads the configuration or exits with the message (a bad variable should never start a half-working server). */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

export function makeLogger(config: Config) {
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'production';
  return pino({
    level: config.logLevel,
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}

/** Opens and migrates the database; an embedded cluster that cannot start is explained, then the process exits. */
export async function openMigrated(config: Config, notice?: (text: string) => void): Promise<Database> {
  let database: Database;
  try {
    database = await openDatabase(config, notice);
  } catch (err) {
    if (err instanceof EmbeddedPgError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/**
 * With REDIS_URL, Redis must answer before anything else starts: a refused password or a wrong port stops the
 * process with the reason (BullMQ alone would wait forever, printing connection errors).
 */
export async function redisOrExit(config: Config, log: pino.Logger): Promise<void> {
  if (!config.redisUrl) return;
  try {
    await checkRedis(config.redisUrl);
  } catch (err) {
    if (err instanceof RedisUnavailableError) {
      log.fatal({ redisUrl: shownRedisUrl(config.redisUrl) }, err.message);
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

/** The job queue; on Redis under this installation's own prefix (read from its database). */
export async function openQueue(
  config: Config,
  log: pino.Logger,
  consume: boolean,
  database: Database,
): Promise<JobQueue> {
  if (!config.redisUrl) return memoryQueue(log, JOB_CONCURRENCY);
  const installation = await installationKey(database.db);
  return redisQueue(config.redisUrl, { consume, installation, concurrency: JOB_CONCURRENCY });
}

function demoFile(config: Config): string {
  return path.join(config.dataDir, 'demo-accounts.txt');
}

function formatAccounts(accounts: DemoAccount[], password: string): string {
  const lines = accounts.map((a) => `  ${a.account.padEnd(13)} ${a.name} · ${a.role}`);
  return [
    '演示账号（密码均为 ' + password + '）：',
    ...lines,
    '  其余老师账号：13800000005 至 13800000021',
  ].join('\n');
}

/** Seeds the demo school on an empty database and returns the text listing its accounts (kept in DATA_DIR). */
export async function ensureDemo(config: Config, database: Database): Promise<string | null> {
  if (!config.seedDemo) return null;
  const password = config.demoPassword ?? randomPassword();
  const { audit } = auditModule({ db: database.db });
  const { messages } = messageModule({ db: database.db, audit });
  const accounts = await seedDemo({ db: database.db, audit, messages, repo: demoRepo }, password);
  if (accounts) {
    await seedDemoExam({ db: database.db, audit, repo: demoRepo });
    await seedDemoQuiz({ db: database.db, audit, repo: demoRepo });
    // the tables were empty a moment ago: fresh statistics, before autovacuum gets round to them a minute later
    await demoRepo(database.db).analyze();
    const text = formatAccounts(accounts, password);
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(demoFile(config), `${text}\n`, { mode: 0o600 });
    return text;
  }
  return fs.existsSync(demoFile(config)) ? fs.readFileSync(demoFile(config), 'utf8').trimEnd() : null;
}

export { buildApp, fsStorage, logSmsProvider, s3Storage };
