// npm run bench:acard — how long the online card designer (在线答题卡, acard/template/create) takes to open in
// the real page: Debian Chromium against the real server that e2e/run.mjs starts (fresh data, the demo seeded),
// from the navigation to the designer ready with its first preview drawn. Beside it, measured in the same run
// and the same way, the yardstick: opening the home page until 我的考试 lists its exams. Medians of ROUNDS
// opens, interleaved; one waterfall of the designer's requests (server time, bytes) shows where the time goes.
import { execSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import type { Page, Request } from 'playwright-core';
import {
  APP,
  demoSubject,
  loginAsSchoolAdmin,
  openBrowser,
  waitForExamList,
  type Session,
} from '../../../e2e/lib.ts';
import { setAcardStructure } from './acard-structure.ts';

const ROUNDS = 9;
const SUBJECT = '数学';

let s: Session;
before(async () => {
  s = await openBrowser();
});
after(async () => {
  await s.close();
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The designer is ready: its form and the first preview page drawn, no preview request still spinning. */
async function designerReady(page: Page): Promise<void> {
  await page.getByTestId('acard-designer').waitFor({ timeout: 60_000 });
  await page.getByTestId('card-page').first().waitFor({ timeout: 60_000 });
  await page
    .locator('[data-testid="card-preview"] .ant-spin-spinning')
    .waitFor({ state: 'detached', timeout: 60_000 });
}

async function timed(open: () => Promise<void>): Promise<number> {
  const t = performance.now();
  await open();
  return performance.now() - t;
}

interface Row {
  url: string;
  start: number;
  ms: number;
  bytes: number;
}

/** Every request of one open: when it started after the navigation, how long it took, and its body's size. */
async function waterfall(page: Page, open: () => Promise<void>): Promise<Row[]> {
  const rows: Row[] = [];
  const t0 = Date.now();
  const done = async (r: Request) => {
    const timing = r.timing();
    const res = await r.response();
    const sizes = await r.sizes().catch(() => ({ responseBodySize: 0 }));
    rows.push({
      url: r
        .url()
        .replace(/^https?:\/\/[^/]+/, '')
        .slice(0, 90),
      start: Math.round(timing.startTime - t0),
      ms: Math.round(timing.responseEnd),
      bytes: res ? Math.max(0, sizes.responseBodySize) : 0,
    });
  };
  page.on('requestfinished', done);
  await open();
  await page.waitForTimeout(200);
  page.off('requestfinished', done);
  return rows.sort((a, b) => a.start - b.start);
}

test('the online card designer opens', { timeout: 600_000 }, async () => {
  const { page } = s;
  await loginAsSchoolAdmin(page);
  const subject = await demoSubject(page, SUBJECT);
  // the structure the acard journey uses: 12 单选 × 5 + five subjective questions
  await setAcardStructure(page, subject.id);
  const designer = `${APP}/book/subject/${subject.id}/acard/template/create`;
  const cardHome = `${APP}/book/subject/${subject.id}/acard/template/home`;
  const openDesigner = async () => {
    await page.goto(designer);
    await designerReady(page);
  };
  const openHome = async () => {
    await page.goto(`${APP}/book/home`);
    await waitForExamList(page);
  };
  // in the app: from the card list, 新建 → the designer (the route's chunk and calls, no page load)
  const clickDesigner = async () => {
    await page.goto(cardHome);
    await page.getByTestId('new-acard').first().waitFor();
    const t = performance.now();
    await page.getByTestId('new-acard').first().click();
    await designerReady(page);
    return performance.now() - t;
  };
  // the first opens fill the browser's cache and the server's; they are reported, not counted
  const cold = { designer: await timed(openDesigner), home: await timed(openHome) };
  const home: number[] = [];
  const open: number[] = [];
  const click: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    home.push(await timed(openHome));
    open.push(await timed(openDesigner));
    click.push(await clickDesigner());
  }
  const rows = await waterfall(page, openDesigner);
  const assets = rows.filter((r) => r.url.includes('/assets/'));
  const calls = rows.filter((r) => !r.url.includes('/assets/'));
  const last = Math.max(...assets.map((r) => r.start + r.ms));
  const load = execSync('uptime').toString().trim();
  const f = (ms: number) => `${Math.round(ms)} ms`;
  const out = [
    `load: ${load}`,
    `first opens (cold cache): designer ${f(cold.designer)}, home ${f(cold.home)}`,
    `median of ${ROUNDS}: home (yardstick) ${f(median(home))} · designer by URL ${f(median(open))} · designer from 新建 ${f(median(click))}`,
    `ratio designer / home: ${(median(open) / median(home)).toFixed(2)} (by URL), ${(median(click) / median(home)).toFixed(2)} (from 新建)`,
    `all opens (ms): home ${home.map(Math.round).join(' ')} | designer ${open.map(Math.round).join(' ')} | 新建 ${click.map(Math.round).join(' ')}`,
    `one designer open: ${assets.length} scripts and styles, the last one in at +${last} ms (browser cache); its calls`,
    '(start after the navigation, duration, body bytes):',
    ...calls.map(
      (r) =>
        `  +${String(r.start).padStart(5)} ms ${String(r.ms).padStart(5)} ms ${String(r.bytes).padStart(8)} B  ${r.url}`,
    ),
  ];
  console.log(out.join('\n'));
});
