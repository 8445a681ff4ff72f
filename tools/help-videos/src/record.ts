// npm run help:videos — records the help videos of 帮助中心 (the spec's view/video): e2e/run.mjs starts the real
// server on fresh data with the demo seeded, and each topic's task is done in Debian Chromium at 1366 × 768, with
// a pointer and captions, recorded to apps/web/public/help-videos/<topic>.webm (VP9) with a poster frame; the
// list the help page reads (apps/web/src/pages/help/videos.json) is rewritten. HELP_VIDEO_TOPICS=a,b records
// only those topics and keeps the others' entries.
import { execFileSync, execSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ffmpegMissing, record, addOverlay } from './screen.ts';
import { TOPICS, type Flow } from './topics.ts';
import type { HelpVideoManifest } from '../../../apps/web/src/pages/help/help-videos.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');
const OUT = path.join(root, 'apps/web/public/help-videos');
const MANIFEST = path.join(root, 'apps/web/src/pages/help/videos.json');

const missing = ffmpegMissing();
if (missing) {
  process.stderr.write(`${missing}\n`);
  process.exit(1);
}

let browser: Browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
});
after(async () => {
  await browser?.close();
});

/** A fresh signed-out page as a school PC shows it, with the pointer and caption bar drawn. */
async function screenPage(): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // as the journeys do: dialogs appear without zooming, so a click lands where the pointer is
    reducedMotion: 'reduce',
  });
  await addOverlay(context);
  return context.newPage();
}

const manifest: HelpVideoManifest = (() => {
  try {
    return JSON.parse(readFileSync(MANIFEST, 'utf8')) as HelpVideoManifest;
  } catch {
    return { videos: {} };
  }
})();
const only = process.env.HELP_VIDEO_TOPICS?.split(',').filter(Boolean);
const commit = execSync('git rev-parse --short HEAD', { cwd: root, encoding: 'utf8' }).trim();
mkdirSync(OUT, { recursive: true });

for (const [topic, flow] of Object.entries(TOPICS) as Array<[string, Flow]>) {
  if (only && !only.includes(topic)) continue;
  test(`help video: ${topic}`, async () => {
    const page = await screenPage();
    const setupPage = await screenPage();
    const file = `${topic}.webm`;
    const out = path.join(OUT, file);
    // recorded beside it and renamed once the task went through: a failed take never replaces a good video
    const take = path.join(OUT, `${topic}.take.webm`);
    // off camera: the data the task needs and the person signed in
    const go = await flow.setup(page, setupPage);
    const recording = await record(page, take);
    try {
      await go();
      await page.waitForTimeout(1500);
    } catch (e) {
      await recording.stop().catch(() => undefined);
      rmSync(take, { force: true });
      throw e;
    }
    const seconds = await recording.stop();
    renameSync(take, out);
    const poster = `${topic}.jpg`;
    execFileSync('ffmpeg', [
      // the task done, a second before the end: what the video leads to
      ...['-y', '-loglevel', 'error', '-ss', Math.max(0, seconds - 1).toFixed(1), '-i', out],
      ...['-frames:v', '1', '-q:v', '6', path.join(OUT, poster)],
    ]);
    manifest.videos[topic] = {
      file,
      poster,
      seconds: Math.round(seconds),
      bytes: statSync(out).size,
      recordedAt: new Date().toISOString().slice(0, 10),
      commit,
    };
    writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(`${file}: ${Math.round(seconds)} s, ${(statSync(out).size / 1024).toFixed(0)} KB`);
    await page.context().close();
    await setupPage.context().close();
  });
}
