// npm run bench:export — the exam-totals export (issue 15: 100,000 examinees × 9 subjects written in < 30 s with
// bounded memory). 100,000 examinees in 50 classes and 9 subjects of scores (2 % absent, 0.5 % 违纪) are generated in
// PostgreSQL (BENCH_DATABASE_URL, default the local server, like bench:scores; a scratch database is created and
// dropped); then the export job runs end to end (cursor → exceljs streaming writer → storage → task row) with the
// process's peak RSS sampled, beside the yardstick of the same run: `COPY (the same select) TO STDOUT` through psql.
// Measured 2026-11-24 on the shared 2-core machine: export 12.1 s and 15.0 s (two runs) beside COPY 2.95 s and 4.15 s
// (3.6–4.1×), peak RSS +65…72 MB over the 150 MB base; 100,000 rows, 8 MB xlsx.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openPostgres } from '../../../apps/server/src/infra/db';
import { jobs } from '../../../apps/server/src/infra/jobs';
import { memoryQueue } from '../../../apps/server/src/infra/queue';
import { fsStorage } from '../../../apps/server/src/infra/storage';
import { auditModule } from '../../../apps/server/src/modules/audit/audit.module';
import { examModule } from '../../../apps/server/src/modules/exam/exam.module';
import { allScoreRepo, allScoreSql } from '../../../apps/server/src/modules/export/all-score.repo';
import { exportRepos } from '../../../apps/server/src/modules/export/export.module';
import { exportService } from '../../../apps/server/src/modules/export/export.service';
import { exportTask } from '../../../apps/server/src/db/schema';

const N = Number(process.env.BENCH_EXAMINEES ?? 100_000);
const SUBJECTS = 9;
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `yj_bench_export_${process.pid}`;
const admin = openPostgres(base);
await admin.db.execute(sql.raw(`create database ${name}`));
const url = base.replace(/\/[^/]*$/, `/${name}`);
const database = openPostgres(url);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-bench-export-'));
const seconds = (t: number) => (performance.now() - t) / 1000;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
try {
  await database.migrate();
  const db = database.db;
  const t0 = performance.now();
  await db.execute(
    sql.raw(`
    insert into org (name) values ('基准教育局');
    insert into school (org_id, name) select id, '基准中学' from org;
    insert into grade (school_id, name) select id, '高一' from school;
    insert into "class" (school_id, grade_id, name) select s.id, g.id, '高一(' || i || ')班'
      from school s, grade g, generate_series(1, 50) i;
    insert into student (school_id, class_id, xuehao, name)
      select c.school_id, c.id, 'S' || i, '学生' || i
      from generate_series(1, ${N}) i join "class" c on c.name = '高一(' || (i % 50 + 1) || ')班';
    insert into "user" (account, name, password_hash) values ('bench', '基准用户', 'x');
    insert into exam (name, school_id) select '基准考试', id from school;
    insert into subject (exam_id, course, name, full_score, sort, in_total)
      select e.id, c, c, 150, i, i <> 9
      from exam e, unnest(array['语文','数学','英语','物理','化学','生物','政治','历史','地理']) with ordinality as u(c, i);
    insert into examinee (exam_id, student_id, school_id, class_id, kaohao)
      select e.id, st.id, st.school_id, st.class_id, lpad(st.id::text, 8, '0') from exam e, student st;
    insert into score (subject_id, examinee_id, objective, subjective, total, question_scores, absent, irregular)
      select s.id, e.id,
        case when a then null when ir then 0 else o end,
        case when a then null when ir then 0 else sub end,
        case when a then null when ir then 0 else o + sub end,
        case when a then '{}'::jsonb else jsonb_build_object('1', 3, '2', 0, '21', 8) end, a, ir
      from subject s, examinee e,
        lateral (select (e.id * 7 + s.id * 13) % 100 < 2 as a, (e.id * 11 + s.id) % 200 = 0 as ir,
          ((e.id * 31 + s.id * 17) % 60)::numeric as o, ((e.id * 17 + s.id * 5) % 90)::numeric as sub) g;
    analyze;`),
  );
  console.log(`generated ${N} examinees × ${SUBJECTS} subjects of scores in ${seconds(t0).toFixed(1)} s`);
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  const examId = rows<{ id: number }>(await db.execute(sql`select id from exam`))[0]!.id;
  const userId = rows<{ id: number }>(await db.execute(sql`select id from "user"`))[0]!.id;

  // yardstick: the same select, every row out of PostgreSQL as text through psql
  const subjects = await allScoreRepo(db).subjects(examId);
  const q = new PgDialect().sqlToQuery(
    allScoreSql(examId, subjects, 'all', { sort: 'kaohao', order: 'asc' }),
  );
  const inlined = q.sql.replace(
    /\$(\d+)/g,
    (_, i: string) => `'${String(q.params[Number(i) - 1]).replace(/'/g, "''")}'`,
  );
  const copyFile = path.join(dir, 'copy.tsv');
  let t = performance.now();
  execFileSync('psql', [
    url,
    '-q',
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    `\\copy (${inlined.replace(/\s+/g, ' ')}) to '${copyFile}'`,
  ]);
  const copy = seconds(t);
  console.log(
    `yardstick COPY (same select) TO STDOUT via psql: ${copy.toFixed(2)} s, ${mb(fs.statSync(copyFile).size)} MB text`,
  );

  const queue = memoryQueue({ error: (o, m) => console.error(m, o) });
  const { audit } = auditModule({ db });
  const storage = fsStorage(path.join(dir, 'files'));
  const { exams } = examModule({ db, audit });
  const svc = exportService({ db, storage, audit, exams, queue: jobs(queue), ...exportRepos });
  const [task] = await db
    .insert(exportTask)
    .values({ kind: 'totals', examId, userId, schools: null, fileName: 'bench.xlsx' })
    .returning();
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  t = performance.now();
  await svc.run(task!.id);
  const took = seconds(t);
  clearInterval(sampler);
  await queue.close();
  const [done] = rows<{ status: string; rows: number; size: number }>(
    await db.execute(sql`select status, rows, size from export_task where id = ${task!.id}`),
  );
  console.log(
    `totals export job end to end: ${took.toFixed(2)} s (${done!.status}, ${done!.rows} rows, ${mb(done!.size)} MB xlsx), ` +
      `${(took / copy).toFixed(1)}× the yardstick; goal < 30 s`,
  );
  console.log(
    `RSS before ${mb(rssBefore)} MB, peak during the export ${mb(peak)} MB (+${mb(peak - rssBefore)} MB); ` +
      `process max RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
  if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
  else await admin.db.execute(sql.raw(`drop database if exists ${name}`));
  await admin.close();
}
