import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, student } from '../../db/schema';
import { body, XHR } from '../../../test/app';
import { multipartFile, readXlsx, xlsx } from '../../../test/excel';
import { buildSchoolScene, otherSchoolAdmin, type Client } from '../../../test/school-scene';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();
let schoolId: number;
let classId: number;
let admin: Client;
let teacher: Client;
let otherAdmin: Client;

beforeAll(async () => {
  const s = await buildSchoolScene(t, { name: '实验中学', students: 3 });
  ({ admin, teacher } = s);
  schoolId = s.school.id;
  classId = s.banji.id;
  otherAdmin = await otherSchoolAdmin(t);
});

type Page = {
  total: number;
  items: Array<{ id: number; name: string; xuehao: string; className: string; gradeName: string }>;
};
const list = (c = admin, q: object = {}) =>
  c.post(`/filter/api/school/${schoolId}/students`, { page: 1, size: 50, ...q });
const upload = async (buf: Buffer, onlyValid = false) => {
  const m = multipartFile('学生.xlsx', buf);
  return body<Record<string, unknown>>(
    await t.app.inject({
      method: 'POST',
      url: `/filter/api/school/${schoolId}/students/import?onlyValid=${onlyValid}`,
      headers: { ...XHR, cookie: admin.cookie, ...m.headers },
      payload: m.payload,
    }),
  );
};

describe('students of a school', () => {
  it('refuses teachers and other schools on every student route', async () => {
    const routes: Array<['POST' | 'GET' | 'DELETE', string, object?]> = [
      ['POST', '', { page: 1 }],
      ['POST', '/upload/one', { name: '甲', xuehao: '1', classId }],
      [
        'POST',
        '/update',
        {
          oldInfo: { id: 1, name: '', xuehao: '', classId: 1 },
          newInfo: { name: '甲', xuehao: '1', classId },
        },
      ],
      ['DELETE', '', { ids: [1] }],
      ['DELETE', '/all', { confirm: '实验中学' }],
      ['GET', '/template'],
      ['GET', '/export'],
    ];
    for (const who of [teacher, otherAdmin]) {
      for (const [method, path, payload] of routes) {
        const res = await who.call(method, `/filter/api/school/${schoolId}/students${path}`, payload);
        expect(body(res), `${method} ${path}`).toMatchObject({ code: 1, message: '无权限' });
      }
    }
    const m = multipartFile('a.xlsx', Buffer.from('x'));
    const imp = await t.app.inject({
      method: 'POST',
      url: `/filter/api/school/${schoolId}/students/import`,
      headers: { ...XHR, cookie: teacher.cookie, ...m.headers },
      payload: m.payload,
    });
    expect(body(imp).message).toBe('无权限');
  });

  it('adds, searches, edits with oldInfo/newInfo, and refuses duplicates and stale edits', async () => {
    const add = body<{ id: number }>(
      await admin.post(`/filter/api/school/${schoolId}/students/upload/one`, {
        name: '欧阳明',
        xuehao: '20260999',
        classId,
        gender: 1,
      }),
    );
    expect(add.code).toBe(0);
    expect(
      body(
        await admin.post(`/filter/api/school/${schoolId}/students/upload/one`, {
          name: '重复',
          xuehao: '20260999',
          classId,
        }),
      ).message,
    ).toBe('学号 20260999 已存在');
    expect(
      body(
        await admin.post(`/filter/api/school/${schoolId}/students/upload/one`, {
          name: '无班',
          xuehao: '20260998',
          classId: 999999,
        }),
      ).message,
    ).toBe('班级不存在或已删除');
    const bad = body<Array<{ field: string }>>(
      await admin.post(`/filter/api/school/${schoolId}/students/upload/one`, {
        name: '',
        xuehao: '有空 格',
        classId,
      }),
    );
    expect(bad.data.map((e) => e.field).sort()).toEqual(['name', 'xuehao']);

    const found = body<Page>(await list(admin, { keyword: '欧阳' })).data;
    expect(found.total).toBe(1);
    const oldInfo = { id: add.data.id, name: '欧阳明', xuehao: '20260999', classId };
    const newInfo = { name: '欧阳明明', xuehao: '20260999', classId, gender: 1 };
    expect(
      body(await admin.post(`/filter/api/school/${schoolId}/students/update`, { oldInfo, newInfo })).code,
    ).toBe(0);
    expect(
      body(await admin.post(`/filter/api/school/${schoolId}/students/update`, { oldInfo, newInfo })).message,
    ).toBe('该学生信息已被他人修改，请刷新后重试');
    const log = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'student.update'));
    expect(log[0]?.detail).toMatchObject({ before: { name: '欧阳明' }, after: { name: '欧阳明明' } });
  });

  it('imports a valid sheet, updating existing xuehao and creating missing classes', async () => {
    const file = await xlsx([
      ['姓名', '学号', '年级', '班级', '性别'],
      ['张三', 'S1', '高一', '高一(1)班', '男'],
      ['李四', 'N100', '高一', '高一(9)班', '女'],
      ['王五', 'N101', '高一', '高一(9)班', ''],
    ]);
    const res = await upload(file);
    expect(res).toMatchObject({ code: 0, data: { created: 2, updated: 1, skipped: 0, classesCreated: 1 } });
    const nine = body<Page>(await list(admin, { keyword: '高一(9)班' })).data;
    expect(nine.items.map((s) => s.name).sort()).toEqual(['李四', '王五']);
    const s1 = await t.database.db.select().from(student).where(eq(student.xuehao, 'S1'));
    expect(s1[0]?.name).toBe('张三');
  });

  it('lists every bad row and column and writes nothing, unless told to import only the valid rows', async () => {
    const before = body<Page>(await list()).data.total;
    const file = await xlsx(
      [
        ['姓名', '学号', '年级', '班级', '性别'],
        ['好学生', 'V1', '高一', '高一(1)班', '男'],
        ['', 'V2', '高一', '高一(1)班', '女'],
        ['重号', 'V1', '高一', '高一(1)班', ''],
        ['无班', 'V3', '高一', '', ''],
        ['错年级', 'V4', '初三', '初三(1)班', ''],
        ['怪性别', 'V5', '高一', '高一(1)班', '未填'],
        ['公式', 'V6', '高一', '高一(1)班', ''],
      ],
      (ws) => {
        ws.getCell('A8').value = { formula: 'CONCAT("公","式")', result: '公式' };
      },
    );
    const res = await upload(file);
    expect(res.code).toBe(1);
    expect(res.message).toMatch(/^导入文件有 6 处错误/);
    expect(res.data).toEqual([
      { row: 3, column: '姓名', message: '姓名不能为空' },
      { row: 4, column: '学号', message: '学号 V1 与第 2 行重复' },
      { row: 5, column: '班级', message: '班级不能为空' },
      { row: 6, column: '年级', message: '年级“初三”不存在，请先在“年级”中添加' },
      { row: 7, column: '性别', message: '性别只能填写“男”或“女”' },
      { row: 8, column: '姓名', message: '含有公式，请复制后“粘贴为数值”再导入' },
    ]);
    expect(body<Page>(await list()).data.total).toBe(before);
    const partial = await upload(file, true);
    expect(partial).toMatchObject({ code: 0, data: { created: 1, skipped: 6 } });
    expect(body<Page>(await list()).data.total).toBe(before + 1);
  });

  it('refuses merged cells, a missing column, a file that is not xlsx, and one over 10 MB', async () => {
    const merged = await xlsx(
      [
        ['姓名', '学号', '年级', '班级'],
        ['甲', 'M1', '高一', '高一(1)班'],
      ],
      (ws) => ws.mergeCells('A2:B2'),
    );
    expect((await upload(merged)).message).toMatch(/含有合并单元格（A2:B2）/);
    expect(
      (
        await upload(
          await xlsx([
            ['姓名', '学号'],
            ['甲', '1'],
          ]),
        )
      ).message,
    ).toBe('表头缺少列：年级、班级。请使用下载的模板');
    expect((await upload(Buffer.from('name,xuehao\n甲,1'))).message).toBe(
      '文件不是有效的 Excel（.xlsx）文件，请使用下载的模板填写后上传',
    );
    expect((await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 7))).message).toBe('文件不能超过 10 MB');
  });

  it('downloads a template and exports the students to Excel', async () => {
    const tpl = await admin.get(`/filter/api/school/${schoolId}/students/template`);
    expect(tpl.headers['content-disposition']).toContain(encodeURIComponent('学生导入模板.xlsx'));
    expect((await readXlsx(tpl.rawPayload))[0]).toEqual(['姓名', '学号', '年级', '班级', '性别']);
    const exp = await readXlsx(
      (await admin.get(`/filter/api/school/${schoolId}/students/export`)).rawPayload,
    );
    expect(exp.length - 1).toBe(body<Page>(await list()).data.total);
    expect(exp.some((r) => r[0] === '李四' && r[3] === '高一(9)班' && r[4] === '女')).toBe(true);
  });

  it('keeps an operation record of the school, for the school admin only', async () => {
    const rec = body<{ total: number; items: Array<{ action: string; userName: string }> }>(
      await admin.post(`/filter/api/school/${schoolId}/records`, { page: 1, size: 50 }),
    ).data;
    expect(rec.items.map((r) => r.action)).toEqual(
      expect.arrayContaining(['student.add', 'student.update', 'student.import']),
    );
    expect(rec.items[0]?.userName).toBe('学校管理员');
    expect(body(await teacher.post(`/filter/api/school/${schoolId}/records`, {})).message).toBe('无权限');
  });

  it('deletes selected students softly, and all only with the school name typed', async () => {
    const page = body<Page>(await list()).data;
    const first = page.items[0]!;
    expect(
      body(await admin.call('DELETE', `/filter/api/school/${schoolId}/students`, { ids: [first.id] })).data,
    ).toEqual({ deleted: 1 });
    const [row] = await t.database.db.select().from(student).where(eq(student.id, first.id));
    expect(row?.deletedAt).not.toBeNull();
    expect(
      body(await admin.call('DELETE', `/filter/api/school/${schoolId}/students/all`, { confirm: '别的名字' }))
        .message,
    ).toBe('确认内容与学校名称不一致，未删除任何学生');
    const all = body<{ deleted: number }>(
      await admin.call('DELETE', `/filter/api/school/${schoolId}/students/all`, { confirm: '实验中学' }),
    );
    expect(all.data.deleted).toBe(page.total - 1);
    expect(body<Page>(await list()).data.total).toBe(0);
  });
});
