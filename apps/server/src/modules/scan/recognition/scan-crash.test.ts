import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng, randomAnswers, simulateSheet, typicalCard } from '@yj/scan-sim';
import { rows } from '../../../infra/db-copy';
import { openEmbedded } from '../../../infra/db';
import { startCluster } from '../../../infra/embedded-pg';

// Reliability (issues 6 and 18): the real server, on its embedded PostgreSQL cluster, is killed with SIGKILL while an upload
// is being recognised, then started again on the same data directory. Every page it acknowledged must be
// stored and recognised exactly once — none lost, none doubled — and the database must open cleanly.
// CI runs 12 papers (24 pages); `CRASH_PAPERS=1000 npx vitest run scan-crash` runs the 2,000 pages
// (papers beyond the 70 demo examinees carry unknown exam numbers: one 考号 exception each, never two).
const PAPERS = Math.max(4, Number(process.env.CRASH_PAPERS ?? 12));
const PER_REQUEST = PAPERS > 100 ? 25 : 2;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-crash-'));
const PASSWORD = 'Crash@2026x';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const card = typicalCard();
let server: ChildProcess | null = null;
let base = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function start(): Promise<void> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_PASSWORD: PASSWORD,
    LOGIN_RATE_LIMIT: '1000',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
  // the embedded defaults: no external database or queue
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main/api.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server = child;
  base = `http://127.0.0.1:${port}/filter`;
  // Polled until it answers or exits: a loaded machine may take minutes to compile and migrate, and the
  // test's timeout is the only limit.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stop(signal: NodeJS.Signals): Promise<void> {
  const s = server;
  server = null;
  if (!s || s.exitCode !== null) return;
  await new Promise<void>((done) => {
    s.once('exit', () => done());
    s.kill(signal);
  });
}

let cookie = '';
async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...XHR, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const b = (await res.json()) as { code: number; message: string; data: T };
  if (b.code !== 0) throw new Error(`${url}: ${b.message}`);
  return b.data;
}

async function signIn(): Promise<void> {
  const res = await fetch(`${base}/yue/user/login`, {
    method: 'POST',
    headers: { ...XHR, 'content-type': 'application/json' },
    body: JSON.stringify({ account: '13800000001', password: PASSWORD }),
  });
  cookie = `yx_sid=${((await res.json()) as { data: { token: string } }).data.token}`;
}

async function upload(subjectId: number, files: Array<{ name: string; data: Buffer }>) {
  const form = new FormData();
  for (const f of files)
    form.append('files', new Blob([new Uint8Array(f.data)], { type: 'image/jpeg' }), f.name);
  const res = await fetch(`${base}/api/subject/${subjectId}/answerCard`, {
    method: 'POST',
    headers: { ...XHR, cookie },
    body: form,
  });
  return (await res.json()) as { code: number; message: string; data: { pages: number; duplicates: number } };
}

/** The same JPEG with a comment segment after its start marker: another file, the same picture. */
function withComment(jpeg: Buffer, text: string): Buffer {
  const body = Buffer.from(text);
  const len = Buffer.alloc(2);
  len.writeUInt16BE(body.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), len, body, jpeg.subarray(2)]);
}

afterAll(async () => {
  await stop('SIGKILL');
  // the killed server's cluster keeps running: adopt it, then stop it
  if (fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) await (await startCluster(dataDir)).stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed in the middle of recognition', () => {
  it(
    'keeps every acknowledged page and recognises each exactly once after a restart',
    async () => {
      await start();
      await signIn();
      const exams = await call<{ items: Array<{ id: number; name: string }> }>(
        'POST',
        '/api/exam/inSchool',
        {},
      );
      const demo = exams.items.find((e) => e.name === '2026学年第一学期高一期中考试')!;
      const d = await call<{ gradeId: number; schoolList: Array<{ id: number }> }>(
        'GET',
        `/api/exam/${demo.id}/detail`,
      );
      const schoolId = d.schoolList[0]!.id;
      const classes = await call<Array<{ id: number }>>('POST', `/api/school/${schoolId}/banjis`, {
        gradeId: d.gradeId,
      });
      const { id: examId } = await call<{ id: number }>('POST', '/api/exam/singleCreate', {
        schoolId,
        name: '断电演练',
        gradeId: d.gradeId,
        startDate: '2026-11-20',
        subjects: [{ course: '物理', fullScore: 100 }],
      });
      const subjectId = (await call<{ subjects: Array<{ id: number }> }>('GET', `/api/exam/${examId}/detail`))
        .subjects[0]!.id;
      await call('POST', `/api/exam/${examId}/examinees/add`, {
        classIds: [classes[0]!.id],
        rule: { kind: 'sequence', prefix: '2026', digits: 4 },
        roomSize: 40,
      });
      const kaohaos = (
        await call<{ items: Array<{ kaohao: string }> }>('POST', `/api/exam/${examId}/examinees`, {
          page: 1,
          size: 200,
        })
      ).items
        .map((e) => e.kaohao)
        .sort();
      await call('POST', `/api/subject/${subjectId}/template`, { body: card });

      // PAPERS students × 2 pages, in requests of PER_REQUEST papers. The roster's students and one
      // stranger are simulated; further strangers are copies of that stranger's sheet, each made a new file
      // by a JPEG comment (simulating 2,000 pages one by one would take most of an hour).
      const known = Math.min(PAPERS, kaohaos.length);
      const simulated = new Map<number, Buffer[]>();
      async function sheetOf(i: number): Promise<Buffer[]> {
        const base = Math.min(i, known);
        if (!simulated.has(base)) {
          const k = base < known ? kaohaos[base]! : '30260000';
          const pages = [];
          for (const p of [0, 1]) {
            const seed = base * 2 + p;
            const a = randomAnswers(card.pages[p]!, createRng(seed), 'clean', k);
            pages.push((await simulateSheet(card, p, a, { seed, difficulty: 'clean', feed: 0 })).jpeg);
          }
          simulated.set(base, pages);
        }
        const pages = simulated.get(base)!;
        return i === base ? pages : pages.map((jpeg) => withComment(jpeg, `copy ${i}`));
      }
      const requests: Array<Array<{ name: string; data: Buffer }>> = [];
      for (let s = 0; s < PAPERS; s += PER_REQUEST) {
        const files: Array<{ name: string; data: Buffer }> = [];
        for (let i = s; i < Math.min(PAPERS, s + PER_REQUEST); i++)
          for (const [p, data] of (await sheetOf(i)).entries())
            files.push({ name: `${String(i * 2 + p + 1).padStart(5, '0')}.jpg`, data });
        requests.push(files);
      }
      const cut = Math.max(3, Math.floor(requests.length * 0.4));
      const total = PAPERS * 2;

      // the first requests acknowledged, then the power goes while their papers are being recognised
      for (const files of requests.slice(0, cut)) expect((await upload(subjectId, files)).code).toBe(0);
      const before = await call<{ total: { pages: number; recognised: number } }>(
        'GET',
        `/api/subject/${subjectId}/scanExceptionProgress`,
      );
      await stop('SIGKILL');
      // the kill interrupted work: acknowledged pages were still waiting for recognition
      const acknowledged = requests.slice(0, cut).reduce((n, r) => n + r.length, 0);
      expect(before.total.pages).toBe(acknowledged);
      expect(before.total.recognised).toBeLessThan(acknowledged);

      await start();
      await signIn();
      // the scanning PC sends the last acknowledged request again (it may not have seen the answer)
      const again = await upload(subjectId, requests[cut - 1]!);
      expect(again.code).toBe(0);
      expect(again.data.duplicates).toBe(requests[cut - 1]!.length);
      for (const files of requests.slice(cut)) expect((await upload(subjectId, files)).code).toBe(0);
      for (;;) {
        const p = await call<{ total: { pages: number; recognised: number } }>(
          'GET',
          `/api/subject/${subjectId}/scanExceptionProgress`,
        );
        if (p.total.pages === total && p.total.recognised === total) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      await stop('SIGTERM');

      const db = await openEmbedded(dataDir);
      try {
        const q = <T>(sql: string) => rows<T>(db.db, sql);
        const pages = await q<{ status: string; n: number }>(
          `select p.status, count(*)::int n from scan_page p join scan_batch b on b.id = p.batch_id
         where b.subject_id = ${subjectId} group by p.status`,
        );
        expect(pages).toEqual([{ status: 'recognised', n: total }]);
        const papers = await q<{ n: number; examinees: number; ok: number }>(
          `select count(*)::int n, count(distinct examinee_id)::int examinees,
                (count(*) filter (where status = 'ok'))::int ok
         from paper where subject_id = ${subjectId} and deleted_at is null`,
        );
        expect(papers).toEqual([{ n: PAPERS, examinees: known, ok: known }]);
        // each paper finished once: an unknown number gives one 考号 exception, a known one none
        const exceptions = await q<{ type: string; n: number; papers: number }>(
          `select type, count(*)::int n, count(distinct paper_id)::int papers
         from scan_exception where subject_id = ${subjectId} group by type`,
        );
        expect(exceptions).toEqual(
          PAPERS > known ? [{ type: 'kaohao', n: PAPERS - known, papers: PAPERS - known }] : [],
        );
      } finally {
        await db.close();
      }
    },
    240_000 + PAPERS * 2_000,
  );
});
