import { describe, expect, it } from 'vitest';
import { org, school } from '../../db/schema';
import { body, signIn } from '../../../test/app';
import { buildSchool, buildSchoolAdmin, buildTeacher, PASSWORD, signInAs } from '../../../test/factories';
import { otherSchoolAdmin } from '../../../test/school-scene';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();

describe('GET /api/org/organizeAll', () => {
  it('returns bureaus as a tree with their schools, for administrators only', async () => {
    const db = t.database.db;
    const [city] = await db.insert(org).values({ name: '市教育局', level: 2 }).returning();
    const [county] = await db
      .insert(org)
      .values({ name: '县教育局', level: 3, parentId: city!.id, countyId: 7 })
      .returning();
    const [s1] = await db.insert(school).values({ name: '县一中', orgId: county!.id }).returning();
    await db.insert(school).values({ name: '县二中', orgId: county!.id });
    const admin = await signInAs(t, await buildSchoolAdmin(db, s1!.id));
    const tree = body<
      Array<{
        name: string;
        children: Array<{ name: string; countyId: number; schools: Array<{ name: string }> }>;
      }>
    >(await admin.get('/filter/api/org/organizeAll')).data;
    const cityNode = tree.find((n) => n.name === '市教育局')!;
    expect(cityNode.children[0]).toMatchObject({
      name: '县教育局',
      countyId: 7,
      schools: [{ name: '县一中' }, { name: '县二中' }],
    });
    const teacher = await signIn(
      t.app,
      (await buildTeacher(db, (await buildSchool(db)).id)).account,
      PASSWORD,
    );
    expect(body(await teacher.get('/filter/api/org/organizeAll')).message).toBe('无权限');
  });
});

describe('system administration of bureaus and schools', () => {
  it('lets only the system admin create a bureau and a school with its first administrator', async () => {
    const db = t.database.db;
    const { buildUser } = await import('../../../test/factories');
    const sys = await signInAs(t, await buildUser(db, { isAdmin: true }));
    const schoolAdminClient = await otherSchoolAdmin(t);
    expect(
      body(await schoolAdminClient.post('/filter/api/admin/org', { name: '新区教育局', level: 3 })).message,
    ).toBe('无权限');
    const o = body<{ id: number }>(await sys.post('/filter/api/admin/org', { name: '新区教育局', level: 3 }));
    expect(o.code).toBe(0);
    const s = body<{ id: number; initialPassword: string }>(
      await sys.post('/filter/api/admin/school', {
        name: '新区实验学校',
        orgId: o.data.id,
        adminPhone: '13512345678',
        adminName: '钱校长',
      }),
    );
    expect(s.code).toBe(0);
    expect(s.data.initialPassword).toBeTruthy();
    expect(
      body(
        await sys.post('/filter/api/admin/school', {
          name: '新区实验学校',
          orgId: o.data.id,
          adminPhone: '13512345679',
          adminName: '孙',
        }),
      ).message,
    ).toBe('学校“新区实验学校”已存在');
    const admins = body<Array<{ name: string }>>(
      await sys.post('/filter/api/school/getAdmins', { schoolId: s.data.id }),
    ).data;
    expect(admins.map((a) => a.name)).toEqual(['钱校长']);
  });
});
