import sharp from 'sharp';
import { ScanAgent } from './agent';
import { CLIENT_VERSION } from './codes';
import { loadConfig } from './config';
import { createDriver, saneInstalled } from './drivers';
import { loadZxingReader } from '@yj/omr/node';
import { buildServer } from './server';
import { ServerApi } from './server-api';

// Local scan agent: `npm run scan-agent -- --server http://host:8080 --folder D:\\scans`.
// One process serves /sm/* on both local ports and runs the scan → check → upload loop.

let config;
try {
  config = loadConfig(process.argv.slice(2), process.env);
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}
sharp.concurrency(1);

if (config.driver === 'sane' && !(await saneInstalled())) {
  console.warn('未检测到 SANE（scanimage）：扫描仪状态将显示“扫描驱动未安装或扫描仪未连接”。');
}
const agent = await ScanAgent.open({
  dataDir: config.dataDir,
  driver: createDriver(config),
  api: new ServerApi(config.serverUrl),
  reader: await loadZxingReader(),
  session: config.session,
});

// The loop: one round, then a pause that grows while uploads fail (network cut) and resets on success
// or when a /sm call brings a new session.
let wakeUp: (() => void) | null = null;
let backoff = config.pollMs;
let stopping = false;
const wake = () => {
  backoff = config.pollMs;
  wakeUp?.();
};

const servers = config.ports.map(() => buildServer(agent, { origins: config.origins, wake }));
// The spec's local service base is 18738, while the web swaps a local address's port for the scan-manager
// port kept in session storage (default 18739): the same service answers on both, sharing one agent.
for (const [i, app] of servers.entries()) await app.listen({ port: config.ports[i]!, host: config.host });
console.log(
  `扫描客户端 v${CLIENT_VERSION} 已启动：http://${config.host}:${config.ports.join(' 与 :')}  平台 ${config.serverUrl}\n` +
    `驱动 ${config.driver}${config.driver === 'folder' ? `（监视 ${config.folder}）` : ''}  数据目录 ${config.dataDir}`,
);

async function shutdown() {
  if (stopping) return;
  stopping = true;
  wakeUp?.();
  for (const app of servers) await app.close();
  await agent.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

let lastProblem = '';
while (!stopping) {
  try {
    await agent.tick();
  } catch (e) {
    console.error('扫描客户端出错：', e);
  }
  const problem = agent.uploader.problem;
  const text = problem ? `[${problem.code}] ${problem.message}` : '';
  if (text !== lastProblem) console.log(text ? `上传暂停：${text}` : '上传队列正常');
  lastProblem = text;
  backoff = problem ? Math.min(backoff * 2, 30_000) : config.pollMs;
  await new Promise<void>((resolve) => {
    const t = setTimeout(resolve, backoff);
    wakeUp = () => {
      clearTimeout(t);
      resolve();
    };
  });
  wakeUp = null;
}
