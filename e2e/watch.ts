// What a failed journey prints about the browser's last moments: the requests still in flight (a request the
// browser holds back never reaches the server log), the last requests and their answers, requests that failed,
// and the last clicks the page itself received (a click Playwright made that React never saw shows up here as a
// gap). Kept in memory for every watched context and printed only when a test fails.
import { afterEach } from 'node:test';
import type { BrowserContext, Request } from 'playwright-core';

interface Seen {
  at: number;
  method: string;
  url: string;
  /** status, a failure's text, or undefined while in flight */
  end?: string;
  ms?: number;
}

const KEEP = 40;
const ASSET = /\/assets\/|favicon/;
const watched: { label: string; context: BrowserContext; seen: Seen[]; inFlight: Map<Request, Seen> }[] = [];
const start = Date.now();
const clock = (t: number) => `${((t - start) / 1000).toFixed(1)}s`;
const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/** Records a context's requests and the clicks its pages receive (see the file's comment). */
export async function watchContext(context: BrowserContext, label: string): Promise<void> {
  const w = { label, context, seen: [] as Seen[], inFlight: new Map<Request, Seen>() };
  watched.push(w);
  context.on('request', (r) => {
    const s: Seen = { at: Date.now(), method: r.method(), url: short(r.url()) };
    w.inFlight.set(r, s);
    // the app's own script and style files are listed only while they hang (below)
    if (ASSET.test(s.url)) return;
    w.seen.push(s);
    if (w.seen.length > KEEP) w.seen.shift();
  });
  const settle = (r: Request, end: string) => {
    const s = w.inFlight.get(r);
    if (!s) return;
    w.inFlight.delete(r);
    s.end = end;
    s.ms = Date.now() - s.at;
  };
  context.on('requestfinished', (r) => {
    void r
      .response()
      .then((res) => settle(r, String(res?.status() ?? '?')))
      .catch(() => settle(r, 'finished'));
  });
  context.on('requestfailed', (r) => settle(r, r.failure()?.errorText ?? 'failed'));
  await context.addInitScript(() => {
    const w = window as unknown as { __yjClicks?: string[] };
    w.__yjClicks = [];
    document.addEventListener(
      'click',
      (e) => {
        const el = e.target instanceof Element ? e.target : null;
        const button = el?.closest('button,a,[role=button],[role=option],.ant-select-item');
        const what = (button ?? el)?.textContent?.trim().slice(0, 40) ?? '';
        const list = w.__yjClicks!;
        list.push(`${new Date().toISOString().slice(11, 23)} ${(button ?? el)?.tagName ?? '?'} "${what}"`);
        if (list.length > 15) list.shift();
      },
      true,
    );
  });
}

async function report(): Promise<void> {
  for (const w of watched) {
    const lines = [
      `[e2e] browser ${w.label}: the last requests (time since the spec began, method, path, answer, ms)`,
    ];
    for (const s of w.seen)
      lines.push(
        `  ${clock(s.at)} ${s.method} ${s.url} ${s.end ?? `STILL IN FLIGHT ${Date.now() - s.at} ms`}${s.ms !== undefined ? ` ${s.ms}ms` : ''}`,
      );
    for (const s of w.inFlight.values())
      if (ASSET.test(s.url))
        lines.push(`  ${clock(s.at)} ${s.method} ${s.url} STILL IN FLIGHT ${Date.now() - s.at} ms`);
    for (const page of w.context.pages()) {
      const clicks = await page
        .evaluate(() => (window as unknown as { __yjClicks?: string[] }).__yjClicks ?? [])
        .catch(() => ['(page closed)']);
      lines.push(
        `  clicks the page received (UTC ${new Date().toISOString().slice(11, 19)} now): ${clicks.join(' | ') || 'none'}`,
      );
    }
    console.log(lines.join('\n'));
  }
}

afterEach(async (t) => {
  // Node 20.20 sets `passed` on the context; its type declarations do not list it yet
  if ((t as { passed?: boolean }).passed === false) await report();
});
