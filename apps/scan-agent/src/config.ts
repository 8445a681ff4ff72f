import path from 'node:path';
import { parseArgs } from 'node:util';
import { LOCAL_SERVICE_PORT, SCAN_MANAGER_PORT } from './codes';

export type DriverKind = 'folder' | 'sane' | 'files';

/** Everything the agent is started with; flags win over environment variables, which win over defaults. */
export interface AgentConfig {
  /** Base URL of the platform server (its API lives under /filter). */
  serverUrl: string;
  /** Origins allowed to call /sm/* from a browser (the product's web address). */
  origins: string[];
  /** Ports served on 127.0.0.1: the local service port and the web's scan-manager port (see README). */
  ports: number[];
  host: string;
  dataDir: string;
  driver: DriverKind;
  /** Folder a scanner's "scan to folder" writes into (folder driver). */
  folder: string;
  /** Images given on the command line (files driver), in order. */
  files: string[];
  /** How often the folder is looked at and the upload queue retried, in ms. */
  pollMs: number;
  /** A session to start with (yx_sid); otherwise the first /sm call's header provides it. */
  session: string | null;
}

const USAGE = `用法: npm run scan-agent -- [选项]
  --server URL        平台地址（SCAN_SERVER_URL，默认 http://localhost:8080）
  --folder DIR        监视的扫描文件夹（SCAN_FOLDER，默认 <数据目录>/inbox）
  --data DIR          数据目录：上传队列、页面图片、模板（SCAN_AGENT_DATA，默认 ./data/scan-agent）
  --port N            本地服务端口（SCAN_AGENT_PORT，默认 ${LOCAL_SERVICE_PORT}）
  --sm-port N         扫描管理端口（SCAN_MANAGER_PORT，默认 ${SCAN_MANAGER_PORT}；与 --port 相同则只监听一个）
  --origin URL        允许调用的网页地址，可逗号分隔多个（SCAN_AGENT_ORIGIN，默认 http://localhost:8080）
  --driver KIND       folder | sane | files（SCAN_DRIVER，默认 folder）
  --file PATH         files 驱动要导入的图片，可重复
  --poll MS           轮询间隔（SCAN_POLL_MS，默认 1000）`;

function port(v: string, what: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${what} 不是合法端口：${v}`);
  return n;
}

/** Reads flags and environment once; throws a message naming the bad value. */
export function loadConfig(argv: string[], env: NodeJS.ProcessEnv): AgentConfig {
  const { values: a } = parseArgs({
    args: argv,
    options: {
      server: { type: 'string' },
      folder: { type: 'string' },
      data: { type: 'string' },
      port: { type: 'string' },
      'sm-port': { type: 'string' },
      origin: { type: 'string' },
      driver: { type: 'string' },
      file: { type: 'string', multiple: true },
      poll: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (a.help) throw new Error(USAGE);
  const dataDir = path.resolve(a.data ?? env.SCAN_AGENT_DATA ?? 'data/scan-agent');
  const driver = a.driver ?? env.SCAN_DRIVER ?? 'folder';
  if (driver !== 'folder' && driver !== 'sane' && driver !== 'files')
    throw new Error(`未知的扫描驱动：${driver}（可选 folder、sane、files）\n${USAGE}`);
  const main = port(a.port ?? env.SCAN_AGENT_PORT ?? String(LOCAL_SERVICE_PORT), '--port');
  const sm = port(a['sm-port'] ?? env.SCAN_MANAGER_PORT ?? String(SCAN_MANAGER_PORT), '--sm-port');
  const serverUrl = (a.server ?? env.SCAN_SERVER_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
  try {
    new URL(serverUrl);
  } catch {
    throw new Error(`平台地址不正确：${serverUrl}`);
  }
  const pollMs = Number(a.poll ?? env.SCAN_POLL_MS ?? 1000);
  if (!Number.isFinite(pollMs) || pollMs < 50)
    throw new Error(`轮询间隔不正确：${a.poll ?? env.SCAN_POLL_MS}`);
  return {
    serverUrl,
    origins: (a.origin ?? env.SCAN_AGENT_ORIGIN ?? 'http://localhost:8080')
      .split(',')
      .map((s) => s.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    ports: [...new Set([main, sm])],
    host: '127.0.0.1',
    dataDir,
    driver,
    folder: path.resolve(a.folder ?? env.SCAN_FOLDER ?? path.join(dataDir, 'inbox')),
    files: (a.file ?? []).map((f) => path.resolve(f)),
    pollMs,
    session: env.YX_SID || null,
  };
}
