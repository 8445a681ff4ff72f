import { describe, expect, it } from 'vitest';
import { body } from '../../../test/app';
import { buildTeacher, buildUser, signInAs } from '../../../test/factories';
import { buildSchoolScene, otherSchoolAdmin } from '../../../test/school-scene';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();

describe('POST /api/school/getStatistics', () => {
  it('gives a school admin the counts of their school, and nobody else', async () => {
    // the scene's admin, a class of 12 and two teachers, one of them signed in
    const { db, school: a, admin: own, teacher: asTeacher } = await buildSchoolScene(t, { students: 12 });
    await buildTeacher(db, a.id);
    expect(body(await own.post('/filter/api/school/getStatistics', { schoolId: a.id })).data).toEqual({
      grades: 1,
      classes: 1,
      students: 12,
      teachers: 2,
      admins: 1,
    });
    const other = await otherSchoolAdmin(t);
    expect(body(await other.post('/filter/api/school/getStatistics', { schoolId: a.id }))).toMatchObject({
      code: 1,
      message: '无权限',
    });
    expect(body(await asTeacher.post('/filter/api/school/getStatistics', { schoolId: a.id })).message).toBe(
      '无权限',
    );
    const asSys = await signInAs(t, await buildUser(db, { isAdmin: true }));
    expect(body(await asSys.post('/filter/api/school/getStatistics', { schoolId: a.id })).data).toMatchObject(
      { students: 12 },
    );
    expect(body(await own.post('/filter/api/school/getStatistics', { schoolId: 'x' })).code).toBe(1);
  });
});
