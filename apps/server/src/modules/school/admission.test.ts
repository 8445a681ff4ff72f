import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, graduateAdmission } from '../../db/schema';
import { body, XHR } from '../../../test/app';
import { multipartFile, readXlsx, xlsx } from '../../../test/excel';
import { buildSchoolScene, otherSchoolAdmin, type Client } from '../../../test/school-scene';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();
let schoolId: number;
let admin: Client;
let teacher: Client;
let otherAdmin: Client;
const base = () => `/filter/api/school/${schoolId}/admissions`;

beforeAll(async () => {
  const s = await buildSchoolScene(t, { name: '升学中学', students: 1 });
  ({ admin, teacher } = s);
  schoolId = s.school.id;
  otherAdmin = await otherSchoolAdmin(t);
});

type Page = { total: number; items: Array<{ id: number; name: string; university: string; year: number }> };
const upload = async (buf: Buffer, onlyValid = false) => {
  const m = multipartFile('升学.xlsx', buf);
  return body<{ created: number; updated: number; skipped: number }>(
    await t.app.inject({
      method: 'POST',
      url: `${base()}/import?onlyValid=${onlyValid}`,
      headers: { ...XHR, cookie: admin.cookie, ...m.headers },
      payload: m.payload,
    }),
  );
};
const row = {
  year: 2025,
  name: '李明',
  xuehao: '20220101',
  className: '高三(1)班',
  university: '北京大学',
  major: '数学',
  batch: '本科批',
  level: '985',
};

describe('升学去向 of a school', () => {
  it('refuses teachers and other schools on every route', async () => {
    const routes: Array<['POST' | 'GET' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', '?page=1'],
      ['GET', '/summary'],
      ['POST', '', row],
      ['PUT', '/1', row],
      ['DELETE', '', { ids: [1] }],
      ['DELETE', '/all', { confirm: '升学中学' }],
      ['GET', '/template'],
      ['GET', '/export'],
    ];
    for (const who of [teacher, otherAdmin]) {
      for (const [method, path, payload] of routes) {
        const res = await who.call(method, `${base()}${path}`, payload);
        expect(body(res), `${method} ${path}`).toMatchObject({ code: 1, message: '无权限' });
      }
    }
  });

  it('adds, refuses a second row of the same year, class and name, edits, searches and deletes', async () => {
    const add = body<{ id: number }>(await admin.post(base(), row));
    expect(add.code).toBe(0);
    const dup = body(await admin.post(base(), { ...row, university: '清华大学' }));
    expect(dup).toMatchObject({ code: 1, errCode: 12042 });
    expect(dup.message).toContain('李明');
    // the same name in another class is another student
    const other = body<{ id: number }>(await admin.post(base(), { ...row, className: '高三(2)班' }));
    expect(other.code).toBe(0);
    const moved = body(
      await admin.call('PUT', `${base()}/${other.data.id}`, { ...row, className: '高三(1)班' }),
    );
    expect(moved).toMatchObject({ code: 1, errCode: 12042 });
    const edit = body(
      await admin.call('PUT', `${base()}/${add.data.id}`, { ...row, university: '清华大学' }),
    );
    expect(edit.code).toBe(0);
    const found = body<Page>(
      await admin.get(`${base()}?page=1&size=20&keyword=${encodeURIComponent('清华')}`),
    );
    expect(found.data.items.map((i) => i.id)).toEqual([add.data.id]);
    const bad = body(await admin.post(base(), { ...row, name: '王五', batch: '本科三批' }));
    expect(bad.code).not.toBe(0);
    const gone = body(await admin.call('PUT', `${base()}/999999`, { ...row, name: '赵六' }));
    expect(gone).toMatchObject({ code: 1, errCode: 12043 });
    const del = body<{ deleted: number }>(await admin.call('DELETE', base(), { ids: [other.data.id] }));
    expect(del.data.deleted).toBe(1);
    // kept, out of the list
    const [kept] = await t.database.db
      .select({ deletedAt: graduateAdmission.deletedAt })
      .from(graduateAdmission)
      .where(eq(graduateAdmission.id, other.data.id));
    expect(kept!.deletedAt).not.toBeNull();
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, schoolId)));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['admission.add', 'admission.update', 'admission.delete']),
    );
  });

  it('imports from Excel, checking every row first, updating a row already kept, and sums each year', async () => {
    const header = ['毕业年份', '姓名', '学号', '班级', '录取院校', '录取专业', '录取批次', '院校层次'];
    const wrong = await xlsx([
      header,
      [2025, '张一', '', '高三(1)班', '复旦大学', '', '本科批', '985'],
      ['二〇二五', '张二', '', '高三(1)班', '某大学', '', '本科批', ''],
      [2025, '张三', '', '高三(1)班', '某学院', '', '本科三批', 'X'],
      [2025, '张一', '', '高三(1)班', '复旦大学', '', '本科批', '985'],
    ]);
    const refused = await upload(wrong);
    expect(refused.code).toBe(1);
    const before = await t.database.db
      .select({ id: graduateAdmission.id })
      .from(graduateAdmission)
      .where(eq(graduateAdmission.name, '张一'));
    expect(before).toHaveLength(0);

    const good = await xlsx([
      header,
      [2025, '张一', '', '高三(1)班', '复旦大学', '', '本科批', '985'],
      [2025, '张二', '', '高三(1)班', '南京大学', '', '本科批', '211'],
      [2025, '张三', '', '高三(2)班', '南京大学', '', '强基计划', '211'],
      [2025, '张四', '', '高三(2)班', '某职业技术学院', '', '专科批', '专科院校'],
      [2024, '钱一', '', '高三(3)班', '南京大学', '', '本科一批', '211'],
      // 李明 of 高三(1)班 2025 is kept already (清华大学): the import updates that row
      [2025, '李明', '20220101', '高三(1)班', '北京大学', '数学', '本科批', '985'],
    ]);
    const done = await upload(good);
    expect(done).toMatchObject({ code: 0, data: { created: 5, updated: 1, skipped: 0 } });
    const again = await upload(good);
    expect(again.data).toMatchObject({ created: 0, updated: 6 });

    const sum = body<Array<Record<string, unknown>>>(await admin.get(`${base()}/summary`));
    // 2025 by hand: 李明 985 本科批, 张一 985 本科批, 张二 211 本科批, 张三 211 强基, 张四 专科 → 5 rows,
    // 本科 4, 专科 1, 985 2, 211 (含 985) 4; 南京大学 2 first, then 北京大学 / 复旦大学 by code point
    expect(sum.data[0]).toMatchObject({
      year: 2025,
      total: 5,
      undergraduate: 4,
      junior: 1,
      c985: 2,
      c211: 4,
      doubleFirst: 4,
    });
    expect((sum.data[0]!.topUniversities as Array<{ university: string }>)[0]).toEqual({
      university: '南京大学',
      count: 2,
    });
    expect(sum.data[1]).toMatchObject({ year: 2024, total: 1, undergraduate: 1 });

    const year = body<Page>(await admin.get(`${base()}?page=1&size=20&year=2024`));
    expect(year.data.items.map((i) => i.name)).toEqual(['钱一']);

    const exported = await admin.get(`${base()}/export`);
    const sheet = await readXlsx(exported.rawPayload);
    expect(sheet[0]).toEqual(header);
    expect(sheet).toHaveLength(7);
    const template = await readXlsx((await admin.get(`${base()}/template`)).rawPayload);
    expect(template[0]).toEqual(header);
  });

  it('deletes all only when the school name is typed', async () => {
    const wrong = body(await admin.call('DELETE', `${base()}/all`, { confirm: '别的学校' }));
    expect(wrong).toMatchObject({ code: 1, errCode: 12044 });
    const all = body<{ deleted: number }>(
      await admin.call('DELETE', `${base()}/all`, { confirm: '升学中学' }),
    );
    expect(all.data.deleted).toBe(6);
    const page = body<Page>(await admin.get(`${base()}?page=1`));
    expect(page.data.total).toBe(0);
  });
});
