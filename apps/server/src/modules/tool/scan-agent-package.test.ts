import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_CLIENT_VERSION } from '@yj/contracts';
import { examRole } from '../../db/schema';
import { body, testApp, type TestApp } from '../../../test/app';
import { buildSubjectScene, buildUser, signInAs } from '../../../test/factories';
import { BUNDLE, PACKAGE_DIR, START_BAT, START_SH } from './scan-agent-package';

// The scan agent download (issue 12, browser finding 6): a zip a school starts by double-clicking, whose
// bundled agent really runs, offered only to those who may scan.

const REPO_MODULES = fileURLToPath(new URL('../../../../../node_modules', import.meta.url));
const URL_PATH = '/filter/api/tool/scanAgent';

let t: TestApp;
let tmp: string;
let agent: ChildProcess | undefined;

beforeAll(async () => {
  t = await testApp();
  tmp = await mkdtemp(path.join(os.tmpdir(), 'yj-agent-zip-'));
});
afterAll(async () => {
  agent?.kill('SIGTERM');
  await t?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

/** Writes every entry of the zip under `dir`, as an unzip tool would. */
async function unzip(bytes: Buffer, dir: string): Promise<string[]> {
  const zip = await JSZip.loadAsync(bytes);
  const names: string[] = [];
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    const to = path.join(dir, entry.name);
    await mkdir(path.dirname(to), { recursive: true });
    await writeFile(to, await entry.async('nodebuffer'), {
      mode: entry.unixPermissions ? Number(entry.unixPermissions) & 0o777 : 0o644,
    });
    names.push(entry.name);
  }
  return names.sort();
}

describe('GET /filter/api/tool/scanAgent', () => {
  it('refuses a teacher who may scan nothing', async () => {
    const u = await buildUser(t.database.db);
    const teacher = await signInAs(t, u);
    const res = await teacher.get(URL_PATH);
    expect(body(res)).toMatchObject({ code: 1, message: '无权限' });
    // nor the Windows package (refused before anything is fetched for it)
    expect(body(await teacher.get('/filter/api/tool/scanAgentWindows'))).toMatchObject({
      code: 1,
      message: '无权限',
    });
    expect(fs.existsSync(path.join(t.config.dataDir, 'tool'))).toBe(false);
    // the page asks first, so it offers no button that would answer 无权限
    expect(body(await teacher.get('/filter/api/tool/list')).data).toEqual({ scanAgent: false });
    expect(body(await teacher.get('/filter/api/scan/version'))).toMatchObject({ code: 1, message: '无权限' });
  });

  it('gives a scanner a zip whose agent starts pointed at this server', async () => {
    const scene = await buildSubjectScene(t.app, t.database.db, {
      name: '期中',
      course: '数学',
      fullScore: 100,
    });
    const u = await buildUser(t.database.db);
    await t.database.db.insert(examRole).values({
      examId: scene.examId,
      subjectId: scene.subjectId,
      schoolId: scene.schoolId,
      userId: u.id,
      role: 2,
    });
    const scanner = await signInAs(t, u);
    expect(body(await scanner.get('/filter/api/tool/list')).data).toEqual({ scanAgent: true });
    // api/scan/version: the client this server hands out, and where (the agent compares itself with it)
    expect(body(await scanner.get('/filter/api/scan/version')).data).toEqual({
      version: SCAN_CLIENT_VERSION,
      download: URL_PATH,
    });

    // a Host that could smuggle commands into the start scripts is refused
    const evil = await t.app.inject({
      method: 'GET',
      url: URL_PATH,
      headers: { cookie: scanner.cookie, host: 'x.com&calc' },
    });
    expect(body(evil).message).toBe('服务器地址不正确，无法生成扫描客户端');

    const res = await t.app.inject({
      method: 'GET',
      url: URL_PATH,
      headers: { cookie: scanner.cookie, host: 'school.example:8080' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('扫描客户端.zip'));

    const names = await unzip(res.rawPayload, tmp);
    expect(names).toEqual(
      [BUNDLE, 'package.json', START_BAT, START_SH, '使用说明.txt'].map((n) => `${PACKAGE_DIR}/${n}`).sort(),
    );
    const dir = path.join(tmp, PACKAGE_DIR);
    const url = 'http://school.example:8080';
    const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      optionalDependencies: Record<string, string>;
    };
    // exactly the versions the agent is tested with; nothing else needs installing
    expect(pkg.dependencies).toEqual({
      sharp: '0.35.5',
      mupdf: '1.28.1',
      'zxing-wasm': '3.1.4',
      '@cwasm/jpeg-turbo': '0.1.3',
    });
    // the native JPEG decoder where npm can install its prebuilt binary; the WebAssembly one elsewhere
    expect(pkg.optionalDependencies).toEqual({ '@julusian/jpeg-turbo': '2.3.0' });
    const bat = await readFile(path.join(dir, START_BAT), 'utf8');
    expect(bat).toContain('npm install --omit=dev');
    expect(bat).toContain(`node ${BUNDLE} --server ${url} --origin ${url} --data data --folder scans`);
    expect(bat).toContain('\r\n');
    const sh = await readFile(path.join(dir, START_SH), 'utf8');
    expect(sh).toContain(`--server ${url} --origin ${url}`);
    expect((await stat(path.join(dir, START_SH))).mode & 0o111).not.toBe(0);

    // The second download reuses the bundle built for the first (kept in DATA_DIR).
    const cached = await readdir(path.join(t.config.dataDir, 'tool'));
    expect(cached.filter((f) => f.endsWith('.mjs'))).toHaveLength(1);
    const again = await t.app.inject({ method: 'GET', url: URL_PATH, headers: { cookie: scanner.cookie } });
    expect(again.statusCode).toBe(200);
    expect(await readdir(path.join(t.config.dataDir, 'tool'))).toEqual(cached);

    // The bundled agent runs with only the external packages beside it (what npm install puts
    // there; here the repository's copies) and answers the web's version check.
    await symlink(REPO_MODULES, path.join(dir, 'node_modules'), 'dir');
    const port = await freePort();
    agent = spawn(
      process.execPath,
      [
        BUNDLE,
        '--server',
        url,
        '--port',
        String(port),
        '--sm-port',
        String(port),
        '--data',
        'data',
        '--folder',
        'scans',
      ],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    agent.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await new Promise<void>((resolve, reject) => {
      agent!.stdout!.on('data', (d: Buffer) => {
        output += d.toString();
        if (output.includes('扫描客户端 v')) resolve();
      });
      agent!.on('exit', (code) => reject(new Error(`agent exited ${code}: ${output}`)));
    });
    const check = await fetch(`http://127.0.0.1:${port}/sm/checkVersion?version=110`, {
      headers: { yx_sid: 'test-session' },
    });
    expect(await check.json()).toMatchObject({ code: 0, data: { version: 110 } });
  });
});
