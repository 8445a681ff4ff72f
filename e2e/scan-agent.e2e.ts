import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import JSZip from 'jszip';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { coverAnchors, orderlyStudent, typicalCard } from '@yj/scan-sim';
import { APP, BASE_URL, call, loginAsSchoolAdmin, shot, journeySession } from './lib.ts';
import { subjectScene } from './marking-lib.ts';

// The local scan agent (issues 6 and 12): the subject's scan screen first offers it as a download (the zip
// is unpacked and its bundled agent started, as a school would), then finds it on
// the scan-manager port, starts scanning for the subject; simulated sheets dropped into the agent's folder
// (one student as a two-page TIFF, one with covered anchors) are checked locally, uploaded, and arrive in
// the subject's recognition progress and exception screens.

const EXAM = '2026学年扫描客户端演示考试';
const card = typicalCard();
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

let dir = '';
let agent: ChildProcess | null = null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Unpacks the downloaded zip; its three external packages are the repository's (what npm install would add). */
async function unpack(zipPath: string): Promise<string> {
  const zip = await JSZip.loadAsync(readFileSync(zipPath));
  for (const entry of Object.values(zip.files)) {
    if (entry.dir) continue;
    const to = path.join(dir, 'client', entry.name);
    mkdirSync(path.dirname(to), { recursive: true });
    writeFileSync(to, await entry.async('nodebuffer'));
  }
  const pkg = path.join(dir, 'client', 'yuejuan-scan-agent');
  symlinkSync(path.join(root, 'node_modules'), path.join(pkg, 'node_modules'), 'dir');
  return pkg;
}

/**
 * The downloaded agent's bundle, started as its start script does, on one free port: with the folder driver, or
 * with SANE's scanimage (the stand-in `sane` puts first on the PATH).
 */
function startAgent(pkg: string, port: number, sane?: string): ChildProcess {
  const log = openSync(path.join(root, 'e2e', '.out', sane ? 'scan-agent-sane.log' : 'scan-agent.log'), 'w');
  return spawn(
    process.execPath,
    [
      'scan-agent.mjs',
      ...['--server', BASE_URL, '--origin', BASE_URL, '--driver', sane ? 'sane' : 'folder'],
      ...['--folder', path.join(dir, 'inbox'), '--data', path.join(dir, sane ? 'data-sane' : 'data')],
      ...['--port', String(port), '--sm-port', String(port), '--poll', '300'],
    ],
    {
      cwd: pkg,
      stdio: ['ignore', log, log],
      detached: true,
      env: sane ? { ...process.env, PATH: `${sane}:${process.env.PATH}` } : process.env,
    },
  );
}

async function stopAgent(): Promise<void> {
  if (!agent || agent.exitCode !== null) return;
  const exited = new Promise((r) => agent!.once('exit', r));
  process.kill(-agent.pid!, 'SIGTERM');
  await exited;
}

/**
 * A stand-in scanimage for a fujitsu feeder scanner (its `-A` listing as sane-backends prints it) that scans two
 * pages and then stops as a double feed does: "Document feeder jammed", status 6. Its arguments go to args.txt.
 */
function jammingScanner(pages: Buffer[]): string {
  const bin = path.join(dir, 'sane');
  mkdirSync(bin, { recursive: true });
  pages.forEach((p, i) => writeFileSync(path.join(bin, `page${i + 1}.png`), p));
  const listing = [
    "All options specific to device `fujitsu:fi-7160:1':",
    '    --source ADF Front|ADF Back|ADF Duplex [ADF Front]',
    '    --df-action Default|Continue|Stop [Default] [advanced]',
    '    --df-thickness[=(yes|no)] [inactive]',
    '    --df-length[=(yes|no)] [inactive]',
  ];
  writeFileSync(path.join(bin, 'listing.txt'), `${listing.join('\n')}\n`);
  const script = [
    '#!/bin/sh',
    'case "$1" in',
    '  --version) echo "scanimage (sane-backends) 1.2.1"; exit 0;;',
    `  -L) echo "device \\\`fujitsu:fi-7160:1' is a FUJITSU fi-7160 scanner"; exit 0;;`,
    `  -A) cat '${bin}/listing.txt'; exit 0;;`,
    'esac',
    `echo "$@" >> '${bin}/args.txt'`,
    'for a in "$@"; do case "$a" in --batch=*)',
    ...pages.map((_, i) => `  cp '${bin}/page${i + 1}.png' "$(printf "\${a#--batch=}" ${i + 1})"`),
    ';; esac; done',
    'echo "scanimage: sane_read: Document feeder jammed" >&2',
    `echo "Batch terminated, ${pages.length} pages scanned" >&2`,
    'exit 6',
  ];
  writeFileSync(path.join(bin, 'scanimage'), `${script.join('\n')}\n`, { mode: 0o755 });
  return bin;
}

/** A student's two pages, clean, with the given exam number. */
const sheets = (seed: number, kaohao: string) => orderlyStudent(card, seed, kaohao);

/** Writes a scan into the watched folder the way scanners finish a file: under a temporary name, then renamed. */
function scanIntoFolder(name: string, bytes: Buffer): void {
  const inbox = path.join(dir, 'inbox');
  writeFileSync(path.join(inbox, `.${name}.part`), bytes);
  renameSync(path.join(inbox, `.${name}.part`), path.join(inbox, name));
}

async function waitCount(page: Page, testId: string, n: number): Promise<void> {
  await page.waitForFunction(
    ([id, v]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-count') === String(v),
    [testId, n] as const,
    { timeout: 120_000 },
  );
}

/** Waits until the screen's 识别进度 card shows these values (it polls the platform while pages wait). */
async function waitProgress(page: Page, want: Record<string, string>): Promise<void> {
  // no named functions inside: tsx would wrap them in a helper the page does not have
  await page.waitForFunction(
    (w) => {
      const card = [...document.querySelectorAll('.ant-card')].find(
        (c) => c.querySelector('.ant-card-head-title')?.textContent === '识别进度',
      );
      const shown: Record<string, string> = {};
      for (const item of card?.querySelectorAll('.ant-descriptions-item') ?? []) {
        const label = item.querySelector('.ant-descriptions-item-label')?.textContent ?? '';
        shown[label.replace(/[:：]\s*$/, '')] =
          item.querySelector('.ant-descriptions-item-content')?.textContent ?? '';
      }
      return Object.entries(w).every(([label, v]) => shown[label] === v);
    },
    want,
    { timeout: 120_000 },
  );
}

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'yj-e2e-agent-'));
  mkdirSync(path.join(dir, 'inbox'), { recursive: true });
  mkdirSync(path.join(root, 'e2e', '.out'), { recursive: true });
});
after(async () => {
  await stopAgent();
  rmSync(dir, { recursive: true, force: true });
});
// after the agent's hooks: the agent is stopped before the browser closes
const s = journeySession();

test('the scan screen finds the local agent, and its folder scans arrive in recognition and exceptions', async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const { exam, examinees } = await subjectScene(page, card, {
    name: EXAM,
    startDate: '2026-11-21',
    course: '化学',
  });
  assert.ok(examinees.length >= 3, 'the class has enough students');
  const K = examinees.map((e) => e.kaohao);

  // no agent yet: the panel offers the download in one Chinese line (no developer command), and says
  // that the browser upload still works
  const port = await freePort();
  await page.evaluate((p) => sessionStorage.setItem('scanManagerPort', String(p)), port);
  await page.goto(`${APP}/book/subject/${exam.subjectId}/answerCard`);
  await page.getByTestId('agent-missing').waitFor();
  assert.match(
    await page.getByTestId('agent-instruction').innerText(),
    /^未检测到扫描客户端：请在扫描电脑上\s*下载 Windows 扫描客户端（约 \d+ MB）\s*（含运行环境，不用安装任何软件），全部解压后双击“启动扫描客户端”/,
  );
  // the small package (needs Node.js) is the second choice, for other systems
  assert.match(
    await page.getByTestId('agent-missing').innerText(),
    /其他系统或已装 Node\.js 的电脑：\s*下载通用版扫描客户端/,
  );
  assert.doesNotMatch(await page.getByTestId('agent-missing').innerText(), /npm|仓库/);
  assert.match(await page.getByTestId('agent-missing').innerText(), /浏览器直接上传/);
  await page.getByTestId('agent-missing').scrollIntoViewIfNeeded();
  await shot(page, 'scan-agent-01-missing');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByTestId('agent-download').click(),
  ]);
  assert.equal(download.suggestedFilename(), '扫描客户端.zip');
  const zipPath = path.join(dir, 'agent.zip');
  await download.saveAs(zipPath);
  const pkg = await unpack(zipPath);
  // the start script already points at this platform: the teacher types nothing
  assert.match(
    readFileSync(path.join(pkg, 'start.sh'), 'utf8'),
    new RegExp(`--server ${BASE_URL} --origin ${BASE_URL}`),
  );

  // the downloaded agent started: found on the scan-manager port, version 110, the folder driver
  agent = startAgent(pkg, port);
  await page.getByTestId('agent-retry').click();
  await page.getByTestId('agent-found').waitFor({ timeout: 60_000 });
  assert.equal(await page.getByTestId('agent-version').innerText(), '110');
  assert.equal(await page.getByTestId('agent-upgrade').count(), 0, 'version 110 needs no upgrade');
  assert.match(await page.getByTestId('agent-status').innerText(), /扫描仪就绪/);
  assert.match(await page.getByTestId('agent-device').innerText(), /inbox/);

  // the scanner settings are the agent's (spec defaults: 200 dpi, status 6) and can be changed
  const config = page.getByTestId('agent-config');
  await page.waitForFunction(
    () =>
      (document.querySelector('[data-testid="agent-config"] input') as HTMLInputElement | null)?.value ===
      '200',
  );
  const perUpload = config.getByRole('spinbutton').nth(1);
  await perUpload.fill('4');
  await page.getByTestId('agent-config-save').click();
  await page.getByText('扫描设置已保存').waitFor();

  // 开始扫描 points the agent at this subject
  await page.getByTestId('agent-start').click();
  await page.getByText('已开始扫描').waitFor();
  await page.getByText('本科目', { exact: true }).waitFor();

  // the scanner writes: a student as two JPEGs, one as a two-page TIFF, one with both top anchors covered
  const a = await sheets(300, K[0]!);
  const b = await sheets(310, K[1]!);
  const c = await sheets(320, K[2]!);
  const covered = await coverAnchors(c.front.jpeg, card.pages[0]!, c.front.truth.transform);
  scanIntoFolder('scan_001.jpg', a.front.jpeg);
  scanIntoFolder('scan_002.jpg', a.back.jpeg);
  scanIntoFolder(
    'scan_003.tif',
    await sharp([b.front.jpeg, b.back.jpeg], { join: { animated: true } })
      .tiff()
      .toBuffer(),
  );
  scanIntoFolder('scan_004.jpg', covered);
  scanIntoFolder('scan_005.jpg', c.back.jpeg);

  // the panel follows the agent: six pages checked and uploaded; the covered page in the local anchor list
  await waitCount(page, 'agent-uploaded', 6);
  await waitCount(page, 'agent-ex-anchor', 1);
  assert.match(await page.getByTestId('agent-queue-state').innerText(), /已全部上传/);
  assert.match(await page.getByTestId('agent-queue').innerText(), /已扫描 6 页/);
  assert.match(await page.getByTestId('agent-exceptions').innerText(), /scan_004\.jpg/);
  assert.match(await page.getByTestId('agent-exceptions').innerText(), /定位/);
  // the screen's own recognition progress picks the agent's uploads up, without a reload
  await page.getByText('还没有上传答题卡').waitFor({ state: 'detached' });

  // the platform has the six pages (the TIFF as two) and recognises them like a browser upload
  await waitProgress(page, { 页数: '6', 待识别: '0' });
  // the 扫描完成 card follows the recognition too: no paper left 正在识别, the two matched students 实考
  const finishCard = page.getByTestId('scan-finish');
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="scan-finish"] tbody')?.textContent?.includes('正在识别'),
    undefined,
    { timeout: 30_000 },
  );
  assert.doesNotMatch(await finishCard.locator('tbody').innerText(), /份答题卡正在识别/);
  const present = finishCard.locator('tbody tr.ant-table-row td').nth(2);
  assert.equal(await present.innerText(), '2', '实考 after recognition');
  await page.getByTestId('scan-agent-panel').scrollIntoViewIfNeeded();
  await shot(page, 'scan-agent-02-found');
  const progress = await call<{
    total: { pages: number; papers: number; matched: number };
    batches: Array<{ pages: number; source: string }>;
  }>(page, 'GET', `/api/subject/${exam.subjectId}/scanExceptionProgress`);
  assert.equal(progress.total.papers, 3);
  // the agent's two uploads (4 pages, then 2) are one batch of the platform, marked as the agent's
  assert.deepEqual(progress.batches, [progress.batches[0]]);
  assert.deepEqual([progress.batches[0]?.pages, progress.batches[0]?.source], [6, 'agent']);
  assert.equal(progress.total.matched, 2, 'the two readable students are matched');

  // and the covered sheet waits on the platform's exception screen as a location problem
  await page.goto(`${APP}/book/scan/scanException?subjectId=${exam.subjectId}`);
  await page.getByTestId('scan-badges').waitFor();
  await waitCount(page, 'badge-locationExp', 1);
  await shot(page, 'scan-agent-03-exceptions');

  // the same download is on the 工具下载 page of the header's utilities
  await page.getByRole('link', { name: '工具下载' }).click();
  await page.getByTestId('tool-scan-agent').waitFor();
  assert.match(await page.getByTestId('tool-scan-agent').innerText(), /双击“启动扫描客户端”/);
  // the main download brings its own runtime: nothing to install on the scanning PC
  const windows = await page.getByTestId('tool-scan-agent-windows').innerText();
  assert.match(windows, /Windows 扫描客户端（含运行环境，约 \d+ MB，解压即用）/);
  assert.doesNotMatch(windows, /需要 Node\.js|请保持联网/);
  assert.match(await page.getByTestId('agent-download-windows').innerText(), /下载 Windows 扫描客户端/);
  // the small package is offered for other systems and PCs that have Node.js
  assert.match(
    await page.getByTestId('tool-scan-agent-portable').innerText(),
    /其他系统 \/ 已装 Node\.js 的电脑[\s\S]*Node\.js 20[\s\S]*下载通用版扫描客户端/,
  );
  await shot(page, 'scan-agent-04-download-page');

  // A scanner the agent drives (SANE) jams, or feeds two sheets as one, mid-pile: its double-feed sensor is
  // turned on (双张检测, on by default), and the stop is said with what to do, never passed off as the end of the
  // pile; the two pages before it are kept and uploaded.
  await stopAgent();
  const d = await sheets(330, K[2]!);
  const sane = jammingScanner(
    await Promise.all([d.front.jpeg, d.back.jpeg].map((j) => sharp(j).png().toBuffer())),
  );
  agent = startAgent(pkg, port, sane);
  await page.goto(`${APP}/book/subject/${exam.subjectId}/answerCard`);
  await page.getByTestId('agent-found').waitFor({ timeout: 60_000 });
  assert.match(await page.getByTestId('agent-device').innerText(), /fujitsu:fi-7160:1/);
  // the settings form is disabled until the agent's settings arrive (after its status): read the switch then
  const doubleFeed = page.getByRole('switch', { name: /双张检测/, disabled: false });
  await doubleFeed.waitFor();
  assert.equal(await doubleFeed.getAttribute('aria-checked'), 'true');
  await page.getByTestId('agent-start').click();
  const stopped = page.locator('.ant-modal-confirm').filter({ hasText: '扫描已停止' });
  await stopped.waitFor();
  assert.match(await stopped.innerText(), /扫描仪卡纸或检测到双张进纸，扫描已停止：此前扫描的 2 页已保存/);
  assert.match(await stopped.innerText(), /从这一张起连同其后未扫描的答卷重新放入进纸器/);
  assert.match(
    readFileSync(path.join(sane, 'args.txt'), 'utf8'),
    /--source=ADF Duplex --df-action=Stop --df-thickness=yes --df-length=yes/,
  );
  await shot(page, 'scan-agent-05-double-feed');
  await stopped.getByRole('button', { name: '知道了' }).click();
  await page.getByTestId('agent-double-feed').getByText('双张检测已开启').waitFor();
  await waitCount(page, 'agent-uploaded', 2);
  await page.getByTestId('scan-agent-panel').scrollIntoViewIfNeeded();
  await shot(page, 'scan-agent-06-sensor');
});
