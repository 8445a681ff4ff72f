import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportError, SubjectAssignment } from '@yj/contracts';
import { body, XHR } from '../../../test/app';
import { multipartFile, readXlsx, xlsx } from '../../../test/excel';
import { assignScene, type Client } from './reviewer.fixture';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();
let s: Awaited<ReturnType<typeof assignScene>>;
beforeAll(async () => {
  s = await assignScene(t.app, t.database.db, '阅卷分配导入考试');
});

const HEADER = ['手机号', '题块名称', '角色', '任务量'];
const upload = async (rows: Array<Array<string | number>>, c: Client = s.admin) => {
  const m = multipartFile('阅卷分配.xlsx', await xlsx([HEADER, ...rows]));
  return body<ImportError[] | { blocks: number; markers: number; leaders: number; rolesAdded: number }>(
    await t.app.inject({
      method: 'POST',
      url: `/filter/api/subject/${s.subjectId}/setting/task/import`,
      headers: { ...XHR, cookie: c.cookie, ...m.headers },
      payload: m.payload,
    }),
  );
};

describe('setting/task Excel import and export', () => {
  it('lists every bad row and column in Chinese, writing nothing', async () => {
    const [a, b] = s.teachers;
    const r = await upload([
      [a!.phone!, '阅读', '阅卷老师', 20],
      ['', '阅读', '阅卷老师', ''],
      [b!.phone!, '不存在', '组长', 0],
      ['13000000000', '作文', '题组长', ''],
      [a!.phone!, '阅读', '阅卷老师', ''],
      [b!.phone!, '作文', '题组长', 5],
    ]);
    expect(r.message).toBe('导入文件有 7 处错误，请修改后重新导入');
    expect(r.data).toEqual(
      [
        { row: 3, column: '手机号', message: '手机号不能为空' },
        { row: 4, column: '题块名称', message: '题块“不存在”不存在，请先在题块设置中添加' },
        { row: 4, column: '角色', message: '角色只能填写“阅卷老师”或“题组长”' },
        { row: 4, column: '任务量', message: '任务量应为 1 到 1000000 之间的整数' },
        { row: 7, column: '任务量', message: '题组长不设任务量，请留空' },
        { row: 6, column: '手机号', message: '与第 2 行重复' },
        { row: 5, column: '手机号', message: '没有手机号为 13000000000 的账号' },
      ].sort((x, y) => x.row - y.row),
    );
    const list = body<SubjectAssignment>(
      await s.admin.get(`/filter/api/subject/${s.subjectId}/setting/task`),
    );
    expect(list.data.blocks.every((x) => !x.markers.length)).toBe(true);
  });

  it('imports a valid file and exports it back; teachers are refused', async () => {
    const [a, b, c] = s.teachers;
    const r = await upload([
      [a!.phone!, '阅读', '阅卷老师', 20],
      [b!.phone!, '阅读', '阅卷老师', ''],
      [c!.phone!, '阅读', '题组长', ''],
      [a!.phone!, '作文', '阅卷老师', ''],
    ]);
    expect(r.data).toEqual({ blocks: 2, markers: 3, leaders: 1, rolesAdded: 3 });
    const res = await s.admin.get(`/filter/api/subject/${s.subjectId}/setting/task/export`);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual([...HEADER, '姓名', '学校']);
    expect(rows.slice(1).map((x) => x.slice(0, 5))).toEqual([
      [a!.phone, '阅读', '阅卷老师', '20', '甲老师'],
      [b!.phone, '阅读', '阅卷老师', '', '乙老师'],
      [c!.phone, '阅读', '题组长', '', '丙老师'],
      [a!.phone, '作文', '阅卷老师', '', '甲老师'],
    ]);
    expect((await upload([], s.teacher)).message).toBe('无权限');
    expect(body(await s.teacher.get(`/filter/api/subject/${s.subjectId}/setting/task/export`)).message).toBe(
      '无权限',
    );
  });
});
