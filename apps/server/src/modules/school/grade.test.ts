import { describe, expect, it } from 'vitest';
import { body } from '../../../test/app';
import { buildSchoolScene, otherSchoolAdmin } from '../../../test/school-scene';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();

describe('grades and classes', () => {
  it('lets the school admin add, rename and delete classes; teachers read; other schools get nothing', async () => {
    const { school: s, grade, banji, admin, teacher } = await buildSchoolScene(t, { students: 2 });
    const stranger = await otherSchoolAdmin(t);

    expect(body(await admin.post(`/filter/api/school/${s.id}/grade`, { name: '高一' })).message).toBe(
      '年级“高一”已存在',
    );
    const g2 = body<{ id: number }>(
      await admin.post(`/filter/api/school/${s.id}/grade`, { name: '高二', entryYear: 2025 }),
    );
    expect(g2.code).toBe(0);
    const c2 = body<{ id: number }>(
      await admin.post(`/filter/api/school/${s.id}/banji`, { gradeId: g2.data.id, name: '高二(1)班' }),
    );
    expect(c2.code).toBe(0);
    expect(
      body(await admin.post(`/filter/api/school/${s.id}/banji`, { gradeId: g2.data.id, name: '高二(1)班' }))
        .message,
    ).toBe('班级“高二(1)班”已存在');

    const grades = body<Array<{ name: string; classes: number; students: number }>>(
      await teacher.get(`/filter/api/school/${s.id}/default/grade`),
    ).data;
    expect(grades).toEqual([
      expect.objectContaining({ name: '高一', classes: 1, students: 2 }),
      expect.objectContaining({ name: '高二', classes: 1, students: 0 }),
    ]);
    const classes = body<Array<{ name: string }>>(
      await teacher.post(`/filter/api/school/${s.id}/banjis`, { gradeId: grade.id }),
    ).data;
    expect(classes.map((c) => c.name)).toEqual(['高一(1)班']);
    expect(body(await stranger.get(`/filter/api/school/${s.id}/default/grade`)).message).toBe('无权限');
    expect(body(await teacher.post(`/filter/api/school/${s.id}/grade`, { name: '高三' })).message).toBe(
      '无权限',
    );

    expect(body(await admin.call('DELETE', `/filter/api/school/${s.id}/banji/${banji.id}`)).message).toBe(
      '班级“高一(1)班”还有 2 名学生，请先调出或删除学生',
    );
    expect(
      body(await admin.post(`/filter/api/school/${s.id}/banji/${c2.data.id}/rename`, { name: '高二(2)班' }))
        .code,
    ).toBe(0);
    expect(body(await admin.call('DELETE', `/filter/api/school/${s.id}/banji/${c2.data.id}`)).code).toBe(0);
    expect(body<string[]>(await teacher.get('/filter/api/school/course')).data).toContain('数学');
  });
});
