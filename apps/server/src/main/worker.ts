import path from 'node:path';
import { recognizePool } from '../modules/scan/recognition/scan-recognize';
import { registerScanJobs } from '../modules/scan/recognition/scan.jobs';
import { scanJobDeps } from '../modules/scan/scan.module';
import { blockRegionsOf } from '../modules/block/block-framed';
import { registerScoreJobs } from '../modules/score-compute/score-compute';
import { scoreComputing } from '../modules/score-compute/score-compute.module';
import { jobs } from '../infra/jobs';
import { configOrExit, fsStorage, makeLogger, openMigrated, openQueue, redisOrExit, s3Storage } from './boot';

// `npm run worker`: a recognition worker on any machine, fed by BullMQ. Without Redis the API
// process runs the jobs itself, so a separate worker would have nothing to take.
const config = configOrExit();
const log = makeLogger(config);
if (!config.redisUrl) {
  process.stderr.write('识别工作进程需要 REDIS_URL（未设置时由服务进程自己识别）\n');
  process.exit(2);
}
if (!config.s3 && !config.databaseUrl) {
  log.warn('未配置 S3 与 DATABASE_URL：工作进程只能与服务进程在同一台机器上共享数据目录');
}

await redisOrExit(config, log);
const database = await openMigrated(config);
const queue = await openQueue(config, log, true, database);
const storage = config.s3 ? s3Storage(config.s3) : fsStorage(path.join(config.dataDir, 'files'));
const pool = recognizePool();
// a sheet's scores follow it as it is recognised; a key change's re-score may land here too
const shared = jobs(queue);
const scoring = scoreComputing({ db: database.db, queue: shared });
registerScoreJobs(shared, scoring);
const blockRegions = blockRegionsOf(database.db);
registerScanJobs(
  shared,
  scanJobDeps({ db: database.db, storage, pool, scores: scoring.paper, blockRegions }),
);
log.info('识别工作进程已启动');

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  log.info({ signal }, '正在停止识别工作进程…');
  const timer = setTimeout(() => process.exit(1), 30_000).unref();
  await queue.close();
  await pool.close();
  await database.close();
  clearTimeout(timer);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
