// npm run bench:web — issue 31, point 12: the screens a school's setup waits on, in the real page (Debian Chromium
// against the real server e2e/run.mjs starts, fresh data, the demo seeded): login → home, the online card's
// 下载 PDF and 保存为模板, 添加考生 (the grade's classes) on an exam's examinee step, the report page and each of
// its tabs. The yardstick, measured in the same run and interleaved with the screens: the same addresses'
// bare HTML load (a browser context with scripts off, navigation until `load`). Medians of ROUNDS, each screen
// as a ratio to its page's bare load; the issue's target is every screen and save under 1 s on a quiet machine.
// Beside each, where its time went (web-cost.ts): the browser's main thread busy, /filter calls in flight and the
// server's part of them. BENCH_ROUNDS (default 5) and BENCH_ONLY (words of screen names, comma-separated) narrow
// a run while working on one screen; BENCH_CALLS=1 lists each screen's calls of its last round; BENCH_PROFILE=DIR
// writes each screen's main-thread CPU profile of its last round there (open in Chrome DevTools).
import { execSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import {
  APP,
  createExamWithOneSubject,
  DEMO_PASSWORD,
  demoSubject,
  loginAsSchoolAdmin,
  openBrowser,
  SCHOOL_ADMIN,
  waitForExamList,
  type Session,
} from '../../../e2e/lib.ts';
import { setAcardStructure } from './acard-structure.ts';
import { publishedExam } from '../../../e2e/report-lib.ts';
import { costMeter, type Cost } from './web-cost.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const PROFILES = process.env.BENCH_PROFILE;
if (PROFILES) mkdirSync(PROFILES, { recursive: true });
const wanted = (name: string) => !ONLY.length || ONLY.some((w) => name.includes(w));

let s: Session;
let bare: BrowserContext;
before(async () => {
  s = await openBrowser();
  bare = await s.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1366, height: 768 } });
});
after(async () => {
  await s.close();
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Milliseconds from the start of `act` to its end. */
async function timed(act: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await act();
  return performance.now() - t;
}

/** The page's bare HTML: the document and what it names, no script run. */
async function bareLoad(url: string): Promise<number> {
  const page = await bare.newPage();
  try {
    return await timed(() => page.goto(url, { waitUntil: 'load' }));
  } finally {
    await page.close();
  }
}

/** Nothing in the page is loading any more: no spinner, skeleton or loading card; then one frame painted. */
async function settled(page: Page): Promise<void> {
  await page
    .locator('.ant-spin-spinning, .ant-skeleton, .ant-card-loading, .ant-btn-loading')
    .first()
    .waitFor({ state: 'detached', timeout: 60_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

interface Screen {
  name: string;
  /** the page whose bare HTML load is this screen's yardstick */
  url: string;
  /** made ready before the clock starts (not counted) */
  prepare?: () => Promise<void>;
  /** what the clock measures */
  run: () => Promise<void>;
}

test('a teacher’s screens against their bare HTML load', { timeout: 1_800_000 }, async () => {
  const { page, context } = s;
  await loginAsSchoolAdmin(page);

  // the report: a published exam of three classes (the reports journey's, lighter)
  const tabs = [
    '班级对比',
    '一分一段',
    '分数分布',
    '试题分析',
    '等级与临界生',
    '试卷讲评',
    '学生成绩',
    '进退步',
  ];
  const report = ['打开', ...tabs].some((t) => wanted(`成绩报表 ${t}`))
    ? (
        await publishedExam(page, {
          name: '2026学年报表测速考试',
          startDate: '2026-11-21',
          prefix: '2031',
          seed: 211,
          perClass: 2,
        })
      ).exam
    : { examId: 0 };
  const reportUrl = `${APP}/book/report_forms/${report.examId}`;

  // the online card: the acard journey's structure on the demo 数学
  const math = await demoSubject(page, '数学');
  await setAcardStructure(page, math.id);
  const designer = `${APP}/book/subject/${math.id}/acard/template/create`;
  const designerReady = async () => {
    await page.goto(designer);
    await page.getByTestId('card-page').first().waitFor({ timeout: 60_000 });
    await settled(page);
  };

  // 添加考生: a new exam each round, its examinee step opened and the dialog's preview drawn before the clock
  let added = 0;
  let examineeUrl = `${APP}/book/singleCreateExam`;
  const prepareExaminees = async () => {
    const e = await createExamWithOneSubject(page, {
      name: `2026学年考生测速考试${Date.now()}`,
      startDate: '2026-12-01',
      course: '语文',
      fullScore: 150,
    });
    examineeUrl = `${APP}/book/singleCreateExam?examId=${e.examId}`;
    await page.goto(examineeUrl);
    await page.getByText('还没有考生').waitFor();
    await page.getByRole('button', { name: '添加考生' }).first().click();
    await page.getByRole('dialog', { name: '添加考生' }).getByTestId('kaohao-preview').waitFor();
    await settled(page);
  };
  const addExaminees = async () => {
    const button = page
      .getByRole('dialog', { name: '添加考生' })
      .getByRole('button', { name: /添加 \d+ 名考生/ });
    added = Number(/添加 (\d+) 名考生/.exec(await button.innerText())?.[1] ?? 0);
    await button.click();
    await page.locator('[data-testid="examinee-table"] .ant-table-row').first().waitFor({ timeout: 60_000 });
    await settled(page);
  };

  const all: Screen[] = [
    {
      name: '登录 → 首页',
      url: `${APP}/login`,
      prepare: async () => {
        await context.clearCookies();
        await page.goto(`${APP}/login`);
        await page.getByPlaceholder('账号或手机号').fill(SCHOOL_ADMIN);
        await page.getByPlaceholder('密码', { exact: true }).fill(DEMO_PASSWORD);
      },
      run: async () => {
        await page.locator('form button[type=submit]').click();
        await page.waitForURL('**/minions/book/home');
        await waitForExamList(page);
        await settled(page);
      },
    },
    {
      name: '答题卡 下载 PDF',
      url: designer,
      prepare: designerReady,
      run: async () => {
        await Promise.all([
          page.waitForEvent('download', { timeout: 60_000 }),
          page.getByRole('button', { name: '下载 PDF' }).click(),
        ]);
      },
    },
    {
      name: '答题卡 保存为模板',
      url: designer,
      prepare: designerReady,
      run: async () => {
        await page.getByRole('button', { name: '保存为模板' }).click();
        // from the second round on the subject has its card: 覆盖保存 is asked (the clock runs through it)
        const ask = page.locator('.ant-modal-confirm').getByRole('button', { name: '覆盖保存' });
        const saved = page.locator('.ant-message-notice', { hasText: '已保存为模板' });
        await Promise.race([ask.waitFor(), saved.waitFor()]);
        if (await ask.isVisible()) await ask.click();
        await saved.waitFor({ timeout: 60_000 });
        await page.waitForURL(/templateId=\d+/);
      },
    },
    {
      name: '添加考生',
      url: `${APP}/book/singleCreateExam`,
      prepare: prepareExaminees,
      run: addExaminees,
    },
    {
      name: '成绩报表 打开',
      url: reportUrl,
      prepare: async () => {
        await page.goto(`${APP}/book/home`);
        await waitForExamList(page);
      },
      run: async () => {
        await page.goto(reportUrl);
        await page
          .getByTestId('report-overview')
          .getByText('实考', { exact: true })
          .waitFor({ timeout: 60_000 });
        await page.getByTestId('chart-overview').locator('canvas').waitFor();
        await settled(page);
      },
    },
    ...tabs.map((tab): Screen => ({
      name: `成绩报表 ${tab}`,
      url: reportUrl,
      prepare: async () => {
        await page.goto(reportUrl);
        await page.getByTestId('report-overview').getByText('实考', { exact: true }).waitFor();
        await settled(page);
      },
      run: async () => {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('tab', { name: tab, selected: true }).waitFor();
        await settled(page);
      },
    })),
  ];

  const screens = all.filter((x) => wanted(x.name));
  const measure = await costMeter(context, page, APP);
  const times = new Map<string, number[]>(screens.map((x) => [x.name, []]));
  const costs = new Map<string, Cost[]>(screens.map((x) => [x.name, []]));
  const bares = new Map<string, number[]>();
  // the first round fills the browser's and the server's caches: reported, not counted
  const cold = new Map<string, number>();
  for (let round = 0; round <= ROUNDS; round++) {
    for (const screen of screens) {
      await screen.prepare?.();
      const profile = PROFILES && round === ROUNDS ? `${PROFILES}/${screen.name}.cpuprofile` : undefined;
      const { ms, cost } = await measure(screen.run, profile);
      const b = await bareLoad(screen.url);
      if (round === 0) {
        cold.set(screen.name, ms);
        continue;
      }
      times.get(screen.name)!.push(ms);
      costs.get(screen.name)!.push(cost);
      bares.set(screen.url, [...(bares.get(screen.url) ?? []), b]);
    }
  }

  const f = (ms: number) => `${Math.round(ms)} ms`.padStart(8);
  const allBare = median([...bares.values()].flat());
  const rows = screens.map((x) => {
    const m = median(times.get(x.name)!);
    const y = median(bares.get(x.url)!);
    const over = m > 1000 ? ' (> 1 s)' : '';
    return `  ${f(m)}  bare ${f(y)}  ratio ${(m / y).toFixed(1).padStart(5)}  cold ${f(cold.get(x.name)!)}  ${x.name}${over}`;
  });
  const split = screens.map((x) => {
    const c = costs.get(x.name)!;
    const of = (k: Exclude<keyof Cost, 'calls'>) => median(c.map((y) => y[k]));
    const quiet = median(c.map((y) => y.browserCpu + y.serverCpu));
    return `  ${f(of('busy'))} busy (script ${f(of('script'))}, style+layout ${f(of('style'))})  api ${f(of('api'))}  server ${f(of('server'))}  ${String(of('requests')).padStart(3)} requests  cpu: browser ${f(of('browserCpu'))} server ${f(of('serverCpu'))} sum ${f(quiet)}${quiet > 1000 ? ' (> 1 s)' : ''}  ${x.name}`;
  });
  const calls = process.env.BENCH_CALLS
    ? screens.map((x) => `  ${x.name}: ${costs.get(x.name)!.at(-1)!.calls.join(' → ')}`)
    : [];
  console.log(
    [
      `load: ${execSync('uptime').toString().trim()}`,
      `median of ${ROUNDS} rounds (screens interleaved, each followed by its page's bare HTML load, scripts off):`,
      ...rows,
      'where the time went (medians): main thread busy, a /filter call in flight, the server before its first byte;',
      'CPU time the browser and the server spent (their sum: at most what a quiet machine takes, less the network):',
      ...split,
      ...calls,
      `yardstick: bare HTML load, median over all pages ${f(allBare)}`,
      `添加考生 added ${added} examinees a round`,
      `all opens (ms): ${screens.map((x) => `${x.name} ${times.get(x.name)!.map(Math.round).join(' ')}`).join(' | ')}`,
    ].join('\n'),
  );
});
