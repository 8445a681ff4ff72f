import path from 'node:path';
import { SMS_TO_LOG_WARNING } from '../modules/auth/sms';
import {
  buildApp,
  configOrExit,
  ensureDemo,
  fsStorage,
  logSmsProvider,
  makeLogger,
  openMigrated,
  openQueue,
  redisOrExit,
  s3Storage,
} from './boot';

const started = performance.now();
const config = configOrExit();
const log = makeLogger(config);

await redisOrExit(config, log);
const database = await openMigrated(config, (text) => log.warn(text));
const demo = await ensureDemo(config, database);
const queue = await openQueue(config, log, true, database);
const app = await buildApp(config, {
  database,
  queue,
  storage: config.s3 ? s3Storage(config.s3) : fsStorage(path.join(config.dataDir, 'files')),
  sms: logSmsProvider(log),
  logger: log,
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  log.info({ signal }, '正在停止服务…');
  // In-flight requests finish; a stuck one must not keep the process alive forever.
  // The database still stops then: the embedded cluster must not outlive the server.
  const timer = setTimeout(() => void database.close().finally(() => process.exit(1)), 10_000).unref();
  await app.close();
  await queue.close();
  await database.close();
  clearTimeout(timer);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  // e.g. the port is taken: stop the embedded cluster we started before giving up
  await database.close();
  throw err;
}
const ms = Math.round(performance.now() - started);
const url = `http://localhost:${config.port}/minions/`;
const where = database.kind === 'embedded' ? `内置 PostgreSQL ${database.clusterDir}` : 'PostgreSQL';
process.stdout.write(`\n阅卷平台已启动：${url}  （${where}，用时 ${ms} ms）\n`);
if (demo) process.stdout.write(`${demo}\n\n`);
// no SMS gateway: reset codes are written to the log (the demo needs them); no production install may run so
if (config.smsProvider === 'log') {
  log.warn({ smsProvider: config.smsProvider }, SMS_TO_LOG_WARNING);
  process.stdout.write(`注意：${SMS_TO_LOG_WARNING}\n\n`);
}
