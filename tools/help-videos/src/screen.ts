import { spawn, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';

// How a help video is made: Chromium's own screencast (CDP Page.startScreencast) sends a JPEG whenever the page
// repaints; a clock writes the newest one to ffmpeg FPS times a second, so a still screen lasts as long as it
// did. Playwright's recordVideo is not used: it needs Playwright's downloaded ffmpeg build, while Debian's
// ffmpeg (apt-get install ffmpeg) encodes VP9 just as well.

export const FPS = 12;
/** 1366 × 768 is shown at 1024 × 576: the text stays readable and a minute stays near 1 MB. */
const WIDTH = 1024;

/** Why this machine cannot record (no ffmpeg, or one without VP9), in Chinese and English; null when it can. */
export function ffmpegMissing(): string | null {
  const r = spawnSync('ffmpeg', ['-hide_banner', '-encoders'], { encoding: 'utf8' });
  if (r.error || r.status !== 0)
    return (
      '未找到 ffmpeg，无法录制帮助视频：请先安装（Debian/Ubuntu：sudo apt-get install ffmpeg）。\n' +
      'ffmpeg not found: install it first (Debian/Ubuntu: sudo apt-get install ffmpeg).'
    );
  if (!r.stdout.includes('libvpx-vp9'))
    return 'ffmpeg 缺少 VP9 编码器 libvpx-vp9，无法录制帮助视频。\nThis ffmpeg has no libvpx-vp9 (VP9) encoder.';
  return null;
}

export interface Recording {
  /** Stops and waits for the file; returns its length in seconds. */
  stop: () => Promise<number>;
}

/** Records `page` into `out` (WebM, VP9) until stop(). */
export async function record(page: Page, out: string): Promise<Recording> {
  const cdp = await page.context().newCDPSession(page);
  const ffmpeg = spawn(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'image2pipe',
      '-framerate',
      String(FPS),
      '-c:v',
      'mjpeg',
      '-i',
      '-',
      '-vf',
      `scale=${WIDTH}:-2:flags=lanczos,format=yuv420p`,
      '-c:v',
      'libvpx-vp9',
      // constrained quality: screens of forms are mostly still, so most frames cost almost nothing
      '-crf',
      '40',
      '-b:v',
      '220k',
      '-deadline',
      'good',
      '-cpu-used',
      '5',
      '-row-mt',
      '1',
      '-g',
      String(FPS * 10),
      '-an',
      out,
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  const exited = new Promise<number>((resolve) => ffmpeg.on('exit', (code) => resolve(code ?? 1)));
  let last: Buffer | null = null;
  cdp.on('Page.screencastFrame', (f) => {
    last = Buffer.from(f.data, 'base64');
    cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 85, maxWidth: 1366, maxHeight: 768 });
  const started = Date.now();
  let written = 0;
  // by the wall clock, not by ticks: a late tick on a busy machine writes the frames it owes
  const tick = setInterval(() => {
    if (!last) return;
    const due = Math.floor(((Date.now() - started) / 1000) * FPS);
    for (; written < due; written++) ffmpeg.stdin.write(last);
  }, 1000 / FPS);
  return {
    stop: async () => {
      clearInterval(tick);
      await cdp.send('Page.stopScreencast').catch(() => undefined);
      await cdp.detach().catch(() => undefined);
      ffmpeg.stdin.end();
      const code = await exited;
      if (code !== 0 || statSync(out).size === 0) throw new Error(`ffmpeg failed (${code}) writing ${out}`);
      return written / FPS;
    },
  };
}

/**
 * A pointer and a caption bar drawn over every page of the context, in a closed shadow root so the recorder's
 * own locators never find them. The caption survives a reload (sessionStorage).
 */
export async function addOverlay(context: BrowserContext): Promise<void> {
  // as text, not a function: tsx would add its own helpers (__name) to a function's source, unknown in the page
  await context.addInitScript({ content: OVERLAY });
}

const OVERLAY = `(() => {
  const KEY = '__helpVideoCaption';
  let caption = null;
  window.__helpCaption = (t) => {
    sessionStorage.setItem(KEY, t);
    if (caption) caption.textContent = t;
  };
  const mount = () => {
    if (!document.body || document.getElementById('__help-video-overlay')) return;
    const host = document.createElement('div');
    host.id = '__help-video-overlay';
    host.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483647';
    const root = host.attachShadow({ mode: 'closed' });
    root.innerHTML = \`
      <style>
        .pointer { position: fixed; left: 0; top: 0; width: 22px; height: 22px; transition: transform 0.25s ease-out;
          transform: translate(683px, 384px); }
        .ring { position: absolute; left: -16px; top: -16px; width: 32px; height: 32px; border-radius: 50%;
          border: 3px solid rgba(250, 84, 28, 0.9); opacity: 0; }
        .ring.on { animation: ring 0.5s ease-out; }
        @keyframes ring { from { opacity: 1; transform: scale(0.4); } to { opacity: 0; transform: scale(1.4); } }
        .caption { position: fixed; left: 50%; bottom: 28px; transform: translateX(-50%); max-width: 80%;
          padding: 10px 22px; border-radius: 8px; background: rgba(0, 0, 0, 0.75); color: #fff;
          font: 500 22px/1.5 "Noto Sans CJK SC", "Microsoft YaHei", sans-serif; text-align: center; }
        .caption:empty { display: none; }
      </style>
      <div class="pointer"><div class="ring"></div>
        <svg width="22" height="22" viewBox="0 0 22 22"><path d="M2 1 L2 18 L7 13.5 L10.5 21 L13.5 19.6 L10 12.3 L16.5 12.3 Z"
          fill="#111" stroke="#fff" stroke-width="1.6" stroke-linejoin="round"/></svg></div>
      <div class="caption"></div>\`;
    document.body.appendChild(host);
    const pointer = root.querySelector('.pointer');
    const ring = root.querySelector('.ring');
    caption = root.querySelector('.caption');
    caption.textContent = sessionStorage.getItem(KEY) || '';
    document.addEventListener('mousemove', (e) => {
      pointer.style.transform = 'translate(' + e.clientX + 'px, ' + e.clientY + 'px)';
    }, true);
    document.addEventListener('mousedown', () => {
      ring.classList.remove('on');
      void ring.offsetWidth;
      ring.classList.add('on');
    }, true);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
  else mount();
})();`;

/** Shows `text` in the caption bar and leaves it a moment to be read. */
export async function caption(page: Page, text: string, readMs = 1600): Promise<void> {
  await page.evaluate(
    (t) => (window as unknown as { __helpCaption: (t: string) => void }).__helpCaption(t),
    text,
  );
  await page.waitForTimeout(readMs);
}

/** Glides the pointer to the middle of `target`, as a hand would, before the action on it. */
export async function pointAt(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) return;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 14 });
  await page.waitForTimeout(250);
}

/** Points at `target` and clicks it. */
export async function press(page: Page, target: Locator): Promise<void> {
  await pointAt(page, target);
  await target.click();
  await page.waitForTimeout(400);
}

/** Points at a field and types into it at a reading pace. */
export async function type(page: Page, field: Locator, text: string): Promise<void> {
  await pointAt(page, field);
  await field.click();
  await field.fill('');
  await field.pressSequentially(text, { delay: 45 });
  await page.waitForTimeout(300);
}
