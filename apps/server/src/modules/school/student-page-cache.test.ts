import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { banji, grade, student } from '../../db/schema';
import { rowsOf } from '../../infra/db';
import { body, testApp, type TestApp, type Client } from '../../../test/app';
import { multipartFile, xlsx } from '../../../test/excel';
import { buildClassWithStudents, buildSchool, buildSchoolAdmin, signInAs } from '../../../test/factories';
import { signInSchoolAdmin } from '../../../test/school-scene';

// The students page (unfiltered or filtered) is remembered per process under the school's roster version (issue 12): every
// write of a student, class or grade — through a route, straight to the database, or from another connection
// standing in for another server process — must show on the very next read.

let t: TestApp;
let schoolId: number;
let classId: number;
let gradeId: number;
let admin: Client;
/** A connection of its own to the same database: what another server process or a script would write through. */
let other: pg.Client;

beforeAll(async () => {
  t = await testApp();
  const db = t.database.db;
  const s = await buildSchool(db, { name: '缓存中学' });
  schoolId = s.id;
  const built = await buildClassWithStudents(db, s.id, 3);
  classId = built.banji.id;
  gradeId = built.grade.id;
  admin = await signInSchoolAdmin(t, s.id);
  const [row] = rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`));
  const u = new URL(inject('pgAdminUrl'));
  u.pathname = `/${row!.name}`;
  other = new pg.Client({ connectionString: u.toString() });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await t.close();
});

type Page = {
  total: number;
  items: Array<{
    id: number;
    name: string;
    xuehao: string;
    classId: number;
    className: string;
    gradeName: string;
  }>;
};
const page = async (p = 1, size = 20) =>
  body<Page>(await admin.post(`/filter/api/school/${schoolId}/students`, { page: p, size })).data;
const names = (p: Page) => p.items.map((i) => i.name);

describe('the remembered students page', () => {
  it('shows an added, edited and deleted student on the next read', async () => {
    expect(names(await page())).toEqual(['学生1', '学生2', '学生3']);
    expect(names(await page())).toEqual(['学生1', '学生2', '学生3']);

    const add = body<{ id: number }>(
      await admin.post(`/filter/api/school/${schoolId}/students/upload/one`, {
        name: '新来的',
        xuehao: 'S4',
        classId,
      }),
    );
    expect(add.code).toBe(0);
    const added = await page();
    expect(added.total).toBe(4);
    expect(names(added)).toEqual(['学生1', '学生2', '学生3', '新来的']);

    const oldInfo = { id: add.data.id, name: '新来的', xuehao: 'S4', classId };
    const newInfo = { name: '改了名', xuehao: 'S4', classId };
    expect(
      body(await admin.post(`/filter/api/school/${schoolId}/students/update`, { oldInfo, newInfo })).code,
    ).toBe(0);
    expect(names(await page())).toEqual(['学生1', '学生2', '学生3', '改了名']);

    const del = await admin.call('DELETE', `/filter/api/school/${schoolId}/students`, { ids: [add.data.id] });
    expect(body(del).code).toBe(0);
    const after = await page();
    expect(after.total).toBe(3);
    expect(names(after)).toEqual(['学生1', '学生2', '学生3']);
  });

  it('shows an import on the next read of every page', async () => {
    const second = await page(2, 2);
    expect(names(second)).toEqual(['学生3']);
    const sheet = await xlsx([
      ['姓名', '学号', '年级', '班级'],
      ['导入甲', 'S5', '高一', '高一(1)班'],
      ['导入乙', 'S6', '高一', '高一(1)班'],
    ]);
    const m = multipartFile('学生.xlsx', sheet);
    const res = await t.app.inject({
      method: 'POST',
      url: `/filter/api/school/${schoolId}/students/import`,
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: admin.cookie, ...m.headers },
      payload: m.payload,
    });
    expect(body(res).code).toBe(0);
    const now = await page(2, 2);
    expect(now.total).toBe(5);
    expect(names(now)).toEqual(['学生3', '导入甲']);
  });

  it('shows a class or grade renamed or reordered, and a write straight to the database', async () => {
    expect((await page()).items[0]).toMatchObject({ className: '高一(1)班', gradeName: '高一' });
    await t.database.db.update(banji).set({ name: '高一(9)班' }).where(eq(banji.id, classId));
    expect((await page()).items[0]).toMatchObject({ className: '高一(9)班' });
    await t.database.db.update(grade).set({ name: '高一年级' }).where(eq(grade.id, gradeId));
    expect((await page()).items[0]).toMatchObject({ gradeName: '高一年级' });

    // a second class sorted before the first moves its students to the top of page 1
    const [c2] = await t.database.db
      .insert(banji)
      .values({ schoolId, gradeId, name: '高一(0)班', sort: -1 })
      .returning();
    await t.database.db.insert(student).values({ schoolId, classId: c2!.id, xuehao: 'A1', name: '排最前' });
    expect(names(await page())[0]).toBe('排最前');
  });

  it('shows a write from another connection, and nothing of a write rolled back', async () => {
    const before = names(await page());
    await other.query(`update student set name = '别处改的' where school_id = $1 and xuehao = 'S1'`, [
      schoolId,
    ]);
    expect(names(await page())).toEqual(before.map((n) => (n === '学生1' ? '别处改的' : n)));

    await other.query('begin');
    await other.query(`update student set name = '未提交' where school_id = $1 and xuehao = 'S2'`, [
      schoolId,
    ]);
    // read while the write is open: the committed page; then it is rolled back and never shows
    expect(names(await page())).not.toContain('未提交');
    await other.query('rollback');
    expect(names(await page())).not.toContain('未提交');
    expect(names(await page())).toContain('学生2');
  });

  it('remembers each filter apart and shows a write on the next filtered read', async () => {
    const filtered = async (f: { classId?: number; gradeId?: number; keyword?: string }) =>
      body<Page>(await admin.post(`/filter/api/school/${schoolId}/students`, { page: 1, size: 20, ...f }))
        .data;
    const [c3] = await t.database.db
      .insert(banji)
      .values({ schoolId, gradeId, name: '高一(3)班', sort: 3 })
      .returning();
    await t.database.db.insert(student).values({ schoolId, classId: c3!.id, xuehao: 'C1', name: '三班甲' });
    // each filter twice: the second read comes from the process's memory and must still be that filter's answer
    for (let i = 0; i < 2; i++) {
      expect(names(await filtered({ classId: c3!.id }))).toEqual(['三班甲']);
      expect(names(await filtered({ keyword: '三班' }))).toEqual(['三班甲']);
      expect(names(await filtered({ classId }))).not.toContain('三班甲');
      expect((await filtered({ gradeId })).total).toBe((await page()).total);
    }
    await other.query(`update student set name = '三班乙' where school_id = $1 and xuehao = 'C1'`, [
      schoolId,
    ]);
    expect(names(await filtered({ classId: c3!.id }))).toEqual(['三班乙']);
    expect((await filtered({ keyword: '三班' })).items.map((x) => x.name)).toEqual(['三班乙']);
    expect(names(await filtered({ keyword: '(3)班' }))).toEqual(['三班乙']);
    await t.database.db.update(banji).set({ name: '高一(4)班' }).where(eq(banji.id, c3!.id));
    expect((await filtered({ keyword: '(3)班' })).total).toBe(0);
    expect(names(await filtered({ keyword: '(4)班' }))).toEqual(['三班乙']);
  });

  it('keeps schools apart', async () => {
    const s2 = await buildSchool(t.database.db, { name: '别的学校' });
    await buildClassWithStudents(t.database.db, s2.id, 2);
    const admin2 = await signInAs(t, await buildSchoolAdmin(t.database.db, s2.id));
    const p2 = body<Page>(
      await admin2.post(`/filter/api/school/${s2.id}/students`, { page: 1, size: 20 }),
    ).data;
    expect(p2.total).toBe(2);
    expect((await page()).total).not.toBe(2);
    // the same filter asked of the other school: its own class, not this school's remembered answer
    const c2 = p2.items[0]!.classId;
    const f2 = body<Page>(
      await admin2.post(`/filter/api/school/${s2.id}/students`, { page: 1, size: 20, classId: c2 }),
    ).data;
    expect(f2.total).toBe(2);
    const mine = body(
      await admin.post(`/filter/api/school/${schoolId}/students`, { page: 1, size: 20, classId: c2 }),
    );
    expect(mine.data).toMatchObject({ total: 0, items: [] });

    // a student moved to the other school (a script's write; no screen does it) leaves this school's pages
    const kept = names(await page());
    await other.query(`update student set school_id = $2 where school_id = $1 and xuehao = 'S3'`, [
      schoolId,
      s2.id,
    ]);
    const moved = kept.filter((n) => n !== '学生3');
    expect(names(await page())).toEqual(moved);
    expect(moved.length).toBe(kept.length - 1);
  });
});
