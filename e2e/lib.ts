import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { printedPicture, type typicalCard } from '@yj/scan-sim';
import { foreignWords } from '../tools/screen-words/src/words.ts';
import { watchContext } from './watch.ts';

/** Where run.mjs started the server; a developer may point the specs at their own. */
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';
export const APP = `${BASE_URL}/minions`;
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo@2026yj';
export const SCHOOL_ADMIN = '13800000001';
/**
 * Demo teachers whose password or sign-in state the platform journeys change. Other specs share the
 * server and its data, so they must pick other accounts.
 */
export const JOURNEY_ACCOUNTS = {
  wrongPassword: '13800000016',
  captcha: '13800000017',
  changesPassword: '13800000018',
  forgetsPassword: '13800000019',
  wrongCode: '13800000020',
} as const;

const SHOTS = path.join(path.dirname(new URL(import.meta.url).pathname), 'screenshots');
mkdirSync(SHOTS, { recursive: true });

export interface Session {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** console errors and uncaught page errors seen so far */
  errors: string[];
  close: () => Promise<void>;
}

/**
 * A browser context as every journey's person uses it: a school PC's screen, Chinese, Beijing time, and reduced
 * motion — the app then shows dialogs and lists without zooming or sliding in (reduced-motion.ts): a click on a
 * dialog's button while it still zoomed in landed beside the button (seen: the confirmation's 开始阅卷). Its
 * requests and clicks are watched for a failed test's report (watch.ts).
 */
export async function journeyContext(browser: Browser, label: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 800 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
  });
  await watchContext(context, label);
  return context;
}

/**
 * A phone in the journey's browser: 375 × 812, touch, Chinese, Beijing time (Chromium's mobile emulation); its
 * console errors count as the journey's.
 */
export async function phonePage(s: Session, label: string): Promise<Page> {
  const context = await s.browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
  });
  await watchContext(context, label);
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') s.errors.push(`${label}: ${m.text()}`);
  });
  page.on('pageerror', (e) => s.errors.push(`${label}: ${e.message}`));
  return page;
}

/**
 * Debian Chromium, never a downloaded browser. Playwright's launch() refuses a --user-data-dir
 * argument and always starts from a fresh temporary profile of its own, which is what we need.
 */
export async function openBrowser(): Promise<Session> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await journeyContext(browser, 'main');
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    // Refused calls (401-style envelopes still answer 200) never log; a red console line is a real bug.
    // Except one: the scan screen looking for a local scan agent that is not running (its empty state).
    if (m.type() === 'error' && !isAgentProbe(m.text(), m.location().url)) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return {
    browser,
    context,
    page,
    errors,
    close: async () => {
      await browser.close();
    },
  };
}

/**
 * The browser of a journey file: opened before its tests and closed after them; unless told otherwise, the file
 * fails on any console error its pages logged. The object's fields are there from the file's first test on.
 * What the file sets up with the browser goes in `setup`: a file's own top-level `before` hooks run alongside
 * this one (node:test starts them together), not after it.
 */
export function journeySession(
  o: { failOnConsoleErrors?: boolean; setup?: (s: Session) => Promise<void> } = {},
): Session {
  const s = {} as Session;
  before(async () => {
    Object.assign(s, await openBrowser());
    await o.setup?.(s);
  });
  after(async () => {
    await s.close?.();
    if (o.failOnConsoleErrors === false) return;
    for (const e of s.errors ?? []) console.log(`console error: ${e.slice(0, 300)}`);
    assert.deepEqual(s.errors ?? [], [], 'no console errors');
  });
  return s;
}

/** A refused connection to the local scan agent's /sm calls: the scan screen's "agent missing" state. */
function isAgentProbe(text: string, url: string): boolean {
  return text.includes('ERR_CONNECTION_REFUSED') && /^http:\/\/127\.0\.0\.1:\d+\/sm\//.test(url);
}

/** Full-page screenshot kept as e2e/screenshots/NAME.png. */
/** Where a screenshot of that name goes (for pictures `shot` does not take: a viewport, print media). */
export const shotPath = (name: string): string => path.join(SHOTS, `${name}.png`);

export async function shot(page: Page, name: string): Promise<void> {
  // Let transitions (modal zoom, progress bar fade) settle so the picture shows the real state.
  await page.waitForTimeout(400);
  // A sticky header would be painted mid-page in a full-page picture taken while scrolled.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  const foreign = foreignWords(await screenText(page));
  assert.deepEqual(foreign, [], `${name}: words on the screen that are not Chinese`);
}

/** A screen's text with its placeholders and tooltips: what a user reads on it. */
function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const texts = [document.body.innerText];
    for (const el of document.querySelectorAll('[placeholder], [title]'))
      texts.push(el.getAttribute('placeholder') ?? '', el.getAttribute('title') ?? '');
    return texts.join('\n');
  });
}

type SvgPoint = { x: number; y: number };

/**
 * Drags on an SVG drawing (by its test id) from one point to another, in the drawing's own units (its
 * viewBox: picture or template pixels), as a hand would: press, move in steps, release. The caller scrolls.
 */
export async function dragOnSvg(page: Page, testId: string, from: SvgPoint, to: SvgPoint): Promise<void> {
  const svg = page.getByTestId(testId);
  const box = await svg.boundingBox();
  assert.ok(box, `${testId} is on the page`);
  const [, , w, h] = ((await svg.getAttribute('viewBox')) ?? '').split(' ').map(Number);
  const at = (p: SvgPoint) => ({ x: box.x + (p.x / w!) * box.width, y: box.y + (p.y / h!) * box.height });
  const a = at(from);
  const b = at(to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

export async function login(page: Page, account: string, password: string): Promise<void> {
  await page.goto(`${APP}/login`);
  await page.getByPlaceholder('账号或手机号').fill(account);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  // By type, not by name: antd renders "登 录" and adds a spinner name while loading.
  await page.locator('form button[type=submit]').click();
}

/** Path of the page under /minions, e.g. "/login". */
export function appPath(page: Page): string {
  return new URL(page.url()).pathname.replace(/^\/minions/, '');
}

/** Signs in as the demo school administrator and waits for the home page. */
export async function loginAsSchoolAdmin(page: Page): Promise<void> {
  await login(page, SCHOOL_ADMIN, DEMO_PASSWORD);
  await page.waitForURL('**/minions/book/home');
  await page.getByTestId('welcome').waitFor();
}

/** Waits until the path under /minions is `expected`. */
export async function waitForPath(page: Page, expected: string): Promise<void> {
  await page.waitForURL((u) => u.pathname === `/minions${expected}`, { timeout: 15_000 });
}

/** The 我的考试 card has finished loading: either exam rows or the empty state. */
export async function waitForExamList(page: Page): Promise<void> {
  await page
    .locator('[data-testid="my-exams"] .ant-table-row, [data-testid="exams-empty"]')
    .first()
    .waitFor();
}

/** The seeded demo exam; specs that create an exam of their own put it in this exam's school and grade. */
export const DEMO_EXAM = '2026学年第一学期高一期中考试';

/** Calls the API as the signed-in page and returns the envelope's data; a non-zero code fails the test. */
export async function call<T>(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`${BASE_URL}/filter${url}`, {
    method,
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await res.json()) as { code: number; message: string; data: T };
  assert.equal(body.code, 0, `${url}: ${body.message}`);
  return body.data;
}

interface ExamRow {
  id: number;
  name: string;
  subjects: Array<{ id: number; name: string }>;
}

/** The demo exam as the school's exam list shows it, with its subjects. */
export async function demoExam(page: Page): Promise<ExamRow> {
  const list = await call<{ items: ExamRow[] }>(page, 'POST', '/api/exam/inSchool', { page: 1, size: 50 });
  const demo = list.items.find((e) => e.name === DEMO_EXAM);
  assert.ok(demo, 'the demo exam exists');
  return demo;
}

/** The demo exam's subject named `name`. */
export async function demoSubject(page: Page, name: string): Promise<{ id: number; name: string }> {
  const subject = (await demoExam(page)).subjects.find((x) => x.name === name);
  assert.ok(subject, `the demo exam has ${name}`);
  return subject;
}

export interface CreatedExam {
  examId: number;
  subjectId: number;
  schoolId: number;
  gradeId: number;
}

/** Creates an exam with one subject in the demo exam's school and grade. */
export async function createExamWithOneSubject(
  page: Page,
  exam: { name: string; startDate: string; course: string; fullScore: number },
): Promise<CreatedExam> {
  const demo = await demoExam(page);
  const demoDetail = await call<{ gradeId: number; schoolList: Array<{ id: number }> }>(
    page,
    'GET',
    `/api/exam/${demo.id}/detail`,
  );
  const schoolId = demoDetail.schoolList[0]!.id;
  const created = await call<{ id: number }>(page, 'POST', '/api/exam/singleCreate', {
    schoolId,
    name: exam.name,
    gradeId: demoDetail.gradeId,
    startDate: exam.startDate,
    subjects: [{ course: exam.course, fullScore: exam.fullScore }],
  });
  const detail = await call<{ subjects: Array<{ id: number; name: string }> }>(
    page,
    'GET',
    `/api/exam/${created.id}/detail`,
  );
  return { examId: created.id, subjectId: detail.subjects[0]!.id, schoolId, gradeId: demoDetail.gradeId };
}

/**
 * 题目设置's objective questions for the simulator's typical card, as its template reads them (1–30 单选 A–D,
 * 31–35 多选 A–E, 36–40 判断): `score` points each, keyed A, AC and 对. Another kind or option count is refused
 * at 开始阅卷 and publishing (the template would score it wrongly).
 */
export const typicalObjective = (score: number) =>
  Array.from({ length: 40 }, (_, i) => {
    const no = String(i + 1);
    if (i < 30) return { no, kind: 'single', options: 4, score, answer: 'A' };
    if (i < 35) return { no, kind: 'multi', options: 5, score, answer: 'AC' };
    return { no, kind: 'trueFalse', options: 2, score, answer: 'A' };
  });

/** An examinee as the exam's list gives it: their room (考场) as `examinees/add` assigned it, 30 a room. */
export interface ListedExaminee {
  id: number;
  kaohao: string;
  name: string;
  kaochang: string | null;
}

/**
 * Makes a created exam's subject ready for scanning: the grade's first class as examinees (numbers 2026…, rooms
 * of 30) and `card` as the subject's template. Returns the examinees, by exam number.
 */
export async function prepareScanSubject(
  page: Page,
  exam: CreatedExam,
  card: unknown,
): Promise<ListedExaminee[]> {
  const classes = await call<Array<{ id: number; name: string }>>(
    page,
    'POST',
    `/api/school/${exam.schoolId}/banjis`,
    { gradeId: exam.gradeId },
  );
  await call(page, 'POST', `/api/exam/${exam.examId}/examinees/add`, {
    classIds: [classes[0]!.id],
    rule: { kind: 'sequence', prefix: '2026', digits: 4 },
    roomSize: 30,
  });
  const examinees = await call<{ items: ListedExaminee[] }>(
    page,
    'POST',
    `/api/exam/${exam.examId}/examinees`,
    { page: 1, size: 200 },
  );
  await call(page, 'POST', `/api/subject/${exam.subjectId}/template`, { body: card });
  return [...examinees.items].sort((a, b) => a.kaohao.localeCompare(b.kaohao));
}

/**
 * A new exam of one subject (100 分) in the signed-in school admin's school, ready for scanning with `card`
 * (prepareScanSubject): the exam and its examinees by number.
 */
export async function newScanExam(
  page: Page,
  exam: { name: string; startDate: string; course: string },
  card: unknown,
): Promise<{ exam: CreatedExam; examinees: ListedExaminee[] }> {
  const created = await createExamWithOneSubject(page, { ...exam, fullScore: 100 });
  return { exam: created, examinees: await prepareScanSubject(page, created, card) };
}

/**
 * The card's pages as its template's pictures, as a card the product printed has them (scan-sim's print): what
 * writing and the printed blank are told from. Saved as a new template and made the one scans are read with.
 */
export async function giveCardPictures(page: Page, subjectId: number, card: ReturnType<typeof typicalCard>) {
  const pages = [];
  for (const p of card.pages) {
    const jpeg = await printedPicture(p, card.id, card.name, p.dpi);
    const res = await page.request.fetch(
      `${BASE_URL}/filter/api/subject/${subjectId}/template/image?dpi=${p.dpi}&page=0`,
      {
        method: 'POST',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        multipart: { file: { name: `第${p.index + 1}页.jpg`, mimeType: 'image/jpeg', buffer: jpeg } },
      },
    );
    const up = (await res.json()) as { code: number; message: string; data: { key: string } };
    assert.equal(up.code, 0, up.message);
    pages.push({ ...p, image: up.data.key });
  }
  // saved as a new template and made the one scans are read with (设为扫描模板)
  const saved = await call<{ id: number }>(page, 'POST', `/api/subject/${subjectId}/template`, {
    body: { ...card, pages },
  });
  await call(page, 'POST', `/api/subject/${subjectId}/template/${saved.id}/active`);
}

/** Waits until the 识别异常 screen's badge `key` (kaohaoExp, otherExp …) counts `n` open exceptions. */
export async function badgeCounts(page: Page, key: string, n: number): Promise<void> {
  await page.waitForFunction(
    ([key, n]) => document.querySelector(`[data-testid="badge-${key}"]`)?.getAttribute('data-count') === n,
    [key, String(n)] as const,
    { timeout: 60_000 },
  );
}

/** Scanned pages written as a scanner leaves them (0001.jpg …, in scan order) in a new folder: their paths. */
export function scannedFiles(label: string, pages: Uint8Array[]): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), `yj-e2e-${label}-`));
  return pages.map((data, i) => {
    const f = path.join(dir, `${String(i + 1).padStart(4, '0')}.jpg`);
    writeFileSync(f, data);
    return f;
  });
}

/**
 * Uploads `files` on the subject's 上传答题卡 screen, as a person does, and waits until the upload says
 * `papers` 份答题卡 and the batch list shows every page recognised.
 */
export async function uploadScans(
  page: Page,
  subjectId: number,
  files: string[],
  papers: number,
): Promise<void> {
  await page.goto(`${APP}/book/subject/${subjectId}/answerCard`);
  await page.getByTestId('scan-upload').waitFor();
  await page.locator('input[type=file]').setInputFiles(files);
  await page.getByTestId('scan-send').click();
  const n = files.length;
  await page
    .getByTestId('scan-upload-done')
    .getByText(`上传成功：${n} 页，${papers} 份答题卡进入识别`)
    .waitFor();
  await page.locator('.ant-table-row', { hasText: `${n}/${n}` }).waitFor({ timeout: 90_000 });
}

/**
 * An option of this select's own dropdown (another one may still be closing, listing the same people): antd
 * names the list after the select's input id.
 */
export async function optionOf(page: Page, select: Locator, text: string): Promise<Locator> {
  // the select, or its input as getByLabel finds it
  const id = await select.evaluate((el) => (el.matches('input') ? el : el.querySelector('input'))?.id ?? '');
  return page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${id}_list"]`) })
    .locator('.ant-select-item-option')
    .filter({ hasText: text })
    .first();
}

/**
 * The default SMS provider writes messages to the server log (run.mjs passes it as E2E_SERVER_LOG): the latest
 * code sent to a phone, waited for a few seconds; undefined without the log.
 */
export async function smsCodeFromLog(page: Page, phone: string): Promise<string | undefined> {
  const file = process.env.E2E_SERVER_LOG;
  if (!file) return undefined;
  const pattern = new RegExp(`${phone}[^\\n]*?验证码为 (\\d{6})`, 'g');
  for (let i = 0; i < 20; i++) {
    const code = [...readFileSync(file, 'utf8').matchAll(pattern)].at(-1)?.[1];
    if (code) return code;
    await page.waitForTimeout(250);
  }
  return undefined;
}
