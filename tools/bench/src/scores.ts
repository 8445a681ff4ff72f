// npm run bench:scores — scores of one exam of 100,000 examinees × 9 subjects (issue 15): scoring every subject
// from scratch, re-scoring one subject after a key change, and the exam totals across subjects; each beside the
// yardstick of the same aggregation as plain SQL on the same database in the same run, with the ratio (goal
// ≤ 2×) and the peak memory of the process doing the scoring (a child running the score module, as the job
// does). PostgreSQL: BENCH_DATABASE_URL (a scratch database is created and dropped), else the embedded default.
// BENCH_EXAMINEES (default 100,000) and BENCH_SUBJECTS (default 9) shrink the run.
// Measured 2026-11-24 on the shared 2-core machine at load 21 (absolute seconds several times those of a quiet
// machine; the ratios are the figures): embedded PostgreSQL, 9 subjects from scratch 278 s vs yardstick 172 s
// (1.61×), a key change 29.3 s vs 18.4 s (1.60×), peak RSS 367 MB; machine PostgreSQL, 1 subject: from scratch
// 0.93×, key change 0.73× (14.9 s at load 22), peak RSS 337 MB; every row equal to the yardstick's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../../apps/server/src/infra/db';
import { startCluster, type EmbeddedCluster } from '../../../apps/server/src/infra/embedded-pg';
import { benchDatabase } from './api-server';
import { seedScores } from './scores-seed';
import { disagreements, yardstickSubject, yardTable } from './scores-yardstick';

const num = (v: string | undefined, d: number, max: number) => Math.max(1, Math.min(max, Number(v) || d));
const N = num(process.env.BENCH_EXAMINEES, 100_000, 1_000_000);
const SUBJECTS = num(process.env.BENCH_SUBJECTS, 9, 20);
const log = (s: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);
const seconds = (t: number) => (performance.now() - t) / 1000;
const f = (s: number) => `${s.toFixed(2)} s`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-bench-scores-'));
const scratch = await benchDatabase(process.env.BENCH_DATABASE_URL, 'yj_bench_scores');
let cluster: EmbeddedCluster | null = null;
if (!scratch.url) cluster = await startCluster(dataDir);
const url = scratch.url ?? cluster!.url;
const engine = scratch.url ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PostgreSQL (the default)';
const database = openPostgres(url);
const db = database.db;

/** The score module in a child process, as the job runs it: its seconds and peak RSS. */
function scoreIn(subjectIds: number[]): Promise<{ seconds: number; peakRssMb: number }> {
  const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
  const child = spawn(
    tsx,
    [path.join(import.meta.dirname, 'scores-worker.ts'), url, ...subjectIds.map(String)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)!))
        : reject(new Error(`worker exit ${code}`)),
    ),
  );
}

async function yardstick(subjectIds: number[]): Promise<number> {
  await yardTable(db);
  const t = performance.now();
  for (const id of subjectIds) await yardstickSubject(db, id);
  return seconds(t);
}

const rows: Array<[string, string]> = [];
const row = (what: string, ours: number, yard: number, extra = '') =>
  rows.push([what, `${f(ours)} · yardstick ${f(yard)} · ratio ${(ours / yard).toFixed(2)}×${extra}`]);

try {
  await database.migrate();
  await db.execute(sql`set jit = off`);
  let t = performance.now();
  const subjectIds = await seedScores(db, N, SUBJECTS);
  log(
    `generated ${N.toLocaleString()} examinees × ${SUBJECTS} subjects with sheets and block scores in ${f(seconds(t))}`,
  );

  // 1. every subject from scratch (no score rows yet)
  const scratchRun = await scoreIn(subjectIds);
  log(`scoring from scratch: ${f(scratchRun.seconds)}`);
  const scratchYard = await yardstick(subjectIds);
  const wrong = await disagreements(db, subjectIds);
  row(
    `scoring from scratch, ${SUBJECTS} subjects`,
    scratchRun.seconds,
    scratchYard,
    `, peak RSS ${scratchRun.peakRssMb.toFixed(0)} MB, ${wrong} rows differ from the yardstick`,
  );

  // 2. a key change in one subject (question 1's A key, question 13's B key), every examinee of it re-scored
  const changed = subjectIds[0]!;
  await db.execute(sql`update question set answer = 'D' where subject_id = ${changed} and no = '1'`);
  await db.execute(sql`update question set answer_b = 'AB' where subject_id = ${changed} and no = '13'`);
  await db.execute(
    sql`update question set special = 'gift', special_reason = '基准送分' where subject_id = ${changed} and no = '5'`,
  );
  const keyRun = await scoreIn([changed]);
  log(`key change re-score: ${f(keyRun.seconds)}`);
  const keyYard = await yardstick([changed]);
  const keyWrong = await disagreements(db, [changed]);
  row(
    'key change, one subject re-scored',
    keyRun.seconds,
    keyYard,
    `, peak RSS ${keyRun.peakRssMb.toFixed(0)} MB, ${keyWrong} rows differ`,
  );

  // 3. the exam totals across subjects (absent kept apart: a total only over the subjects sat), what all_score
  // and the exports read, beside the floor of one plain scan summing the same rows
  t = performance.now();
  await db.execute(sql`
    create temp table totals as
    select s.examinee_id, sum(s.total) as total, count(s.total)::int as sat, bool_or(s.absent) as some_absent
    from score s join subject j on j.id = s.subject_id
    where j.exam_id = (select exam_id from subject where id = ${changed}) group by s.examinee_id`);
  const totalsOurs = seconds(t);
  t = performance.now();
  await db.execute(sql`select sum(total) from score`);
  row(
    'exam totals across subjects',
    totalsOurs,
    seconds(t),
    ' (yardstick: one scan summing the score table)',
  );

  console.log(
    `\nbench:scores — ${N.toLocaleString()} examinees × ${SUBJECTS} subjects, 20 objective + 5 subjective questions each, ${engine}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  for (const [what, figure] of rows) console.log(`  ${what.padEnd(40)} ${figure}`);
  console.log('  goal: ratio ≤ 2× against the plain-SQL yardstick; a key change reflected in < 10 s');
  if (wrong || keyWrong) process.exitCode = 1;
} finally {
  await database.close();
  await scratch.drop();
  await cluster?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
