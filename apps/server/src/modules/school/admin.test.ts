import { describe, expect, it } from 'vitest';
import { body } from '../../../test/app';
import { buildSchool, buildSchoolAdmin, buildTeacher, buildUser, signInAs } from '../../../test/factories';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();

describe('school administrators', () => {
  it('adds, lists, removes and cancels administrators, always keeping one', async () => {
    const db = t.database.db;
    const s = await buildSchool(db);
    const me = await buildSchoolAdmin(db, s.id, { name: '我' });
    const admin = await signInAs(t, me);
    const teacher = await signInAs(t, await buildTeacher(db, s.id));
    const existing = await buildUser(db, { name: '已有账号' });

    expect(body(await admin.post(`/filter/api/school/${s.id}/admin`, { phone: '13600000009' })).message).toBe(
      '该手机号尚未注册，请填写管理员姓名',
    );
    const created = body<{ initialPassword: string }>(
      await admin.post(`/filter/api/school/${s.id}/admin`, { phone: '13600000009', name: '新管理员' }),
    );
    expect(created.data.initialPassword).toBeTruthy();
    const linked = body<{ userId: number; initialPassword: null }>(
      await admin.post(`/filter/api/school/${s.id}/admin`, { phone: existing.phone }),
    );
    expect(linked.data).toEqual({ userId: existing.id, initialPassword: null });
    expect(
      body(await admin.post(`/filter/api/school/${s.id}/admin`, { phone: existing.phone })).message,
    ).toBe('已有账号 已是本校管理员');

    const list = body<Array<{ name: string; phone: string }>>(
      await admin.post('/filter/api/school/getAdmins', { schoolId: s.id }),
    ).data;
    expect(list.map((a) => a.name)).toEqual(['我', '新管理员', '已有账号']);
    expect(list[1]!.phone).toBe('13600000009');
    expect(body(await teacher.post('/filter/api/school/getAdmins', { schoolId: s.id })).message).toBe(
      '无权限',
    );
    expect(
      body(await teacher.post(`/filter/api/school/${s.id}/admin`, { phone: '13600000008', name: 'x' }))
        .message,
    ).toBe('无权限');

    expect(
      body(await admin.call('DELETE', `/filter/api/school/${s.id}/admin`, { userId: me.id })).message,
    ).toBe('不能移除自己，如需卸任请使用“取消管理员”');
    expect(
      body(await admin.call('DELETE', `/filter/api/school/${s.id}/admin`, { userId: existing.id })).code,
    ).toBe(0);
    expect(
      body(await admin.call('DELETE', `/filter/api/school/${s.id}/admin/del`, { phone: '13600000009' })).code,
    ).toBe(0);
    expect(
      body(await admin.call('DELETE', `/filter/api/school/${s.id}/admin/del`, { phone: me.phone })).message,
    ).toBe('学校至少保留一名管理员');
  });
});
