import { beforeAll, describe, expect, it } from 'vitest';
import { body, type Client } from '../../../test/app';
import { buildClassWithStudents, buildSchool } from '../../../test/factories';
import { appFixture } from '../../../test/app-fixture';
import { signInSchoolAdmin } from '../../../test/school-scene';

// Issue 28: eight identical creates at once (a double click, a retried request) all pass the service's "already
// there?" check before any writes; the unique index refuses the rest. They answer the refusal a second request one
// after the other gets, never a 500.

const t = appFixture();
let schoolId: number;
let classId: number;
let admin: Client;

beforeAll(async () => {
  const db = t.database.db;
  schoolId = (await buildSchool(db, { name: '并发中学' })).id;
  classId = (await buildClassWithStudents(db, schoolId, 0)).banji.id;
  admin = await signInSchoolAdmin(t, schoolId);
});

/** Eight identical posts at once: their answers. */
async function eightAtOnce(path: string, payload: object) {
  const url = `/filter/api/school/${schoolId}${path}`;
  return (await Promise.all(Array.from({ length: 8 }, () => admin.post(url, payload)))).map((r) => ({
    status: r.statusCode,
    ...body(r),
  }));
}

function oneCreatedRestRefused(answers: Awaited<ReturnType<typeof eightAtOnce>>, refusal: RegExp) {
  expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
  expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
  for (const a of answers.filter((x) => x.code !== 0))
    // by kind, as every failure: the web may branch on errCode (issue 30)
    expect(a).toMatchObject({
      code: 1,
      message: expect.stringMatching(refusal),
      errCode: expect.any(Number),
    });
}

describe('identical creates at once', () => {
  it('students/upload/one: one student, the rest 学号已存在', async () => {
    const answers = await eightAtOnce('/students/upload/one', { name: '双击', xuehao: '20289999', classId });
    oneCreatedRestRefused(answers, /^学号( 20289999)? 已?存在$|^学号已存在$/);
  });

  it('teachers/upload/one: one teacher, the rest 手机号已存在 (or already in the school)', async () => {
    const answers = await eightAtOnce('/teachers/upload/one', { name: '双击老师', phone: '13799990001' });
    oneCreatedRestRefused(answers, /^手机号已存在$|^手机号 13799990001 的老师已在本校$|^该老师已在本校$/);
  });

  it('admin: one administrator, the rest refused as the sequential path does', async () => {
    const answers = await eightAtOnce('/admin', { name: '双击管理员', phone: '13799990002' });
    oneCreatedRestRefused(answers, /^手机号已存在$|^双击管理员 已是本校管理员$|^该管理员已存在$/);
  });
});
