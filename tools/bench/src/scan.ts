// npm run bench:scan — simulated pages uploaded through the real API (multipart, app.inject) and recognised by
// the embedded defaults (PGlite, in-process queue, local files), beside a yardstick measured in the same run:
// the engine alone (decode + recognizePage, one page after another) on a sample of the same pages.
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, eq, sql } from 'drizzle-orm';
import { Piscina } from 'piscina';
import { SIM_VERSION } from '@yj/scan-sim';
import { buildApp } from '../../../apps/server/src/app';
import { loadConfig } from '../../../apps/server/src/config';
import { paper, scanException, scanPage } from '../../../apps/server/src/db/schema';
import { openPglite } from '../../../apps/server/src/infra/db';
import { JOB_CONCURRENCY, memoryQueue } from '../../../apps/server/src/infra/queue';
import { fsStorage } from '../../../apps/server/src/infra/storage';
import { multipart, pageFiles, seedScanWorld } from './scan-world';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '2000' },
    sample: { type: 'string', default: '200' },
    chunk: { type: 'string', default: '50' },
    set: { type: 'string', default: `bench-out/omr/v${SIM_VERSION}-typical-s4` },
  },
});
const PAGES = Number(args.pages) - (Number(args.pages) % 2);
const CHUNK = Number(args.chunk) - (Number(args.chunk) % 2);
const setDir = path.resolve(args.set);
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

const files = await pageFiles(setDir, PAGES);
const truths = await Promise.all(
  files.filter((_, i) => i % 2 === 0).map(async (f) => JSON.parse(await readFile(`${f}.json`, 'utf8'))),
);
const kaohaos = [...new Set(truths.map((t: { answers: { examNumber: string } }) => t.answers.examNumber))];

// yardstick: the engine alone (decode + recognise) on a sample, on as many threads as the server's pool
const threads = os.availableParallelism();
const sample = files.slice(0, Math.min(Number(args.sample), files.length));
// Measured before and after the end-to-end run: the machine is shared, and a yardstick taken on a quiet
// minute beside a run on a busy one (or the reverse) misstates the ratio; the mean of the two brackets it.
async function engineAlone(): Promise<number> {
  const engine = new Piscina({
    filename: new URL('./omr-worker.ts', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
  });
  await Promise.all(sample.slice(0, 2 * threads).map((f) => engine.run({ file: f, mode: 'full' })));
  const start = performance.now();
  await Promise.all(sample.map((f) => engine.run({ file: f, mode: 'full' })));
  const rate = sample.length / ((performance.now() - start) / 1000);
  await engine.destroy();
  return rate;
}
const engineBefore = await engineAlone();

// a school, an exam with one subject, its template and the examinees
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-bench-scan-'));
const database = await openPglite({ dataDir: path.join(dir, 'db') });
await database.migrate();
const db = database.db;
const { subjectId } = await seedScanWorld(db, { kaohaos, account: 'bench', password: 'Bench2026x' });

const queue = memoryQueue(
  { error: (obj, msg) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`) },
  JOB_CONCURRENCY,
);
const config = loadConfig({ DATA_DIR: dir, WEB_DIST: path.join(dir, 'no-web') });
const app = await buildApp(config, {
  database,
  queue,
  storage: fsStorage(path.join(dir, 'files')),
  sms: { send: async () => {} },
});
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/filter/yue/user/login',
  headers: XHR,
  payload: { account: 'bench', password: 'Bench2026x' },
});
const cookie = `yx_sid=${login.json().data.token}`;

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
const queued = async () =>
  Number((await db.select({ n: count() }).from(scanPage).where(eq(scanPage.status, 'queued')))[0]!.n);

const t0 = performance.now();
for (let i = 0; i < files.length; i += CHUNK) {
  const chunk = await Promise.all(
    files
      .slice(i, i + CHUNK)
      .map(async (f) => ({ name: `${path.basename(f)}.jpg`, data: await readFile(`${f}.jpg`) })),
  );
  const m = multipart(chunk);
  const res = await app.inject({
    method: 'POST',
    url: `/filter/api/subject/${subjectId}/answerCard`,
    headers: { ...XHR, cookie, 'content-type': m.type },
    payload: m.payload,
  });
  if (res.json().code !== 0) throw new Error(res.json().message);
}
const uploaded = performance.now();
while ((await queued()) > 0) await new Promise((r) => setTimeout(r, 200));
const finished = performance.now();
clearInterval(sampler);

const e2eRate = files.length / ((finished - t0) / 1000);
const engineAfter = await engineAlone();
const engineRate = (engineBefore + engineAfter) / 2;
const [papers] = await db
  .select({
    n: count(),
    matched: sql<number>`(count(*) filter (where ${paper.examineeId} is not null))::int`,
  })
  .from(paper);
const byType = await db
  .select({ type: scanException.type, n: count() })
  .from(scanException)
  .groupBy(scanException.type);
const f1 = (n: number) => n.toFixed(1);
process.stdout.write(
  [
    `bench:scan — ${files.length} pages (typical, A3 200 dpi), upload in requests of ${CHUNK} pages, PGlite + in-process queue`,
    `  end-to-end (upload + recognition): ${f1(e2eRate)} pages/s  (${f1((finished - t0) / 1000)} s)`,
    `  engine alone (decode + recognize, ${sample.length} pages on ${threads} threads, same run): ${f1(engineRate)} pages/s  (before ${f1(engineBefore)}, after ${f1(engineAfter)})`,
    `  ratio end-to-end / engine: ${(e2eRate / engineRate).toFixed(2)}  (goal ≥ 0.9)`,
    `  last upload → last result: ${f1((finished - uploaded) / 1000)} s`,
    `  peak memory (server and bench in one process): ${Math.round(peak / 1024 / 1024)} MB`,
    `  papers ${papers!.n}, matched ${papers!.matched}; exceptions ${byType.map((x) => `${x.type} ${x.n}`).join(', ') || 'none'}`,
  ].join('\n') + '\n',
);
await app.close();
await queue.close();
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
