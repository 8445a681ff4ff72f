import { describe, expect, it } from 'vitest';
import { body } from '../../../test/app';
import {
  buildClassWithStudents,
  buildSchool,
  buildSchoolAdmin,
  buildTeacher,
  buildUser,
  signInAs,
} from '../../../test/factories';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();

describe('POST /api/school/getStatistics', () => {
  it('gives a school admin the counts of their school, and nobody else', async () => {
    const db = t.database.db;
    const a = await buildSchool(db);
    const b = await buildSchool(db);
    await buildClassWithStudents(db, a.id, 12);
    await buildTeacher(db, a.id);
    const teacher = await buildTeacher(db, a.id);
    const adminA = await buildSchoolAdmin(db, a.id);
    const adminB = await buildSchoolAdmin(db, b.id);
    const sys = await buildUser(db, { isAdmin: true });

    const own = await signInAs(t, adminA);
    expect(body(await own.post('/filter/api/school/getStatistics', { schoolId: a.id })).data).toEqual({
      grades: 1,
      classes: 1,
      students: 12,
      teachers: 2,
      admins: 1,
    });
    const other = await signInAs(t, adminB);
    expect(body(await other.post('/filter/api/school/getStatistics', { schoolId: a.id }))).toMatchObject({
      code: 1,
      message: '无权限',
    });
    const asTeacher = await signInAs(t, teacher);
    expect(body(await asTeacher.post('/filter/api/school/getStatistics', { schoolId: a.id })).message).toBe(
      '无权限',
    );
    const asSys = await signInAs(t, sys);
    expect(body(await asSys.post('/filter/api/school/getStatistics', { schoolId: a.id })).data).toMatchObject(
      { students: 12 },
    );
    expect(body(await own.post('/filter/api/school/getStatistics', { schoolId: 'x' })).code).toBe(1);
  });
});
