import { describe, expect, it } from 'vitest';
import { exam, examRole } from '../../db/schema';
import { body } from '../../../test/app';
import { buildSchool, buildSchoolAdmin, buildTeacher, signInAs } from '../../../test/factories';
import { appFixture } from '../../../test/app-fixture';

const t = appFixture();

interface Page {
  total: number;
  items: Array<{ name: string; roles: number[] }>;
}

describe('POST /api/home/exams', () => {
  it('lists exams the user holds a role in and those of schools they administer, paged and searchable', async () => {
    const db = t.database.db;
    const s = await buildSchool(db);
    const other = await buildSchool(db);
    const teacher = await buildTeacher(db, s.id);
    const admin = await buildSchoolAdmin(db, s.id);
    const [midterm] = await db
      .insert(exam)
      .values({ name: '期中考试', schoolId: s.id, startDate: '2026-11-10' })
      .returning();
    await db.insert(exam).values({ name: '月考', schoolId: s.id, startDate: '2026-10-01' });
    await db.insert(exam).values({ name: '别校考试', schoolId: other.id });
    await db.insert(exam).values({ name: '已隐藏', schoolId: s.id, hidden: true });
    await db.insert(examRole).values([
      { examId: midterm!.id, userId: teacher.id, role: 4 },
      { examId: midterm!.id, userId: teacher.id, role: 6 },
    ]);

    const asTeacher = await signInAs(t, teacher);
    const mine = body<Page>(await asTeacher.post('/filter/api/home/exams', { page: 1, size: 10 })).data;
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({ name: '期中考试', roles: [4, 6] });

    const asAdmin = await signInAs(t, admin);
    const all = body<Page>(await asAdmin.post('/filter/api/home/exams', { page: 1, size: 1 })).data;
    expect(all.total).toBe(2);
    expect(all.items.map((e) => e.name)).toEqual(['期中考试']);
    const page2 = body<Page>(await asAdmin.post('/filter/api/home/exams', { page: 2, size: 1 })).data;
    expect(page2.items.map((e) => e.name)).toEqual(['月考']);
    const search = body<Page>(await asAdmin.post('/filter/api/home/exams', { keyword: '月' })).data;
    expect(search.items.map((e) => e.name)).toEqual(['月考']);
    expect(body(await asAdmin.post('/filter/api/home/exams', { size: 1000 })).code).toBe(1);
  });
});
