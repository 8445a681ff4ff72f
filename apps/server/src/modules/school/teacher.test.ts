import { beforeAll, describe, expect, it } from 'vitest';
import { body, XHR } from '../../../test/app';
import { multipartFile, readXlsx, xlsx } from '../../../test/excel';
import {
  buildClassWithStudents,
  buildSchool,
  buildSchoolAdmin,
  buildTeacher,
  buildUser,
  PASSWORD,
} from '../../../test/factories';
import { buildSchoolScene, signInSchoolAdmin, type Client } from '../../../test/school-scene';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();
let schoolId: number;
let classId: number;
let admin: Client;
let colleague: Client;

beforeAll(async () => {
  const s = await buildSchoolScene(t, { name: '二中', teacher: '同事' });
  ({ admin, teacher: colleague } = s);
  schoolId = s.school.id;
  classId = s.banji.id;
});

type Page = {
  total: number;
  items: Array<{
    userId: number;
    name: string;
    phone: string;
    subjects: string[];
    classes: Array<{ name: string }>;
  }>;
};
const url = (p = '') => `/filter/api/school/${schoolId}/teachers${p}`;

describe('teachers of a school', () => {
  it('adds a teacher with an initial password that must be changed, with subjects and classes taught', async () => {
    const add = body<{ userId: number; initialPassword: string }>(
      await admin.post(url('/upload/one'), {
        name: '赵老师',
        phone: '13711112222',
        subjects: ['数学'],
        classIds: [classId],
      }),
    );
    expect(add.code).toBe(0);
    expect(add.data.initialPassword).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{10}$/);
    expect(body(await admin.post(url('/upload/one'), { name: '赵老师', phone: '13711112222' })).message).toBe(
      '手机号 13711112222 的老师已在本校',
    );
    expect(
      body<Array<{ field: string; message: string }>>(
        await admin.post(url('/upload/one'), { name: '错号', phone: '1234' }),
      ).data[0],
    ).toEqual({ field: 'phone', message: '手机号格式不正确' });
    const first = await t.app.inject({
      method: 'POST',
      url: '/filter/yue/user/login',
      headers: XHR,
      payload: { account: '13711112222', password: add.data.initialPassword },
    });
    expect(body(first).message).toBe('首次登录请修改密码');
    const found = body<Page>(await admin.post(url(), { keyword: '赵' })).data.items[0];
    expect(found).toMatchObject({
      name: '赵老师',
      phone: '13711112222',
      subjects: ['数学'],
      classes: [{ name: '高一(1)班' }],
    });
  });

  it('cuts a teacher name longer than 15 characters to 15 (spec §5 and §9)', async () => {
    const long = '欧阳' + '长'.repeat(18);
    const add = body<{ userId: number }>(
      await admin.post(url('/upload/one'), { name: long, phone: '13711119999', subjects: ['语文'] }),
    );
    expect(add.code).toBe(0);
    const one = body<{ name: string }>(await admin.get(url('/one?phone=13711119999')));
    expect(one.data.name).toBe(long.slice(0, 15));
    expect(one.data.name).toHaveLength(15);
  });

  it('shows colleagues the list with phones masked; only the admin changes it', async () => {
    const seen = body<Page>(await colleague.post(url(), { keyword: '赵' })).data.items[0];
    expect(seen?.phone).toBe('137****2222');
    expect(body(await colleague.post(url('/upload/one'), { name: '甲', phone: '13700000001' })).message).toBe(
      '无权限',
    );
    expect(body(await colleague.call('DELETE', url(), { ids: [1] })).message).toBe('无权限');
    expect(body(await colleague.get(url('/export'))).message).toBe('无权限');
  });

  it('looks a teacher up by phone and refuses an empty phone (spec §5)', async () => {
    expect(body(await admin.get(url('/one?phone='))).message).toBe('请输入手机号');
    expect(body(await admin.get(url('/one'))).message).toBe('请输入手机号');
    expect(body<{ name: string }>(await admin.get(url('/one?phone=13711112222'))).data.name).toBe('赵老师');
    expect(body(await admin.get(url('/one?phone=13000000000'))).message).toBe('本校没有该手机号的老师');
  });

  it('edits name, phone and subjects with oldInfo/newInfo; the old phone is told and the new one signs in', async () => {
    const t1 = body<Page>(await admin.post(url(), { keyword: '赵' })).data.items[0]!;
    const res = await admin.post(url('/update'), {
      oldInfo: { userId: t1.userId, phone: '13711112222' },
      newInfo: {
        name: '赵老师名字很长很长很长很长很长很长很长',
        phone: '13733334444',
        subjects: ['物理'],
        classIds: [],
      },
    });
    expect(body(res).code).toBe(0);
    const after = body<{ name: string; subjects: string[] }>(
      await admin.get(url('/one?phone=13733334444')),
    ).data;
    expect(after.name).toHaveLength(15);
    expect(after.subjects).toEqual(['物理']);
    expect(t.sms.at(-1)).toEqual({
      phone: '13711112222',
      text: expect.stringContaining('手机号已被学校管理员改为 137****4444') as string,
    });
    expect(
      body(
        await admin.post(url('/update'), {
          oldInfo: { userId: t1.userId, phone: '13711112222' },
          newInfo: { name: '赵', phone: '13711112222' },
        }),
      ).message,
    ).toBe('该老师信息已被他人修改，请刷新后重试');
  });

  it('imports teachers from Excel, checking every row first', async () => {
    const send = async (buf: Buffer) => {
      const m = multipartFile('老师.xlsx', buf);
      return body<Record<string, unknown>>(
        await t.app.inject({
          method: 'POST',
          url: url('/import'),
          headers: { ...XHR, cookie: admin.cookie, ...m.headers },
          payload: m.payload,
        }),
      );
    };
    const bad = await send(
      await xlsx([
        ['姓名', '手机号', '学科', '任教班级'],
        ['钱老师', '13755556666', '语文', '高一(1)班'],
        ['孙老师', '123', '', '不存在班'],
      ]),
    );
    expect(bad.data).toEqual([
      { row: 3, column: '手机号', message: '手机号格式不正确' },
      { row: 3, column: '任教班级', message: '班级“不存在班”不存在' },
    ]);
    expect(body<Page>(await admin.post(url(), { keyword: '钱' })).data.total).toBe(0);
    const good = await send(
      await xlsx([
        ['姓名', '手机号', '学科', '任教班级'],
        ['钱老师', '13755556666', '语文,历史', '高一(1)班'],
        ['同事', '13733334444', '', ''],
      ]),
    );
    expect(good).toMatchObject({ code: 0, data: { created: 1, linked: 1 } });
    const exported = await readXlsx((await admin.get(url('/export'))).rawPayload);
    expect(exported).toContainEqual(['钱老师', '13755556666', '语文,历史', '高一(1)班']);
  });

  it('removes teachers from the school without deleting their accounts', async () => {
    const page = body<Page>(await admin.post(url(), {})).data;
    const qian = page.items.find((x) => x.name === '钱老师')!;
    expect(body(await admin.call('DELETE', url(), { ids: [qian.userId] })).data).toEqual({ deleted: 1 });
    expect(body<Page>(await admin.post(url(), {})).data.total).toBe(page.total - 1);
    expect(body(await admin.call('DELETE', url('/all'), { confirm: '一中' })).message).toBe(
      '确认内容与学校名称不一致，未删除任何老师',
    );
  });
});

describe('a teacher shared with another school (issue 19)', () => {
  const get = (u: string) => t.app.inject({ method: 'GET', url: `/filter${u}` });
  /** 忘记密码 as the web does it: a code to the phone, verified, then a new password. */
  async function resetByPhone(phone: string, password: string) {
    const sent = body(await get(`/password/mobile/${phone}`));
    const sms = t.sms.at(-1);
    if (sent.code !== 0 || sms?.phone !== phone) return sent.message;
    const code = sms.text.match(/\d{6}/)![0];
    const token = body<{ resetToken: string }>(await get(`/verify/mobile?phone=${phone}&code=${code}`)).data
      .resetToken;
    return body(await get(`/password/reset?phone=${phone}&resetToken=${token}&password=${password}`)).message;
  }
  const login = async (account: string, password: string) =>
    body(
      await t.app.inject({
        method: 'POST',
        url: '/filter/yue/user/login',
        headers: XHR,
        payload: { account, password },
      }),
    ).code;

  it('cannot be taken over: add by phone, re-phone, reset and sign in as the victim', async () => {
    const db = t.database.db;
    const home = await buildSchool(db, { name: '受害者所在学校' });
    const victim = await buildTeacher(db, home.id, { name: '原老师' });
    const rival = await buildSchool(db, { name: '另一所学校' });
    const rivalClass = (await buildClassWithStudents(db, rival.id, 0)).banji.id;
    const rivalAdmin = await signInSchoolAdmin(t, rival.id);
    const rivalUrl = (p: string) => `/filter/api/school/${rival.id}/teachers${p}`;
    const attackerPhone = '13666660001';

    const added = body(
      await rivalAdmin.post(rivalUrl('/upload/one'), { name: '随便', phone: victim.phone! }),
    );
    expect(added.data).toEqual({ userId: victim.id, initialPassword: null });
    const takeover = body(
      await rivalAdmin.post(rivalUrl('/update'), {
        oldInfo: { userId: victim.id, phone: victim.phone },
        newInfo: { name: '攻击者', phone: attackerPhone, subjects: [], classIds: [] },
      }),
    );
    const newPassword = 'Takeover2026zq';
    await resetByPhone(attackerPhone, newPassword);
    // the whole chain at once: before the fix the rival signed in with the new phone as the victim
    expect({
      update: takeover.message,
      attackerSignsIn: await login(attackerPhone, newPassword),
      victimSignsIn: await login(victim.account, PASSWORD),
    }).toEqual({
      update: '该老师同时属于其他学校，只能由本人修改手机号和姓名',
      attackerSignsIn: 1,
      victimSignsIn: 0,
    });
    expect(await login(victim.account, newPassword)).not.toBe(0);

    // what is the rival school's own still changes: subjects and classes taught there
    const local = body(
      await rivalAdmin.post(rivalUrl('/update'), {
        oldInfo: { userId: victim.id, phone: victim.phone },
        newInfo: { name: '原老师', phone: victim.phone!, subjects: ['化学'], classIds: [rivalClass] },
      }),
    );
    expect(local.code).toBe(0);
    const seen = body<Page>(await rivalAdmin.post(rivalUrl(''), {})).data.items[0];
    expect(seen).toMatchObject({ name: '原老师', subjects: ['化学'], classes: [{ name: '高一(1)班' }] });
  });

  it('is held elsewhere when the account administers another school or is a system admin', async () => {
    const db = t.database.db;
    const rival = await buildSchool(db);
    const rivalAdmin = await signInSchoolAdmin(t, rival.id);
    const headOfOther = await buildSchoolAdmin(db, (await buildSchool(db)).id);
    const sysAdmin = await buildUser(db, { isAdmin: true });
    for (const u of [headOfOther, sysAdmin]) {
      await rivalAdmin.post(`/filter/api/school/${rival.id}/teachers/upload/one`, {
        name: u.name,
        phone: u.phone!,
      });
      const res = body(
        await rivalAdmin.post(`/filter/api/school/${rival.id}/teachers/update`, {
          oldInfo: { userId: u.id, phone: u.phone },
          newInfo: { name: '改名', phone: u.phone!, subjects: [], classIds: [] },
        }),
      );
      expect(res.message).toBe('该老师同时属于其他学校，只能由本人修改手机号和姓名');
    }
  });
});
