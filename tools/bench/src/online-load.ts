// The simulated students of npm run bench:online, open-loop as a grade sitting an exam: each starts at a random
// moment of the ramp, then saves one answer every `every` seconds whether or not the previous was answered (a
// student does not wait for the server to think), cycling over the questions, each save with the question's next
// revision. Beside them, in the same run and on the same client, a probe asks GET /filter/health every 50 ms: the
// HTTP floor under the same load. Every save the server acknowledged (code 0 with its revision) goes in a ledger
// that the bench then holds against the database.
import { Pool } from 'undici';
import { BENCH_QUESTIONS } from './online-seed';

const HEADERS = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
const PROBE_MS = 50;
const rand = (n: number) => Math.floor(Math.random() * n);
const sleepUntil = (t: number) => new Promise((res) => setTimeout(res, Math.max(0, t - performance.now())));

/** A value a student would send: a valid choice, or a written answer growing draft by draft. */
function answerFor(q: (typeof BENCH_QUESTIONS)[number], rev: number): string {
  if (q.kind === 'single' || q.kind === 'trueFalse') return String.fromCharCode(65 + rand(q.options));
  if (q.kind === 'multi') {
    const picked = ['A', 'B', 'C', 'D'].filter(() => Math.random() < 0.5);
    return picked.length ? picked.join('') : 'A';
  }
  // ~40 characters a draft, up to ~1,200: the size a typed answer reaches
  const line = `第${rev}稿：因为 $(a-b)^2\\ge 0$，展开得 $a^2-2ab+b^2\\ge 0$。`;
  return Array.from({ length: Math.min(rev, 30) }, () => line).join('\n');
}

export interface OnlineLoadResult {
  seconds: number;
  start: number[];
  save: number[];
  floor: number[];
  /** `${examineeId}:${no}` → the highest acknowledged revision and its value */
  ledger: Map<string, { rev: number; value: string }>;
  acknowledged: number;
  refused: Map<string, number>;
  networkErrors: number;
}

export async function runStudents(opts: {
  base: string;
  subjectId: number;
  students: { examineeId: number; cookie: string }[];
  ramp: number;
  every: number;
  duration: number;
}): Promise<OnlineLoadResult> {
  // one keep-alive connection a student at most, opened as needed: a browser keeps its own
  const pool = new Pool(opts.base, {
    connections: opts.students.length + 1,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: 120_000,
    bodyTimeout: 120_000,
  });
  const r: OnlineLoadResult = {
    seconds: 0,
    start: [],
    save: [],
    floor: [],
    ledger: new Map(),
    acknowledged: 0,
    refused: new Map(),
    networkErrors: 0,
  };
  const refuse = (m: string) => r.refused.set(m, (r.refused.get(m) ?? 0) + 1);
  const sit = `/filter/api/portal/online/${opts.subjectId}`;
  const post = async (cookie: string, path: string, body: object) => {
    const t0 = performance.now();
    const res = await pool.request({
      method: 'POST',
      path,
      headers: { ...HEADERS, cookie },
      body: JSON.stringify(body),
    });
    const json = (await res.body.json()) as { code: number; message?: string; data?: { rev?: number } };
    return { ms: performance.now() - t0, json };
  };
  const t0 = performance.now();
  const end = t0 + (opts.ramp + opts.duration) * 1000;

  const student = async (s: { examineeId: number; cookie: string }) => {
    await sleepUntil(t0 + Math.random() * opts.ramp * 1000);
    try {
      const started = await post(s.cookie, `${sit}/start`, {});
      if (started.json.code !== 0) return void refuse(`start: ${started.json.message}`);
      r.start.push(started.ms);
    } catch {
      r.networkErrors++;
      return;
    }
    const revs = new Map<string, number>();
    const inFlight: Promise<void>[] = [];
    const first = rand(BENCH_QUESTIONS.length);
    for (let k = 0, at = performance.now() + opts.every * 1000; at < end; k++, at += opts.every * 1000) {
      await sleepUntil(at);
      const q = BENCH_QUESTIONS[(first + k) % BENCH_QUESTIONS.length]!;
      const rev = (revs.get(q.no) ?? 0) + 1;
      revs.set(q.no, rev);
      const value = answerFor(q, rev);
      inFlight.push(
        post(s.cookie, `${sit}/answer`, { no: q.no, value, rev }).then(
          ({ ms, json }) => {
            if (json.code !== 0) return void refuse(`save: ${json.message}`);
            r.save.push(ms);
            if (json.data?.rev !== rev) return void refuse(`save: revision ${json.data?.rev} for ${rev}`);
            r.acknowledged++;
            const key = `${s.examineeId}:${q.no}`;
            if ((r.ledger.get(key)?.rev ?? 0) < rev) r.ledger.set(key, { rev, value });
          },
          () => void r.networkErrors++,
        ),
      );
    }
    await Promise.all(inFlight);
  };

  const probe = async () => {
    for (let at = t0; at < end; at += PROBE_MS) {
      await sleepUntil(at);
      const p0 = performance.now();
      try {
        const res = await pool.request({ method: 'GET', path: '/filter/health' });
        await res.body.text();
        if (res.statusCode === 200) r.floor.push(performance.now() - p0);
      } catch {
        r.networkErrors++;
      }
    }
  };

  await Promise.all([...opts.students.map(student), probe()]);
  r.seconds = (performance.now() - t0) / 1000;
  await pool.close();
  return r;
}
