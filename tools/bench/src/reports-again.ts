// Every report of a database kept by `BENCH_KEEP=1 npm run bench:reports` computed again (its report_cache
// emptied first): BENCH_DATABASE_URL names the kept database. BENCH_DUMP=<file>: the report_cache rows written
// there afterwards (computedAt left out), to compare two branches' figures; BENCH_PAGES=<file>: every 学生成绩
// row as the list answers it (total and each subject), to compare what the pages show.
import { readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Principal } from '@yj/contracts';
import { openPostgres } from '../../../apps/server/src/infra/db';
import { reportModule } from '../../../apps/server/src/modules/report/report.module';
import { auditModule } from '../../../apps/server/src/modules/audit/audit.module';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL: the kept database');
const database = openPostgres(url);
const db = database.db;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
try {
  const examId = (await rows<{ id: number }>(sql`select min(id) as id from exam`))[0]!.id;
  const { reports } = reportModule({
    db,
    audit: auditModule({ db }).audit,
    paperImage: () => Promise.reject(new Error('no paper images in the bench')),
  });
  await db.execute(sql`delete from report_cache`);
  const t = performance.now();
  const cpu = process.cpuUsage();
  await reports.warm(examId);
  const node = process.cpuUsage(cpu);
  // CPU time of this database's PostgreSQL backends (only this script uses it; Linux /proc, in clock ticks)
  const pids = await rows<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // not on this machine
    }
  }
  console.log(
    `every report again: ${((performance.now() - t) / 1000).toFixed(2)} s; CPU: Node ` +
      `${((node.user + node.system) / 1e6).toFixed(2)} s, PostgreSQL ${(ticks / 100).toFixed(2)} s`,
  );
  if (process.env.BENCH_DUMP) {
    const cached = await rows<{ subject_id: number; kind: string; data: string }>(
      sql`select subject_id, kind, data from report_cache order by subject_id, kind`,
    );
    writeFileSync(
      process.env.BENCH_DUMP,
      cached.map((r) => `${r.subject_id} ${r.kind} ${r.data.replace(/"computedAt":"[^"]*"/, '')}`).join('\n'),
    );
  }
  if (process.env.BENCH_PAGES) {
    const p: Principal = { userId: 1, isAdmin: true, schoolAdminOf: [], teacherOf: [], examRoles: [] };
    const subjects = await rows<{ id: number }>(
      sql`select id from subject where exam_id = ${examId} order by id`,
    );
    const out: string[] = [];
    for (const subjectId of [undefined, ...subjects.map((s) => s.id)]) {
      const r = await reports.students(examId, { page: 1, size: 1_000_000, subjectId }, p);
      out.push(JSON.stringify(r));
    }
    writeFileSync(process.env.BENCH_PAGES, out.join('\n'));
  }
} finally {
  await database.close();
}
