// Round trips to PostgreSQL of a recognised paper (issue 35), counted, not timed (CPU per page lives in
// `npm run bench:scan -- --pg embedded`), and the attempts a page keeps across jobs that fail.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSet, typicalCard, type GeneratedSheet } from '@yj/scan-sim';
import { paper, scanException, scanPage } from '../../../db/schema';
import type { JobHandler, JobQueue } from '../../../infra/queue';
import { fsStorage } from '../../../infra/storage';
import { scanJobDeps } from '../scan.module';
import { scanJobs } from './scan.jobs';
import { body, testApp, type Client, type TestApp } from '../../../../test/app';
import { postScans } from '../../../../test/multipart';
import { buildScanScene } from '../../../../test/scan';
import { stillClock } from '../../../../test/still-clock';

/** The app's queue, holding its jobs until the test runs them (the app's own handlers, on the app's pool). */
function heldQueue() {
  const handlers = new Map<string, JobHandler>();
  const held: Array<{ name: string; payload: unknown }> = [];
  const queue: JobQueue = {
    kind: 'memory',
    register: (name, handler) => void handlers.set(name, handler),
    enqueue: async (name, payload) => void held.push({ name, payload }),
    ping: async () => true,
    close: async () => {},
  };
  const take = (name: string) => {
    const jobs = held.filter((j) => j.name === name);
    held.splice(0, held.length, ...held.filter((j) => j.name !== name));
    return jobs.map((j) => () => handlers.get(name)!(j.payload));
  };
  return { queue, take };
}

let t: TestApp;
let letGo: (() => void) | undefined;
let admin: Client;
let subjectId: number;
let sheets: GeneratedSheet[];
const card = typicalCard();
const held = heldQueue();

// Both drivers send every statement, prepared or not, through these (marking-cost.test.ts).
const counted = [pg.Client.prototype, PGlite.prototype] as Array<{ query: (...a: unknown[]) => unknown }>;
const originals = counted.map((proto) => proto.query);
async function statementsOf<T>(send: () => Promise<T>): Promise<{ texts: string[]; out: T }> {
  const texts: string[] = [];
  counted.forEach((proto, i) => {
    proto.query = function (this: unknown, ...a: unknown[]) {
      const q = a[0] as string | { text?: string };
      texts.push(typeof q === 'string' ? q : (q?.text ?? ''));
      return originals[i]!.apply(this, a);
    };
  });
  try {
    return { texts, out: await send() };
  } finally {
    counted.forEach((proto, i) => (proto.query = originals[i]!));
  }
}

const pagesOfPaper = (paperId: number) =>
  t.database.db.select().from(scanPage).where(eq(scanPage.paperId, paperId)).orderBy(scanPage.position);

async function uploadPaper(sheet: number): Promise<number> {
  const files = sheets.slice(sheet * 2, sheet * 2 + 2).map((s) => ({ name: `${s.name}.jpg`, data: s.jpeg }));
  const res = body<{ papers: number }>(await postScans(t.app, admin.cookie, subjectId, files));
  expect(res.code, res.message).toBe(0);
  const [row] = await t.database.db
    .select({ id: paper.id })
    .from(paper)
    .where(eq(paper.subjectId, subjectId))
    .orderBy(paper.id)
    .offset(sheet);
  return row!.id;
}

beforeAll(async () => {
  letGo = stillClock();
  t = await testApp({}, undefined, undefined, async () => held.queue);
  sheets = await Promise.all(
    [0, 1, 2, 3].map((i) => generateSet(card, i, { seed: 35, difficulty: 'clean' })),
  );
  const opts = { name: '识别成本', course: '数学', fullScore: 150 };
  const kaohaos = [sheets[0]!, sheets[2]!].map((s) => s.truth.answers.examNumber!);
  ({ admin, subjectId } = await buildScanScene(t, card, opts, kaohaos));
}, 120_000);

afterAll(async () => {
  counted.forEach((proto, i) => (proto.query = originals[i]!));
  letGo?.();
  await t?.close();
});

describe('a recognised paper', () => {
  it('reads its two pages and counts their attempts in one statement, and writes their results in one', async () => {
    const paperId = await uploadPaper(0);
    const [job, ...more] = held.take('scan.recognize');
    expect(more).toHaveLength(0);
    const { texts, out } = await statementsOf(job!);
    expect(out).toBe('done');
    const [row] = await t.database.db.select().from(paper).where(eq(paper.id, paperId));
    expect(row).toMatchObject({ status: 'ok', kaohao: sheets[0]!.truth.answers.examNumber });
    expect(row!.examineeId).not.toBeNull();
    expect((await pagesOfPaper(paperId)).map((p) => [p.attempts, p.status])).toEqual([
      [1, 'recognised'],
      [1, 'recognised'],
    ]);
    // before: the pages read, then one bump a page (3 statements for 2 pages)
    expect(texts.filter((q) => q.includes('"attempts" + 1'))).toHaveLength(1);
    // (a read of the pages themselves: the batch's sheets look into scan_page only inside a subquery)
    expect(texts.filter((q) => /^select [^()]* from "scan_page"/s.test(q))).toHaveLength(0);
    // the pages' results in one write (it was one a page)
    expect(texts.filter((q) => /update "scan_page" set status = x\.s/.test(q))).toHaveLength(1);
    expect(texts.filter((q) => q.startsWith('update "scan_page" set "template_page"'))).toHaveLength(0);
    // begin travels with the paper's lock and commit with the batch's close (infra/pipeline.ts)
    expect(texts.filter((q) => /^begin;\s*select p\.status, p\.deleted_at/.test(q))).toHaveLength(1);
    expect(texts.filter((q) => /update "scan_batch" set state = 'done'.*;\s*commit$/s.test(q))).toHaveLength(
      1,
    );
    // the objective scores read the paper, the subject, its key and its blocks in one statement (it was five)
    expect(texts.filter((q) => q.includes("set_config('jit', 'off', true)"))).toHaveLength(1);
    expect(
      texts.filter((q) => /set local jit|from "question" where|select "id" from "block" where/.test(q)),
    ).toHaveLength(0);
    // the last paper of its batch reads the batch's sheets for the room-order check (room-order.ts), once
    expect(texts.filter((q) => /select p\.id as "paperId", p\.kaohao, s\.name/.test(q))).toHaveLength(1);
    // The whole job is 14 statements (bench:scan prints them all): context, template and blocks (both cached for
    // the next papers), attempts; begin with the locks of the paper and its batch, the 考号 match (2: the lock,
    // then the examinee's other paper and 缺考), the pages, the paper; the objective scores (3); the batch's sheets
    // (its last paper only); the batch with commit. Not held as a total here: the app's timers (the score queue's
    // sweeps) send statements of their own at any moment.
  }, 120_000);

  it('gives a page up as an image exception after five failed attempts, counted once a job', async () => {
    const paperId = await uploadPaper(1);
    held.take('scan.recognize');
    // a pool whose every run fails as a crashed thread does: the job fails and the queue would retry it
    const broken = {
      run: () => Promise.reject(new Error('线程异常退出')),
      print: () => Promise.reject(new Error('线程异常退出')),
      close: async () => {},
    };
    const jobs = scanJobs(
      scanJobDeps({
        db: t.database.db,
        storage: fsStorage(path.join(t.config.dataDir, 'files')),
        pool: broken,
      }),
    );
    for (let attempt = 1; attempt <= 5; attempt++) {
      await expect(jobs.handleScanRecognize({ paperId })).rejects.toThrow('线程异常退出');
      expect((await pagesOfPaper(paperId)).map((p) => p.attempts)).toEqual([attempt, attempt]);
    }
    expect(await jobs.handleScanRecognize({ paperId })).toBe('done');
    const pages = await pagesOfPaper(paperId);
    expect(pages.map((p) => [p.attempts, p.status])).toEqual([
      [6, 'exception'],
      [6, 'exception'],
    ]);
    const found = await t.database.db.select().from(scanException).where(eq(scanException.paperId, paperId));
    expect(found.map((e) => [e.type, e.reason])).toEqual([
      ['image', '多次识别失败：线程异常退出'],
      ['image', '多次识别失败：线程异常退出'],
    ]);
    expect((await t.database.db.select().from(paper).where(eq(paper.id, paperId)))[0]!.status).toBe(
      'exception',
    );
  }, 120_000);
});
