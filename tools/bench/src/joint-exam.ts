// npm run bench:exam — a 20-school joint exam taking 20,000 examinees in one request on the embedded database,
// through the real HTTP routes (app.inject), beside a yardstick from the same run: writing the same number of
// rows straight into a scratch table with one statement.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../../apps/server/src/app';
import { loadConfig } from '../../../apps/server/src/config';
import { banji, grade, org, school, schoolAdmin, student, user } from '../../../apps/server/src/db/schema';
import { openPglite } from '../../../apps/server/src/infra/db';
import { memoryQueue } from '../../../apps/server/src/infra/queue';
import { fsStorage } from '../../../apps/server/src/infra/storage';
import { hashPassword } from '../../../apps/server/src/modules/auth/password';

const SCHOOLS = 20;
const PER_SCHOOL = Number(process.env.BENCH_PER_SCHOOL ?? 1000);
const CLASSES = 20;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yj-bench-exam-'));
const database = await openPglite({ dataDir: path.join(dir, 'db') });
await database.migrate();
const db = database.db;

const [o] = await db.insert(org).values({ name: '基准市教育局', level: 2 }).returning();
const [u] = await db
  .insert(user)
  .values({ account: 'bench', name: '联考管理员', passwordHash: await hashPassword('Bench2026x') })
  .returning();
const classIds: number[] = [];
const schoolIds: number[] = [];
for (let s = 0; s < SCHOOLS; s++) {
  const [sc] = await db
    .insert(school)
    .values({ name: `基准${s + 1}中`, orgId: o!.id })
    .returning();
  schoolIds.push(sc!.id);
  await db.insert(schoolAdmin).values({ schoolId: sc!.id, userId: u!.id });
  const [g] = await db.insert(grade).values({ schoolId: sc!.id, name: '高一' }).returning();
  const cls = await db
    .insert(banji)
    .values(
      Array.from({ length: CLASSES }, (_, i) => ({
        schoolId: sc!.id,
        gradeId: g!.id,
        name: `高一(${i + 1})班`,
        sort: i,
      })),
    )
    .returning();
  classIds.push(...cls.map((c) => c.id));
  const rows = Array.from({ length: PER_SCHOOL }, (_, i) => ({
    schoolId: sc!.id,
    classId: cls[i % CLASSES]!.id,
    xuehao: `S${i}`,
    name: `学生${i}`,
  }));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(student).values(rows.slice(i, i + 1000));
}

const config = loadConfig({ DATA_DIR: dir, WEB_DIST: path.join(dir, 'none') });
const app = await buildApp(config, {
  database,
  queue: memoryQueue({ error: () => {} }),
  storage: fsStorage(path.join(dir, 'files')),
  sms: { send: async () => {} },
});
const login = await app.inject({
  method: 'POST',
  url: '/filter/yue/user/login',
  headers: XHR,
  payload: { account: 'bench', password: 'Bench2026x' },
});
const cookie = `yx_sid=${login.json().data.token}`;
const post = (url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { ...XHR, cookie }, payload });

// yardstick: the same number of rows written straight, in one statement
await db.execute(sql`create table scratch (a int, b int, c int, k text, r text, s int)`);
const scratch = JSON.stringify(
  Array.from({ length: SCHOOLS * PER_SCHOOL }, (_, i) => ({ a: i, b: i, c: i, k: `K${i}`, r: '01', s: i })),
);
const y0 = performance.now();
await db.execute(
  sql`insert into scratch select * from json_to_recordset(${scratch}::json) as x(a int, b int, c int, k text, r text, s int)`,
);
const yardMs = performance.now() - y0;

const t0 = performance.now();
const created = (
  await post('/filter/api/exam/jointExam/create', {
    name: '基准市高一联考',
    gradeName: '高一',
    startDate: '2026-12-01',
    schoolIds,
    subjects: ['语文', '数学', '英语', '物理', '化学', '生物'].map((course) => ({ course, fullScore: 100 })),
  })
).json();
const createMs = performance.now() - t0;
const t1 = performance.now();
const added = (
  await post(`/filter/api/exam/${created.data.id}/examinees/add`, {
    classIds,
    rule: { kind: 'sequence', prefix: '26', digits: 6 },
    roomSize: 30,
  })
).json();
const addMs = performance.now() - t1;
const t2 = performance.now();
const page = (
  await post(`/filter/api/exam/${created.data.id}/examinees`, { page: 400, size: 50, keyword: '学生9' })
).json();
const listMs = performance.now() - t2;

console.log(
  `\nbench:exam — joint exam of ${SCHOOLS} schools × ${PER_SCHOOL.toLocaleString()} students, embedded PGlite\n`,
);
const row = (k: string, v: string) => console.log(`${k.padEnd(40)} ${v}`);
row('yardstick: write as many rows, one statement', `${yardMs.toFixed(0)} ms`);
row('create joint exam (6 subjects)', `${createMs.toFixed(0)} ms  code ${created.code}`);
row(
  'take all examinees in one request',
  `${addMs.toFixed(0)} ms  (${(addMs / yardMs).toFixed(1)}× yardstick)  ${JSON.stringify(added.data ?? added.message)}`,
);
row('examinee search, page 400', `${listMs.toFixed(0)} ms  total ${page.data?.total}`);
await app.close();
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
