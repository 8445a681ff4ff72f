// npm run bench:import — 50,000 students from one generated xlsx through the real import path, beside the
// time exceljs alone takes to read the same file (the yardstick). Each phase runs in a child process of its
// own so its peak memory is its own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { openPglite, openPostgres } from '../../../apps/server/src/infra/db';
import { auditModule } from '../../../apps/server/src/modules/audit/audit.module';
import { gradeRepo } from '../../../apps/server/src/modules/school/grade.repo';
import { studentRepo } from '../../../apps/server/src/modules/school/student.repo';
import { studentService } from '../../../apps/server/src/modules/school/student.service';
import { banji, grade, org, school } from '../../../apps/server/src/db/schema';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const CLASSES = 100;

interface PhaseResult {
  ms: number;
  maxRssMb: number;
  detail?: string;
}

async function makeFile(rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('学生名单');
  ws.addRow(['姓名', '学号', '年级', '班级', '性别']);
  for (let i = 0; i < rows; i++) {
    ws.addRow([
      `学生${i}`,
      `X${String(i).padStart(7, '0')}`,
      '高一',
      `高一(${(i % CLASSES) + 1})班`,
      i % 2 ? '男' : '女',
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Child: exceljs reads the whole file (after a warm-up on a small one). */
async function phaseRead(file: string, small: string): Promise<PhaseResult> {
  await new ExcelJS.Workbook().xlsx.load(fs.readFileSync(small) as unknown as ArrayBuffer);
  const buf = fs.readFileSync(file);
  const t0 = performance.now();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ms = performance.now() - t0;
  return {
    ms,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    detail: `${wb.worksheets[0]!.rowCount - 1} rows`,
  };
}

/** Child: the product's import into a fresh embedded database (after a warm-up on a small file). */
async function phaseImport(file: string, small: string, pgAdminUrl?: string): Promise<PhaseResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-bench-import-'));
  const dbName = `yj_bench_${process.pid}`;
  let database;
  if (pgAdminUrl) {
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(pgAdminUrl);
    u.pathname = `/${dbName}`;
    database = openPostgres(u.toString());
  } else {
    database = await openPglite({ dataDir: dir });
  }
  await database.migrate();
  const [o] = await database.db.insert(org).values({ name: '基准教育局' }).returning();
  const [s] = await database.db.insert(school).values({ name: '基准中学', orgId: o!.id }).returning();
  const [w] = await database.db.insert(school).values({ name: '热身中学', orgId: o!.id }).returning();
  for (const sc of [s!, w!]) {
    const [g] = await database.db.insert(grade).values({ schoolId: sc.id, name: '高一' }).returning();
    // half the classes exist, half are created by the import
    await database.db.insert(banji).values(
      Array.from({ length: CLASSES / 2 }, (_, i) => ({
        schoolId: sc.id,
        gradeId: g!.id,
        name: `高一(${i + 1})班`,
      })),
    );
  }
  const { audit } = auditModule({ db: database.db });
  const svc = studentService({ db: database.db, repo: studentRepo, gradeRepo, audit });
  const actor = { userId: 0, ip: null };
  await svc.importExcel(w!.id, fs.readFileSync(small), false, actor);
  const baseRssMb = process.memoryUsage().rss / 1024 / 1024;
  const buf = fs.readFileSync(file);
  const t0 = performance.now();
  const r = await svc.importExcel(s!.id, buf, false, actor);
  const ms = performance.now() - t0;
  const t1 = performance.now();
  await svc.importExcel(s!.id, buf, false, actor);
  const ms2 = performance.now() - t1;
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
  if (pgAdminUrl) {
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName}`);
    await admin.end();
  }
  return {
    ms,
    maxRssMb,
    detail: `RSS before the import ${baseRssMb.toFixed(0)} MB (the embedded database's own share when PGlite); created ${r.created}, classes created ${r.classesCreated}; re-import of the same file (all updates) ${ms2.toFixed(0)} ms`,
  };
}

function child(phase: string, file: string, small: string, pgUrl?: string): PhaseResult {
  const args = ['--import', 'tsx', import.meta.filename, phase, file, small, ...(pgUrl ? [pgUrl] : [])];
  const out = execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split('\n').at(-1)!) as PhaseResult;
}

const [phase, fileArg, smallArg, pgArg] = process.argv.slice(2);
if (phase === 'read' || phase === 'import') {
  const r =
    phase === 'read' ? await phaseRead(fileArg!, smallArg!) : await phaseImport(fileArg!, smallArg!, pgArg);
  process.stdout.write(`${JSON.stringify(r)}\n`);
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-bench-xlsx-'));
  const file = path.join(dir, 'students.xlsx');
  const small = path.join(dir, 'small.xlsx');
  fs.writeFileSync(file, await makeFile(ROWS));
  fs.writeFileSync(small, await makeFile(500));
  const read = child('read', file, small);
  const imp = child('import', file, small);
  // PostgreSQL too when the machine has one (BENCH_DATABASE_URL: an admin URL; a database is created and dropped)
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const impPg = pgUrl ? child('import', file, small, pgUrl) : null;
  fs.rmSync(dir, { recursive: true, force: true });
  const row = (k: string, v: string) => console.log(`${k.padEnd(30)} ${v}`);
  console.log(
    `\nbench:import — ${ROWS.toLocaleString()} students from one xlsx, embedded PGlite, ${os.cpus().length} cores\n`,
  );
  row('yardstick: exceljs reads file', `${read.ms.toFixed(0)} ms, peak RSS ${read.maxRssMb.toFixed(0)} MB`);
  for (const [label, r] of [
    ['PGlite', imp],
    ['PostgreSQL', impPg],
  ] as const) {
    if (!r) continue;
    row(
      `import on ${label}`,
      `${r.ms.toFixed(0)} ms = ${Math.round(ROWS / (r.ms / 1000)).toLocaleString()} rows/s, ratio ${(r.ms / read.ms).toFixed(2)}× read, peak RSS ${r.maxRssMb.toFixed(0)} MB`,
    );
    row('', r.detail ?? '');
  }
  row('goals', 'import ≤ 2× read; peak memory ≤ 600 MB');
}
