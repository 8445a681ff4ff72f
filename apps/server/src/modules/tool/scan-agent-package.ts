import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import JSZip from 'jszip';
import { fail } from '../../errors';
import { SERVER_ROOT } from '../../server-root';

// The local scan agent (apps/scan-agent) as a zip a school can start: the agent and its pure libraries
// bundled into one JS file by esbuild, beside a package.json naming the packages that cannot be bundled
// (sharp and @julusian/jpeg-turbo are native; mupdf, zxing-wasm and @cwasm/jpeg-turbo read their .wasm
// from node_modules; the native JPEG decoder is optional: where npm cannot install it, the WebAssembly one
// decodes), and start scripts
// that install those once and start the agent pointed at this server. Node is already on the school's
// server machine (it runs the platform); the scanning PC needs Node 20.19+ and the npm registry once.

const APPS = path.resolve(SERVER_ROOT, '..') + path.sep;
const AGENT_ENTRY = path.join(APPS, 'scan-agent/src/main.ts');
/** Sources whose change makes a new bundle: the agent and the engine it checks pages with. */
const SOURCE_DIRS = [path.join(APPS, 'scan-agent/src'), path.join(APPS, '../packages/omr/src')];
const REQUIRED = ['sharp', 'mupdf', 'zxing-wasm', '@cwasm/jpeg-turbo'] as const;
/** A platform without its prebuilt binary skips it (npm leaves out an optional package it cannot install). */
const OPTIONAL = ['@julusian/jpeg-turbo'] as const;
const EXTERNAL = [...REQUIRED, ...OPTIONAL];

/** The folder inside the zip, and the names a teacher sees in it. */
export const PACKAGE_DIR = 'yuejuan-scan-agent';
export const START_BAT = '启动扫描客户端.bat';
export const START_SH = 'start.sh';
export const BUNDLE = 'scan-agent.mjs';
export const ZIP_NAME = '扫描客户端.zip';

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await sourceFiles(p)));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) out.push(p);
  }
  return out.sort();
}

/** Names the bundle by its sources' paths, sizes and times: a changed agent gets a new bundle. */
async function sourceKey(): Promise<string> {
  const h = createHash('sha256');
  for (const dir of SOURCE_DIRS)
    for (const f of await sourceFiles(dir)) {
      const s = await stat(f);
      h.update(`${f}\0${s.size}\0${s.mtimeMs}\n`);
    }
  return h.digest('hex').slice(0, 16);
}

/** Exact versions of the external packages, as the agent and the engine pin them. */
async function externalVersions(): Promise<{
  dependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
}> {
  type Manifest = { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
  const read = async (p: string) => {
    const m = JSON.parse(await readFile(p, 'utf8')) as Manifest;
    return { ...m.dependencies, ...m.optionalDependencies };
  };
  const deps = {
    ...(await read(path.join(APPS, '../packages/omr/package.json'))),
    ...(await read(path.join(APPS, 'scan-agent/package.json'))),
  };
  const pin = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, deps[name]!]));
  return { dependencies: pin(REQUIRED), optionalDependencies: pin(OPTIONAL) };
}

async function bundle(): Promise<string> {
  // esbuild is loaded only when a bundle is built, not on every server start.
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [AGENT_ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...EXTERNAL],
    write: false,
    logLevel: 'silent',
    // Bundled CommonJS packages (fastify's) call require(): an ES module has none, so give it one.
    banner: {
      js: "import { createRequire as __yjRequire } from 'node:module';\nconst require = __yjRequire(import.meta.url);",
    },
  });
  return out.outputFiles[0]!.text;
}

/** Only plain addresses go into the start scripts (the Host header is the request's to choose). */
export function serverUrlOf(protocol: string, host: string): string {
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host))
    throw fail('serverAddressInvalid');
  return `${protocol === 'https' ? 'https' : 'http'}://${host}`;
}

function startBat(url: string): string {
  return [
    '@echo off',
    'chcp 65001 >nul',
    'cd /d "%~dp0"',
    'where node >nul 2>nul || (echo 未找到 Node.js，请先安装 Node.js 20 或更高版本 & pause & exit /b 1)',
    'if not exist node_modules\\sharp (',
    '  echo 第一次启动：正在安装扫描客户端需要的组件……',
    '  call npm install --omit=dev --no-audit --no-fund || (echo 组件安装失败，请检查网络后重试 & pause & exit /b 1)',
    ')',
    'if not exist scans mkdir scans',
    `node ${BUNDLE} --server ${url} --origin ${url} --data data --folder scans`,
    'pause',
    '',
  ].join('\r\n');
}

function startSh(url: string): string {
  return [
    '#!/bin/sh',
    'cd "$(dirname "$0")" || exit 1',
    'command -v node >/dev/null 2>&1 || { echo "未找到 Node.js，请先安装 Node.js 20 或更高版本"; exit 1; }',
    'if [ ! -d node_modules/sharp ]; then',
    '  echo "第一次启动：正在安装扫描客户端需要的组件……"',
    '  npm install --omit=dev --no-audit --no-fund || { echo "组件安装失败，请检查网络后重试"; exit 1; }',
    'fi',
    'mkdir -p scans',
    `exec node ${BUNDLE} --server ${url} --origin ${url} --data data --folder scans "$@"`,
    '',
  ].join('\n');
}

const README = (url: string) =>
  [
    '阅卷 扫描客户端',
    '',
    `平台地址：${url}`,
    `1. 双击“${START_BAT}”（Linux 运行 ./${START_SH}）。第一次启动会自动安装需要的组件（需要能访问 npm），需要 Node.js 20 或更高版本。`,
    '2. 把扫描仪的“扫描到文件夹”指向本目录下的 scans 文件夹。',
    '3. 在平台网页的扫描页面选择科目，新扫描的答题卡会自动识别并上传。窗口开着客户端就在运行。',
    '',
  ].join('\r\n');

/**
 * Builds the agent bundle once per source version (kept in `<dataDir>/tool/`, shared by later requests
 * and restarts) and answers the zip for one server address.
 */
export function scanAgentPackager(dataDir: string) {
  const dir = path.join(dataDir, 'tool');
  const building = new Map<string, Promise<string>>();

  async function cachedBundle(): Promise<string> {
    const key = await sourceKey();
    const file = path.join(dir, `scan-agent-${key}.mjs`);
    let p = building.get(key);
    if (!p) {
      p = readFile(file, 'utf8').catch(async () => {
        const code = await bundle();
        await mkdir(dir, { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        await writeFile(tmp, code);
        await rename(tmp, file);
        return code;
      });
      building.set(key, p);
      p.catch(() => building.delete(key));
    }
    return p;
  }

  return {
    async zip(serverUrl: string): Promise<Buffer> {
      const [code, versions] = await Promise.all([cachedBundle(), externalVersions()]);
      const zip = new JSZip();
      const root = zip.folder(PACKAGE_DIR)!;
      root.file(BUNDLE, code);
      root.file(
        'package.json',
        `${JSON.stringify(
          {
            name: 'yuejuan-scan-agent',
            private: true,
            type: 'module',
            description: '阅卷 扫描客户端',
            engines: { node: '>=20.19' },
            scripts: {
              start: `node ${BUNDLE} --server ${serverUrl} --origin ${serverUrl} --data data --folder scans`,
            },
            ...versions,
          },
          null,
          2,
        )}\n`,
      );
      root.file(START_BAT, startBat(serverUrl));
      root.file(START_SH, startSh(serverUrl), { unixPermissions: 0o755 });
      root.file('使用说明.txt', README(serverUrl));
      return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', platform: 'UNIX' });
    },
  };
}

export type ScanAgentPackager = ReturnType<typeof scanAgentPackager>;
