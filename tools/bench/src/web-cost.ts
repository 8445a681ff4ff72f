import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { BrowserContext, CDPSession, Page, Request } from 'playwright-core';

// Where a screen's time goes (bench:web): the browser's main thread busy (Chromium's Performance.getMetrics
// TaskDuration: script, style, layout, paint), the time with at least one /filter call in flight and what the
// server took before its first byte, and the requests the screen made. What is left of the wall time is
// waiting on nothing of this page (timers, animation frames, the machine's other work).
// On a machine other engineers load, wall times say little of a quiet machine: the CPU time the browser's
// processes and the server's process spent on the screen does (read from /proc; the sum is an upper bound of a
// quiet machine's time, less the network, which is on this machine anyway).

export interface Cost {
  /** main thread busy, ms */
  busy: number;
  /** of which running scripts, ms */
  script: number;
  /** of which style recalculation and layout, ms */
  style: number;
  /** some /filter call in flight, ms (union of their intervals) */
  api: number;
  /** the longest chain of /filter calls one after another, by the server's time to first byte, ms */
  server: number;
  /** CPU time of the browser's processes (every Chromium process this bench started), ms */
  browserCpu: number;
  /** CPU time of the server's process (all its threads), ms */
  serverCpu: number;
  /** every request the screen made (documents, scripts, calls) */
  requests: number;
  /** the /filter calls, in order, with their time in flight: `POST /api/… 123` */
  calls: string[];
}

interface Flight {
  url: string;
  method: string;
  start: number;
  end: number;
  ttfb: number;
}

/** utime + stime of a process (all its threads) in ms; 0 when it is gone. */
function cpuOf(pid: number): number {
  try {
    // the fields after the command's closing parenthesis: state is field 3, utime 14, stime 15
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** Every process below `root` (this bench's Chromium and its helpers). */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [c, pp] of parent) {
      if (pp !== p) continue;
      out.push(c);
      walk(c);
    }
  };
  walk(root);
  return out;
}

/** The process listening on the server's port (e2e/run.mjs starts it apart from this one). */
function serverPid(url: string): number | null {
  const port = new URL(url).port;
  try {
    const line = execSync(`ss -ltnpH 'sport = :${port}'`).toString();
    return Number(/pid=(\d+)/.exec(line)?.[1]) || null;
  } catch {
    return null;
  }
}

/** Watches one page: `measure(act)` runs `act` and answers its wall time and its cost. */
export async function costMeter(context: BrowserContext, page: Page, baseUrl: string) {
  const server = serverPid(baseUrl);
  const cpu = () => ({
    browser: new Map(descendants(process.pid).map((p) => [p, cpuOf(p)])),
    server: server ? cpuOf(server) : 0,
  });
  // a process started during the screen (a new renderer) counts whole; one gone meanwhile is missed
  const spent = (a: Map<number, number>, b: Map<number, number>) =>
    [...b].reduce((s, [p, t]) => s + t - (a.get(p) ?? 0), 0);
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () => {
    const { metrics: m } = await cdp.send('Performance.getMetrics');
    const of = (name: string) => (m.find((x) => x.name === name)?.value ?? 0) * 1000;
    return {
      busy: of('TaskDuration'),
      script: of('ScriptDuration'),
      style: of('RecalcStyleDuration') + of('LayoutDuration'),
    };
  };
  let flights: Flight[] = [];
  let count = 0;
  const started = new Map<Request, number>();
  page.on('request', (r) => {
    count++;
    started.set(r, performance.now());
  });
  const done = (r: Request) => {
    const start = started.get(r);
    started.delete(r);
    if (start === undefined || !r.url().includes('/filter/')) return;
    const t = r.timing();
    flights.push({
      url: new URL(r.url()).pathname.replace(/^\/filter/, ''),
      method: r.method(),
      start,
      end: performance.now(),
      ttfb: t.responseStart > 0 && t.requestStart >= 0 ? t.responseStart - t.requestStart : 0,
    });
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);

  /** `profile`: the main thread's CPU profile of `act` is written there (Chrome DevTools opens it). */
  return async function measure(
    act: () => Promise<unknown>,
    profile?: string,
  ): Promise<{ ms: number; cost: Cost }> {
    flights = [];
    count = 0;
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const before = await metrics();
    const cpu0 = cpu();
    const t0 = performance.now();
    await act();
    const ms = performance.now() - t0;
    const cpu1 = cpu();
    const after = await metrics();
    if (profile) writeFileSync(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const mine = flights.filter((f) => f.start >= t0).sort((a, b) => a.start - b.start);
    return {
      ms,
      cost: {
        busy: grew(before.busy, after.busy),
        script: grew(before.script, after.script),
        style: grew(before.style, after.style),
        browserCpu: spent(cpu0.browser, cpu1.browser),
        serverCpu: cpu1.server - cpu0.server,
        api: union(mine),
        server: serverChain(mine),
        requests: count,
        calls: mine.map((f) => `${f.method} ${f.url} ${Math.round(f.end - f.start)}`),
      },
    };
  };
}

/** A counter's growth; a page loaded anew starts its counters again from 0. */
const grew = (before: number, after: number) => (after >= before ? after - before : after);

/** Length of the union of the intervals. */
function union(xs: Flight[]): number {
  let total = 0;
  let end = -Infinity;
  for (const x of xs) {
    if (x.end <= end) continue;
    total += x.end - Math.max(x.start, end);
    end = x.end;
  }
  return total;
}

/**
 * The server's share of the wait: calls overlapping in time count once (the longest of them), calls one after
 * another add up.
 */
function serverChain(xs: Flight[]): number {
  let total = 0;
  let groupEnd = -Infinity;
  let groupMax = 0;
  for (const x of xs) {
    if (x.start >= groupEnd) {
      total += groupMax;
      groupMax = 0;
    }
    groupMax = Math.max(groupMax, x.ttfb);
    groupEnd = Math.max(groupEnd, x.end);
  }
  return total + groupMax;
}
