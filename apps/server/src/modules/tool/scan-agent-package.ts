import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import JSZip from 'jszip';
import { fail } from '../../errors';
import { SERVER_ROOT } from '../../server-root';
import {
  agentManifest,
  assembleWindowsBase,
  fetchFromRegistry,
  runtimeFailure,
  WINDOWS_NODE_VERSION,
  windowsReadme,
  windowsStartBat,
  type FetchWindowsPieces,
} from './scan-agent-windows';

// The local scan agent (apps/scan-agent) as a zip a school can start: the agent and its pure libraries
// bundled into one JS file by esbuild, beside a package.json naming the packages that cannot be bundled
// (sharp and @julusian/jpeg-turbo are native; mupdf, zxing-wasm and @cwasm/jpeg-turbo read their .wasm
// from node_modules; the native JPEG decoder is optional: where npm cannot install it, the WebAssembly one
// decodes), and start scripts
// that install those once and start the agent pointed at this server: for a PC with Node 20.19+ (any system).
// A Windows PC with nothing installed gets the Windows package instead (scan-agent-windows.ts): the same
// bundle with node.exe and a ready node_modules beside it.

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
export const WIN_ZIP_NAME = '扫描客户端-Windows.zip';
/** Bump when the Windows package's layout changes, so a cached one of the old layout is not handed out. */
const WIN_LAYOUT = 1;
/** How long a download waits for the first build of the Windows package before answering 正在准备 (a proxy
 * in front of the server may cut a request that says nothing for a minute). */
const WIN_WAIT_MS = 50_000;

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

/** Builds what `key` names once per process, even for concurrent callers; a failed build is tried again. */
function once<T>(): (key: string, make: () => Promise<T>) => Promise<T> {
  const building = new Map<string, Promise<T>>();
  return (key, make) => {
    let p = building.get(key);
    if (!p) {
      p = make();
      building.set(key, p);
      p.catch(() => building.delete(key));
    }
    return p;
  };
}

/** Writes `bytes` beside `file` and renames it into place: a reader never sees half a file. */
async function writeAtomic(file: string, bytes: string | Buffer): Promise<void> {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, file);
}

/**
 * Builds the agent bundle once per source version (kept in `<dataDir>/tool/`, shared by later requests
 * and restarts) and answers the zip for one server address; likewise the Windows package, whose runtime
 * `fetchWindows` brings (the npm registry; a test hands in its own).
 */
export function scanAgentPackager(
  dataDir: string,
  opts: {
    fetchWindows?: FetchWindowsPieces;
    waitMs?: number;
    log?: (msg: string, err?: unknown) => void;
  } = {},
) {
  const dir = path.join(dataDir, 'tool');
  const building = once<string>();
  const buildingWin = once<string>();

  async function cachedBundle(): Promise<string> {
    const key = await sourceKey();
    const file = path.join(dir, `scan-agent-${key}.mjs`);
    return building(key, () =>
      readFile(file, 'utf8').catch(async () => {
        const code = await bundle();
        await mkdir(dir, { recursive: true });
        await writeAtomic(file, code);
        return code;
      }),
    );
  }

  /** The cached Windows package without its per-address files: built from the registry's pieces once. */
  async function windowsBase(): Promise<string> {
    const [code, versions] = await Promise.all([cachedBundle(), externalVersions()]);
    const key = createHash('sha256')
      .update(JSON.stringify([WIN_LAYOUT, WINDOWS_NODE_VERSION, versions.dependencies, code]))
      .digest('hex')
      .slice(0, 16);
    const file = path.join(dir, `scan-agent-win-x64-${key}.zip`);
    return buildingWin(key, async () => {
      if (
        await stat(file).then(
          () => true,
          () => false,
        )
      )
        return file;
      const started = Date.now();
      await mkdir(dir, { recursive: true });
      const work = await mkdtemp(path.join(dir, 'win-build-'));
      try {
        const pieces = await (opts.fetchWindows ?? fetchFromRegistry)(work, {
          node: WINDOWS_NODE_VERSION,
          dependencies: versions.dependencies,
        });
        const zip = await assembleWindowsBase(pieces, {
          dir: PACKAGE_DIR,
          bundleName: BUNDLE,
          code,
          dependencies: versions.dependencies,
        });
        await writeAtomic(file, zip);
        opts.log?.(
          `Windows 扫描客户端已生成：${file}（${(zip.length / 2 ** 20).toFixed(1)} MB，用时 ${((Date.now() - started) / 1000).toFixed(0)} 秒）`,
        );
        // Packages of an older agent are never handed out again; each is tens of MB.
        for (const f of await readdir(dir))
          if (/^scan-agent-win-x64-.*\.zip$/.test(f) && path.join(dir, f) !== file)
            await rm(path.join(dir, f), { force: true });
        return file;
      } catch (err) {
        opts.log?.('Windows 扫描客户端生成失败', err);
        throw runtimeFailure(err);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    });
  }

  return {
    async zip(serverUrl: string): Promise<Buffer> {
      const [code, versions] = await Promise.all([cachedBundle(), externalVersions()]);
      const zip = new JSZip();
      const root = zip.folder(PACKAGE_DIR)!;
      root.file(BUNDLE, code);
      root.file(
        'package.json',
        agentManifest('阅卷 扫描客户端', {
          engines: { node: '>=20.19' },
          scripts: {
            start: `node ${BUNDLE} --server ${serverUrl} --origin ${serverUrl} --data data --folder scans`,
          },
          ...versions,
        }),
      );
      root.file(START_BAT, startBat(serverUrl));
      root.file(START_SH, startSh(serverUrl), { unixPermissions: 0o755 });
      root.file('使用说明.txt', README(serverUrl));
      return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', platform: 'UNIX' });
    },

    /** Builds the Windows package now (`npm run tool:scan-agent-win`, before a school goes offline). */
    prepareWindows: windowsBase,

    /**
     * The Windows package for one server address. The first download waits for the build (fetching the
     * runtime takes a minute or so), up to `waitMs`; past it, 正在准备 (the build goes on).
     */
    async windowsZip(serverUrl: string): Promise<Readable> {
      const build = windowsBase();
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<null>(
        (r) => (timer = setTimeout(() => r(null), opts.waitMs ?? WIN_WAIT_MS)),
      );
      const base = await Promise.race([build, waited]).finally(() => clearTimeout(timer));
      if (base === null) {
        build.catch(() => undefined); // its failure is logged; the next download tries again
        throw fail('scanAgentRuntimePreparing');
      }
      // The cached entries keep their compressed bytes: only the two small files below are compressed here.
      const zip = await JSZip.loadAsync(await readFile(base));
      const root = zip.folder(PACKAGE_DIR)!;
      root.file(START_BAT, windowsStartBat(serverUrl, BUNDLE));
      root.file('使用说明.txt', windowsReadme(serverUrl, START_BAT));
      // JSZip's own stream is an old-style one: handed on as a plain Node stream.
      const out = new PassThrough();
      zip
        .generateNodeStream({
          type: 'nodebuffer',
          streamFiles: true,
          compression: 'DEFLATE',
          platform: 'DOS',
        })
        .on('error', (err) => out.destroy(err))
        .pipe(out);
      return out;
    },
  };
}

export type ScanAgentPackager = ReturnType<typeof scanAgentPackager>;
